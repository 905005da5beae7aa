import { CheckCircle2, CircleAlert, Files, Loader2, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { messageFrom } from "~/lib/http-error";
import { type Drawing, drawingLimits, expectedRevision, revisionSchema } from "../../../../shared/drawings.ts";
import { useAddRevision } from "../api/drawings.ts";
import { sheetFromFileName } from "../lib/sheet-from-file-name.ts";

type UploadState = "ready" | "uploading" | "done" | "refused";

interface PickedFile {
  id: number;
  file: File;
  /** The register's sheet; "" when the name matched none (and the person has chosen none). */
  number: string;
  revision: string;
  state: UploadState;
  message?: string;
  /** 0–100 while it goes up. */
  percent?: number;
}

const expectedFor = (sheet: Drawing | undefined) =>
  expectedRevision(sheet?.revision ? { revision: sheet.revision, status: sheet.status } : null);

/**
 * Many PDFs at once: each file's sheet is found from its name (E-101_RevB.pdf) in the register,
 * shown for the person to correct, then uploaded one after another as revisions, each with its
 * own result (the server's reason when a revision cannot come next).
 */
export function BulkUpload({ job, sheets }: { job: string; sheets: Drawing[] }) {
  const add = useAddRevision(job);
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [running, setRunning] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const captionId = useId();
  const byNumber = new Map(sheets.map((sheet) => [sheet.number, sheet]));

  const onPick = (files: FileList | null) => {
    const numbers = sheets.map((sheet) => sheet.number);
    setPicked(
      [...(files ?? [])].map((file, index) => {
        const match = sheetFromFileName(file.name, numbers);
        const number = match?.number ?? "";
        const revision = match?.revision ?? (match ? expectedFor(byNumber.get(number)) : "");
        return { id: index, file, number, revision, state: "ready" };
      }),
    );
  };
  // The register read again (an import just done, a colleague's sheet): files that matched no
  // sheet are matched again, so nobody has to pick them a second time.
  useEffect(() => {
    const numbers = sheets.map((sheet) => sheet.number);
    setPicked((all) => {
      let changed = false;
      const next = all.map((one) => {
        if (one.number || one.state !== "ready") return one;
        const match = sheetFromFileName(one.file.name, numbers);
        if (!match) return one;
        changed = true;
        const sheet = sheets.find((candidate) => candidate.number === match.number);
        return { ...one, number: match.number, revision: match.revision ?? expectedFor(sheet) };
      });
      // The same list when nothing matched anew: no render, whatever the register's identity.
      return changed ? next : all;
    });
  }, [sheets]);
  const change = (id: number, patch: Partial<PickedFile>) =>
    setPicked((all) => all.map((one) => (one.id === id ? { ...one, ...patch } : one)));

  const sendable = picked.filter(
    (one) => one.number && revisionSchema.safeParse(one.revision).success && one.state !== "done",
  );
  const unmatched = picked.filter((one) => !one.number).length;

  const onUpload = async () => {
    setRunning(true);
    for (const one of sendable) {
      change(one.id, { state: "uploading", message: undefined, percent: 0 });
      try {
        await add.mutateAsync({
          number: one.number,
          revision: one.revision.trim(),
          title: "",
          file: one.file,
          onProgress: (percent) => change(one.id, { percent }),
        });
        change(one.id, { state: "done", message: "Uploaded" });
      } catch (error) {
        change(one.id, { state: "refused", message: messageFrom(error, "The upload failed.") });
      }
    }
    setRunning(false);
  };

  return (
    <section
      aria-labelledby={`${captionId}-heading`}
      className="space-y-3 rounded-lg border border-steel-200 p-3 sm:p-4"
    >
      <h3 id={`${captionId}-heading`} className="text-sm font-bold text-steel-950">
        Upload many PDFs
      </h3>
      <Field
        label="Sheet PDFs"
        hint={`Each file's name gives its sheet and revision, as in E-101_RevB.pdf; at most ${drawingLimits.maxMB} MB each.`}
      >
        {(control) => (
          <Input
            {...control}
            ref={inputRef}
            type="file"
            multiple
            accept="application/pdf,.pdf"
            disabled={running}
            onChange={(event) => onPick(event.target.files)}
          />
        )}
      </Field>
      {picked.length > 0 && (
        <>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[30rem] text-left text-sm" aria-describedby={captionId}>
              <caption id={captionId} className="sr-only">
                Files to upload and the sheets they are matched to
              </caption>
              <thead className="text-xs text-steel-600">
                <tr>
                  <th scope="col" className="py-1 pr-2 font-semibold">
                    File
                  </th>
                  <th scope="col" className="py-1 pr-2 font-semibold">
                    Sheet
                  </th>
                  <th scope="col" className="py-1 pr-2 font-semibold">
                    Revision
                  </th>
                  <th scope="col" className="py-1 font-semibold">
                    Result
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-steel-100">
                {picked.map((one) => (
                  <PickedRow
                    key={one.id}
                    one={one}
                    sheets={sheets}
                    disabled={running || one.state === "done"}
                    onSheet={(number) => change(one.id, { number, revision: expectedFor(byNumber.get(number)) })}
                    onRevision={(revision) => change(one.id, { revision })}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {unmatched > 0 && (
            <p className="text-sm font-medium text-amber-800">
              {unmatched === 1 ? "1 file matches" : `${unmatched} files match`} no sheet of the register: choose its
              sheet, or it is left out.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="accent"
              loading={running}
              disabled={sendable.length === 0}
              onClick={() => void onUpload()}
            >
              {!running && <Upload aria-hidden="true" size={16} />}
              Upload {sendable.length === 1 ? "1 file" : `${sendable.length} files`}
            </Button>
            <Button
              type="button"
              variant="ghost"
              disabled={running}
              onClick={() => {
                setPicked([]);
                if (inputRef.current) inputRef.current.value = "";
              }}
            >
              Clear
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function PickedRow({
  one,
  sheets,
  disabled,
  onSheet,
  onRevision,
}: {
  one: PickedFile;
  sheets: Drawing[];
  disabled: boolean;
  onSheet: (number: string) => void;
  onRevision: (revision: string) => void;
}) {
  return (
    <tr className={one.number ? undefined : "bg-amber-50"}>
      <td className="max-w-[10rem] truncate py-2 pr-2 font-mono text-xs" title={one.file.name}>
        {one.file.name}
      </td>
      <td className="py-2 pr-2">
        <Select
          aria-label={`Sheet of ${one.file.name}`}
          value={one.number}
          disabled={disabled}
          onChange={(event) => onSheet(event.target.value)}
        >
          <option value="">Not matched</option>
          {sheets.map((sheet) => (
            <option key={sheet.number} value={sheet.number}>
              {sheet.number} {sheet.title}
            </option>
          ))}
        </Select>
      </td>
      <td className="w-20 py-2 pr-2">
        <Input
          aria-label={`Revision of ${one.file.name}`}
          value={one.revision}
          disabled={disabled || !one.number}
          maxLength={3}
          autoComplete="off"
          onChange={(event) => onRevision(event.target.value.toUpperCase())}
        />
      </td>
      <td className="py-2 text-xs" aria-live="polite">
        <UploadResult one={one} />
      </td>
    </tr>
  );
}

function UploadResult({ one }: { one: PickedFile }) {
  if (!one.number) {
    return (
      <span className="inline-flex items-center gap-1 font-semibold text-amber-800">
        <CircleAlert aria-hidden="true" size={14} /> No sheet matched
      </span>
    );
  }
  if (one.state === "uploading") {
    return (
      <span className="inline-flex items-center gap-1 text-steel-600">
        <Loader2 aria-hidden="true" size={14} className="animate-spin" /> Uploading… {one.percent ?? 0}%
      </span>
    );
  }
  if (one.state === "done") {
    return (
      <span className="inline-flex items-center gap-1 font-semibold text-emerald-800">
        <CheckCircle2 aria-hidden="true" size={14} /> {one.message}
      </span>
    );
  }
  if (one.state === "refused") {
    return (
      <span className="inline-flex items-start gap-1 font-medium text-red-700">
        <CircleAlert aria-hidden="true" size={14} className="mt-0.5 shrink-0" /> {one.message}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-steel-600">
      <Files aria-hidden="true" size={14} /> Ready
    </span>
  );
}
