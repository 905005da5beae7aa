import { Copy, Send } from "lucide-react";
import { EmptyPanel } from "~/components/dashboard/empty-panel";
import { ExportButton } from "~/components/dashboard/export-button";
import { ListError, ListSkeleton } from "~/components/dashboard/list-states";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useToast } from "~/components/ui/toast";
import { dateTimeFormat } from "~/lib/date-format";
import { messageFrom } from "~/lib/http-error";
import {
  type ResponseKey,
  type ResponseLabels,
  type Transmittal,
  transmittalPurposeLabels,
} from "../../../../shared/transmittals.ts";
import { useDrawings } from "../api/drawings.ts";
import { useResponseWords } from "../api/response-labels.ts";
import { transmittalPaths, useTransmittals, useVoidTransmittal } from "../api/transmittals.ts";
import { StoredFileButton } from "./stored-file-button.tsx";
import { TransmittalFormDialog } from "./transmittal-form-dialog.tsx";

const responseTone: Record<ResponseKey, string> = {
  approved: "bg-emerald-100 text-emerald-900",
  approvedAsNoted: "bg-emerald-50 text-emerald-900",
  reviseResubmit: "bg-amber-100 text-amber-900",
  rejected: "bg-red-100 text-red-900",
};

/** Where a transmittal stands, in a word: withdrawn, answered, opened, or sent (overdue once past due). */
function standing(transmittal: Transmittal, now = Date.now()): { label: string; tone: string } {
  if (transmittal.voidedAt) return { label: "Withdrawn", tone: "bg-steel-100 text-steel-600 line-through" };
  if (transmittal.submittedAt) return { label: "Answered", tone: "bg-emerald-100 text-emerald-900" };
  if (new Date(transmittal.dueAt).getTime() < now) return { label: "Overdue", tone: "bg-red-100 text-red-900" };
  if (transmittal.openedAt) return { label: "Opened", tone: "bg-sky-100 text-sky-900" };
  return { label: "Sent", tone: "bg-amber-100 text-amber-900" };
}

/** The project's transmittal log: each with its sheets, who opened and answered it when; New transmittal. */
export function TransmittalLog({ job, clientEmail }: { job: string; clientEmail: string }) {
  const transmittals = useTransmittals(job);
  const drawings = useDrawings(job);
  const labels = useResponseWords();
  let body: React.ReactNode;
  if (transmittals.isPending) body = <ListSkeleton label="Loading the transmittals" />;
  else if (transmittals.isError) {
    body = (
      <ListError
        error={transmittals.error}
        fallback="The transmittals could not be loaded."
        onRetry={() => void transmittals.refetch()}
        retrying={transmittals.isFetching}
      />
    );
  } else if (transmittals.data.length === 0) {
    body = (
      <EmptyPanel
        icon={Send}
        title="No transmittals yet"
        text="Send sheets to the client for approval or fabrication."
      />
    );
  } else {
    body = (
      <ul className="divide-y divide-steel-100 rounded-xl border border-steel-200">
        {transmittals.data.map((transmittal) => (
          <TransmittalRow key={transmittal.number} job={job} transmittal={transmittal} labels={labels} />
        ))}
      </ul>
    );
  }
  return (
    <section
      aria-labelledby="transmittals-heading"
      className="space-y-4 rounded-xl border border-steel-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="transmittals-heading" className="text-lg font-bold text-steel-950">
          Transmittals
        </h2>
        <div className="flex flex-wrap gap-2">
          <ExportButton
            path={transmittalPaths.list(job)}
            query={{ format: "csv" }}
            label="CSV"
            fallbackName={`${job}-transmittals.csv`}
          />
          <TransmittalFormDialog job={job} clientEmail={clientEmail} register={drawings.data ?? []} />
        </div>
      </div>
      {body}
    </section>
  );
}

function TransmittalRow({
  job,
  transmittal,
  labels,
}: {
  job: string;
  transmittal: Transmittal;
  /** The office's current words for the responses (the stored answer is the key). */
  labels: ResponseLabels;
}) {
  const voiding = useVoidTransmittal(job);
  const toast = useToast();
  const state = standing(transmittal);
  const counts = new Map<ResponseKey, number>();
  for (const sheet of transmittal.sheets) {
    if (sheet.response) counts.set(sheet.response, (counts.get(sheet.response) ?? 0) + 1);
  }
  const withdraw = async () => {
    try {
      await voiding.mutateAsync(transmittal.number);
      toast({ title: `${transmittal.number} withdrawn`, description: "Its link no longer works." });
    } catch (error) {
      toast({
        title: `Could not withdraw ${transmittal.number}`,
        description: messageFrom(error, "Try again."),
        tone: "error",
      });
      throw error;
    }
  };
  const copyLink = async () => {
    if (!transmittal.url) return;
    try {
      await navigator.clipboard.writeText(transmittal.url);
      toast({ title: "Review link copied" });
    } catch {
      toast({ title: "Could not copy the link", description: transmittal.url, tone: "error" });
    }
  };
  return (
    <li className="space-y-2 px-3 py-3 sm:px-4" aria-label={`Transmittal ${transmittal.number}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-mono text-sm font-semibold text-steel-950">{transmittal.number}</span>
        <span className="min-w-0 flex-1 text-sm text-steel-800">
          {transmittalPurposeLabels[transmittal.purpose]} · {transmittal.sheets.length} sheet
          {transmittal.sheets.length === 1 ? "" : "s"}
        </span>
        <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${state.tone}`}>{state.label}</span>
      </div>
      <p className="text-xs text-steel-600">
        To {transmittal.recipients.join(", ")} · Sent {dateTimeFormat.format(new Date(transmittal.createdAt))} by{" "}
        {transmittal.createdBy} · Due {dateTimeFormat.format(new Date(transmittal.dueAt))}
        {transmittal.openedAt && <> · Opened {dateTimeFormat.format(new Date(transmittal.openedAt))}</>}
        {transmittal.submittedAt && <> · Answered {dateTimeFormat.format(new Date(transmittal.submittedAt))}</>}
        {transmittal.remindersSent > 0 && (
          <>
            {" "}
            · {transmittal.remindersSent} reminder{transmittal.remindersSent === 1 ? "" : "s"}
          </>
        )}
      </p>
      {counts.size > 0 && (
        <p className="flex flex-wrap gap-1.5">
          {[...counts].map(([key, n]) => (
            <span key={key} className={`rounded px-1.5 py-0.5 text-xs font-semibold ${responseTone[key]}`}>
              {n} {labels[key].toLowerCase()}
            </span>
          ))}
        </p>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-steel-600">Sheets{transmittal.submittedAt && " and responses"}</summary>
        <ul className="mt-2 space-y-2">
          {transmittal.sheets.map((sheet) => (
            <li key={sheet.number} className="rounded-lg bg-steel-50 p-2">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-mono font-semibold text-steel-950">{sheet.number}</span>
                <span className="text-steel-600">rev {sheet.revision}</span>
                <span className="min-w-0 flex-1 truncate text-steel-700">{sheet.title}</span>
                {sheet.response && (
                  <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${responseTone[sheet.response]}`}>
                    {labels[sheet.response]}
                  </span>
                )}
              </p>
              {sheet.comment && <p className="mt-1 whitespace-pre-line break-words text-steel-800">{sheet.comment}</p>}
              {sheet.markups.length > 0 && (
                <ul className="mt-1 flex flex-wrap gap-2">
                  {sheet.markups.map((markup) => (
                    <li key={markup.id}>
                      <StoredFileButton
                        path={`${transmittalPaths.one(job, transmittal.number)}/markups/${markup.id}`}
                        name={markup.fileName}
                        size={markup.size}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </details>
      <div className="flex flex-wrap gap-2">
        <StoredFileButton
          path={`${transmittalPaths.one(job, transmittal.number)}/cover`}
          name={`${transmittal.number} cover sheet.pdf`}
          label="Cover sheet"
        />
        {transmittal.url && (
          <Button variant="secondary" size="sm" onClick={() => void copyLink()}>
            <Copy aria-hidden="true" size={14} /> Copy review link
          </Button>
        )}
        {transmittal.url && !transmittal.submittedAt && (
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm">
                Withdraw {transmittal.number}
              </Button>
            }
            title={`Withdraw ${transmittal.number}?`}
            description="Its review link stops working; the client can no longer answer through it."
            confirmLabel="Withdraw"
            onConfirm={() => withdraw()}
          />
        )}
      </div>
    </li>
  );
}
