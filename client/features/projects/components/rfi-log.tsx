import { FileText, MessageCircleQuestion } from "lucide-react";
import { useState } from "react";
import { EmptyPanel } from "~/components/dashboard/empty-panel";
import { ExportButton } from "~/components/dashboard/export-button";
import { ListError, ListSkeleton } from "~/components/dashboard/list-states";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useToast } from "~/components/ui/toast";
import { dateTimeFormat } from "~/lib/date-format";
import { openFile } from "~/lib/downloads";
import { fetchFile } from "~/lib/fetch-file";
import { messageFrom } from "~/lib/http-error";
import { formatBytes } from "../../../../shared/bytes.ts";
import { type Rfi, type RfiState, rfiStateLabels } from "../../../../shared/rfis.ts";
import { useDrawings } from "../api/drawings.ts";
import { rfiPaths, useChangeRfi, useRfis } from "../api/rfis.ts";
import { RfiFormDialog } from "./rfi-form-dialog.tsx";

const stateTone: Record<RfiState, string> = {
  open: "bg-amber-100 text-amber-900",
  answered: "bg-emerald-100 text-emerald-900",
  closed: "bg-steel-100 text-steel-700",
  void: "bg-steel-100 text-steel-600 line-through",
};

/** The project's RFI log: each RFI with its state, due time, sheets and answer; New RFI, Close and Void. */
export function RfiLog({ job }: { job: string }) {
  const rfis = useRfis(job);
  const drawings = useDrawings(job);
  let body: React.ReactNode;
  if (rfis.isPending) body = <ListSkeleton label="Loading the RFIs" />;
  else if (rfis.isError) {
    body = (
      <ListError
        error={rfis.error}
        fallback="The RFIs could not be loaded."
        onRetry={() => void rfis.refetch()}
        retrying={rfis.isFetching}
      />
    );
  } else if (rfis.data.length === 0) {
    body = (
      <EmptyPanel icon={MessageCircleQuestion} title="No RFIs yet" text="Ask the engineer or architect a question." />
    );
  } else {
    body = (
      <ul className="divide-y divide-steel-100 rounded-xl border border-steel-200">
        {[...rfis.data].reverse().map((rfi) => (
          <RfiRow key={rfi.number} job={job} rfi={rfi} />
        ))}
      </ul>
    );
  }
  return (
    <section
      aria-labelledby="rfis-heading"
      className="space-y-4 rounded-xl border border-steel-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="rfis-heading" className="text-lg font-bold text-steel-950">
          RFIs
        </h2>
        <div className="flex flex-wrap gap-2">
          <ExportButton
            path={rfiPaths.list(job)}
            query={{ format: "csv" }}
            label="CSV"
            fallbackName={`${job}-rfis.csv`}
          />
          <RfiFormDialog job={job} sheets={drawings.data ?? []} />
        </div>
      </div>
      {body}
    </section>
  );
}

function RfiRow({ job, rfi }: { job: string; rfi: Rfi }) {
  const change = useChangeRfi(job);
  const toast = useToast();
  const act = async (action: "close" | "void") => {
    try {
      await change.mutateAsync({ number: rfi.number, action });
      toast({ title: `${rfi.number} ${action === "close" ? "closed" : "voided"}` });
    } catch (error) {
      toast({
        title: `Could not ${action} ${rfi.number}`,
        description: messageFrom(error, "Try again."),
        tone: "error",
      });
      throw error;
    }
  };
  const overdue = rfi.state === "open" && new Date(rfi.dueAt).getTime() < Date.now();
  return (
    <li className="space-y-2 px-3 py-3 sm:px-4" aria-label={`${rfi.number} ${rfi.subject}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-mono text-sm font-semibold text-steel-950">{rfi.number}</span>
        <span className="min-w-0 flex-1 text-sm font-semibold break-words text-steel-900">{rfi.subject}</span>
        <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${stateTone[rfi.state]}`}>
          {rfiStateLabels[rfi.state]}
        </span>
      </div>
      <p className="text-xs text-steel-600">
        To {rfi.to} ·{" "}
        <span className={overdue ? "font-semibold text-red-700" : undefined}>
          Due {dateTimeFormat.format(new Date(rfi.dueAt))}
          {overdue && " (overdue)"}
        </span>
        {rfi.sheets.length > 0 && <> · Holds {rfi.sheets.join(", ")}</>}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer text-steel-600">Question{rfi.answer !== null && " and answer"}</summary>
        <div className="mt-2 space-y-2">
          <p className="whitespace-pre-line break-words text-steel-900">{rfi.question}</p>
          {rfi.suggestion && (
            <p className="whitespace-pre-line break-words text-steel-700">
              <span className="font-semibold">Suggested: </span>
              {rfi.suggestion}
            </p>
          )}
          {rfi.answer !== null && (
            <div className="rounded-lg bg-emerald-50 p-3">
              <p className="text-xs font-semibold text-emerald-900">
                Answer{rfi.answeredAt && `, ${dateTimeFormat.format(new Date(rfi.answeredAt))}`}
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-steel-900">{rfi.answer}</p>
              {rfi.files.length > 0 && (
                <ul className="mt-2 flex flex-wrap gap-2">
                  {rfi.files.map((file) => (
                    <li key={file.id}>
                      <AnswerFile path={rfiPaths.file(job, rfi.number, file.id)} file={file} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      </details>
      {(rfi.state === "open" || rfi.state === "answered") && (
        <div className="flex flex-wrap gap-2">
          {rfi.state === "answered" && (
            <ConfirmDialog
              trigger={
                <Button variant="secondary" size="sm">
                  Close {rfi.number}
                </Button>
              }
              title={`Close ${rfi.number}?`}
              description="The answer is taken into the drawings; the RFI leaves the open list."
              confirmLabel="Close RFI"
              onConfirm={() => act("close")}
            />
          )}
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm">
                Void {rfi.number}
              </Button>
            }
            title={`Void ${rfi.number}?`}
            description="Its link stops working and the sheets it holds are released."
            confirmLabel="Void RFI"
            onConfirm={() => act("void")}
          />
        </div>
      )}
    </li>
  );
}

function AnswerFile({ path, file }: { path: string; file: Rfi["files"][number] }) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const open = async () => {
    setBusy(true);
    try {
      await openFile(() => fetchFile(path), file.fileName, null);
    } catch (error) {
      toast({ title: "Could not open the file", description: messageFrom(error, file.fileName), tone: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void open()}>
      {!busy && <FileText aria-hidden="true" size={14} />}
      {file.fileName} <span className="text-steel-500">({formatBytes(file.size)})</span>
    </Button>
  );
}
