import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronUp, Paperclip, Send } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/input";
import { fieldErrorsFrom, messageFrom } from "~/lib/http-error";
import { uploadPercent } from "~/lib/upload";
import { formatBytes } from "../../../../shared/bytes.ts";
import {
  type ResponseKey,
  type Review,
  type TransmittalSheet,
  transmittalLimits,
} from "../../../../shared/transmittals.ts";
import { reviewKeys, uploadMarkup, useSubmitReview } from "../api/review.ts";
import { SheetPreview } from "./sheet-preview.tsx";

interface Draft {
  response?: ResponseKey;
  comment: string;
}

/** Drafts survive a reload (40 sheets are not answered twice): kept in this browser, per link. */
function useDrafts(token: string) {
  const storageKey = `review-draft:${token}`;
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() => {
    try {
      return JSON.parse(localStorage.getItem(storageKey) ?? "{}") as Record<string, Draft>;
    } catch {
      return {};
    }
  });
  useEffect(() => {
    try {
      localStorage.setItem(storageKey, JSON.stringify(drafts));
    } catch {
      // Storage full or refused: the drafts live in the page only.
    }
  }, [drafts, storageKey]);
  const forget = () => {
    try {
      localStorage.removeItem(storageKey);
    } catch {
      // Nothing to forget.
    }
  };
  return { drafts, setDrafts, forget };
}

/** The client's answer to every sheet: a response, a comment and marked-up files each, then one submission. */
export function ReviewForm({ token, linkKey, review }: { token: string; linkKey: string | null; review: Review }) {
  const { drafts, setDrafts, forget } = useDrafts(token);
  const [problem, setProblem] = useState<string | null>(null);
  // Files still going up: the review waits for them, or they would arrive after it and be refused.
  const [uploads, setUploads] = useState(0);
  const submit = useSubmitReview(token, linkKey);
  const answered = review.sheets.filter((sheet) => drafts[sheet.number]?.response).length;
  const all = review.sheets.length;

  const update = (number: string, change: Partial<Draft>) =>
    setDrafts((current) => ({ ...current, [number]: { comment: "", ...current[number], ...change } }));
  const setAll = (response: ResponseKey) => {
    for (const sheet of review.sheets) if (!drafts[sheet.number]?.response) update(sheet.number, { response });
  };

  const send = async () => {
    setProblem(null);
    const missing = review.sheets.filter((sheet) => !drafts[sheet.number]?.response);
    if (missing.length > 0) {
      setProblem(`Choose a response for ${missing.map((sheet) => sheet.number).join(", ")}.`);
      document.getElementById(`sheet-${missing[0]?.number}`)?.focus();
      return;
    }
    try {
      await submit.mutateAsync({
        responses: review.sheets.map((sheet) => ({
          number: sheet.number,
          response: drafts[sheet.number]!.response!,
          comment: drafts[sheet.number]?.comment ?? "",
        })),
      });
      forget();
    } catch (error) {
      const fields = fieldErrorsFrom(error);
      setProblem(fields.responses ?? messageFrom(error, "Your review could not be sent. Try again."));
    }
  };

  return (
    <section aria-labelledby="sheets-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="sheets-heading" className="text-xl font-bold text-steel-950">
            {all} sheet{all === 1 ? "" : "s"} to review
          </h2>
          <p className="text-sm text-steel-600" aria-live="polite">
            {answered} of {all} answered
          </p>
        </div>
        {all > 1 && (
          <Button variant="secondary" size="sm" onClick={() => setAll("approved")}>
            Approve the rest
          </Button>
        )}
      </div>
      <ol className="space-y-4">
        {review.sheets.map((sheet) => (
          <SheetCard
            key={sheet.number}
            token={token}
            linkKey={linkKey}
            sheet={sheet}
            labels={review.responses}
            draft={drafts[sheet.number] ?? { comment: "" }}
            onChange={(change) => update(sheet.number, change)}
            onUploading={(delta) => setUploads((count) => count + delta)}
          />
        ))}
      </ol>
      <div className="sticky bottom-0 -mx-4 border-t border-steel-200 bg-white/95 px-4 py-4 backdrop-blur sm:static sm:mx-0 sm:rounded-xl sm:border sm:px-6">
        {problem && (
          <p role="alert" className="mb-3 text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-steel-600">Your answers are sent together, once. Check them before you send.</p>
          <Button onClick={() => void send()} disabled={submit.isPending || uploads > 0}>
            <Send aria-hidden="true" size={16} />{" "}
            {submit.isPending ? "Sending…" : uploads > 0 ? "Waiting for your files…" : "Send review"}
          </Button>
        </div>
      </div>
    </section>
  );
}

function SheetCard({
  token,
  linkKey,
  sheet,
  labels,
  draft,
  onChange,
  onUploading,
}: {
  token: string;
  linkKey: string | null;
  sheet: TransmittalSheet;
  labels: Review["responses"];
  draft: Draft;
  onChange: (change: Partial<Draft>) => void;
  onUploading: (delta: 1 | -1) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState<{ name: string; percent: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const attach = async (files: File[]) => {
    setUploadError(null);
    onUploading(1);
    try {
      for (const file of files) {
        setUploading({ name: file.name, percent: 0 });
        await uploadMarkup(token, linkKey, sheet.number, file, (sent, total) =>
          setUploading({ name: file.name, percent: uploadPercent(sent, total) }),
        );
      }
    } catch (error) {
      setUploadError(messageFrom(error, "The file could not be attached."));
    } finally {
      onUploading(-1);
      setUploading(null);
      // The sheet's files as the server has them (an upload resumed from an earlier visit included).
      await queryClient.invalidateQueries({ queryKey: reviewKeys.one(token) });
    }
  };
  const markups = sheet.markups;
  return (
    <li className="rounded-xl border border-steel-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`sheet-${sheet.number}`} tabIndex={-1} className="text-lg font-bold text-steel-950">
            {sheet.number} <span className="font-normal text-steel-600">rev {sheet.revision}</span>
          </h3>
          <p className="text-steel-700">{sheet.title}</p>
        </div>
        <Button variant="secondary" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? <ChevronUp aria-hidden="true" size={16} /> : <ChevronDown aria-hidden="true" size={16} />}
          {open ? "Hide drawing" : "View drawing"}
        </Button>
      </div>
      {open && (
        <div className="mt-4">
          <SheetPreview token={token} linkKey={linkKey} number={sheet.number} />
        </div>
      )}
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-steel-800">Response for {sheet.number}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {labels.map((choice) => (
            <label
              key={choice.key}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-steel-200 px-3 py-2 text-sm text-steel-900 has-checked:border-steel-800 has-checked:bg-steel-50"
            >
              <input
                type="radio"
                name={`${id}-response`}
                value={choice.key}
                checked={draft.response === choice.key}
                onChange={() => onChange({ response: choice.key })}
                className="h-4 w-4 accent-steel-800"
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4">
        <label htmlFor={`${id}-comment`} className="block text-sm font-semibold text-steel-800">
          Comment <span className="font-normal text-steel-500">(optional)</span>
        </label>
        <textarea
          id={`${id}-comment`}
          className={`${controlClass} mt-1.5 min-h-20`}
          maxLength={transmittalLimits.commentMax}
          value={draft.comment}
          onChange={(event) => onChange({ comment: event.target.value })}
        />
      </div>
      <div className="mt-4 space-y-2">
        <label
          className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-dashed border-steel-300 px-3 py-2 text-sm font-semibold text-steel-800 hover:bg-steel-50 ${uploading ? "opacity-60" : ""}`}
        >
          <Paperclip aria-hidden="true" size={16} />
          {uploading ? `Attaching ${uploading.name}… ${uploading.percent}%` : "Attach marked-up files"}
          <input
            type="file"
            multiple
            className="sr-only"
            disabled={uploading !== null}
            aria-label={`Attach marked-up files to ${sheet.number}`}
            onChange={(event) => {
              void attach(Array.from(event.target.files ?? []));
              event.target.value = "";
            }}
          />
        </label>
        {uploadError && (
          <p role="alert" className="text-sm text-red-700">
            {uploadError}
          </p>
        )}
        {markups.length > 0 && (
          <ul className="text-sm text-steel-700">
            {markups.map((markup) => (
              <li key={markup.id}>
                {markup.fileName} <span className="text-steel-500">({formatBytes(markup.size)})</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
