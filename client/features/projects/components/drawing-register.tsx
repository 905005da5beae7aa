import { FileText, Layers, Send } from "lucide-react";
import { useState } from "react";
import { EmptyPanel } from "~/components/dashboard/empty-panel";
import { ExportButton } from "~/components/dashboard/export-button";
import { ListError, ListSkeleton } from "~/components/dashboard/list-states";
import { Button } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";
import { dateTimeFormat } from "~/lib/date-format";
import { openFile } from "~/lib/downloads";
import { fetchFile } from "~/lib/fetch-file";
import { messageFrom } from "~/lib/http-error";
import { formatBytes } from "../../../../shared/bytes.ts";
import { type Drawing, drawingPaths, drawingStatusLabels, releasableStatuses } from "../../../../shared/drawings.ts";
import { revisionFilePath, useDrawings, useReleaseSheet } from "../api/drawings.ts";
import { AddRevisionForm } from "./add-revision-form.tsx";
import { BulkUpload } from "./bulk-upload.tsx";
import { ImportRegisterForm } from "./import-register-form.tsx";
import { SheetAssignee } from "./sheet-assignee.tsx";

/**
 * The project's drawing register: each sheet at its latest revision, its history, release for
 * fabrication, uploads (one or many), a CSV register imported, and the register as CSV.
 */
export function DrawingRegister({ job }: { job: string }) {
  const drawings = useDrawings(job);
  let body: React.ReactNode;
  if (drawings.isPending) body = <ListSkeleton label="Loading the register" />;
  else if (drawings.isError) {
    body = (
      <ListError
        error={drawings.error}
        fallback="The register could not be loaded."
        onRetry={() => void drawings.refetch()}
        retrying={drawings.isFetching}
      />
    );
  } else if (drawings.data.length === 0) {
    body = <EmptyPanel icon={Layers} title="No sheets yet" text="Add the first sheet with its PDF." />;
  } else {
    body = (
      <ul className="divide-y divide-steel-100 rounded-xl border border-steel-200">
        {drawings.data.map((sheet) => (
          <SheetRow key={sheet.number} job={job} sheet={sheet} />
        ))}
      </ul>
    );
  }
  return (
    <section
      aria-labelledby="register-heading"
      className="space-y-4 rounded-xl border border-steel-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="register-heading" className="text-lg font-bold text-steel-950">
          Drawing register
        </h2>
        <ExportButton
          path={drawingPaths.register(job)}
          query={{ format: "csv" }}
          label="Download CSV"
          fallbackName={`${job}-drawing-register.csv`}
        />
        <ExportButton
          path={`${drawingPaths.register(job)}/print`}
          label="Print (PDF)"
          fallbackName={`${job}-drawing-register.pdf`}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)] lg:gap-8">
        <div className="min-w-0">{body}</div>
        <AddRevisionForm job={job} sheets={drawings.data ?? []} />
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)] lg:gap-8">
        <BulkUpload job={job} sheets={drawings.data ?? []} />
        <ImportRegisterForm job={job} />
      </div>
    </section>
  );
}

function SheetRow({ job, sheet }: { job: string; sheet: Drawing }) {
  const [latest, ...earlier] = sheet.revisions;
  return (
    <li className="space-y-2 px-3 py-3 sm:px-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-mono text-sm font-semibold text-steel-950">{sheet.number}</span>
        <span className="min-w-0 flex-1 truncate text-sm text-steel-800">{sheet.title}</span>
        <span className="rounded bg-steel-100 px-1.5 py-0.5 font-mono text-xs text-steel-800">
          Rev {sheet.revision || "–"}
        </span>
        <span className="text-xs font-semibold text-steel-600">{drawingStatusLabels[sheet.status]}</span>
        {sheet.onHold && <span className="text-xs font-semibold text-amber-800">On hold</span>}
        {releasableStatuses.includes(sheet.status) && <ReleaseButton job={job} number={sheet.number} />}
      </div>
      <SheetAssignee job={job} sheet={sheet} />
      {latest && <RevisionFile job={job} number={sheet.number} revision={latest} />}
      {earlier.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-steel-600">
            {earlier.length} earlier revision{earlier.length === 1 ? "" : "s"}
          </summary>
          <ul className="mt-2 space-y-2">
            {earlier.map((revision) => (
              <li key={revision.revision}>
                <RevisionFile job={job} number={sheet.number} revision={revision} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

/** Releases an approved sheet for fabrication; the server's reason shows when it will not (on hold). */
function ReleaseButton({ job, number }: { job: string; number: string }) {
  const release = useReleaseSheet(job);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        loading={release.isPending}
        onClick={() => release.mutate(number)}
        aria-label={`Release ${number} for fabrication`}
      >
        {!release.isPending && <Send aria-hidden="true" size={14} />}
        Release
      </Button>
      {release.isError && (
        <span role="alert" className="text-xs font-medium text-red-700">
          {messageFrom(release.error, `${number} could not be released.`)}
        </span>
      )}
    </span>
  );
}

function RevisionFile({
  job,
  number,
  revision,
}: {
  job: string;
  number: string;
  revision: Drawing["revisions"][number];
}) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const open = async () => {
    setBusy(true);
    try {
      await openFile(
        () => fetchFile(revisionFilePath(job, number, revision.revision)),
        revision.fileName,
        "application/pdf",
      );
    } catch (error) {
      toast({ title: "Could not open the drawing", description: messageFrom(error, revision.fileName), tone: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-steel-600">
      <Button
        variant="secondary"
        size="sm"
        loading={busy}
        onClick={() => void open()}
        aria-label={`Rev ${revision.revision} of ${number}: open the drawing`}
        title={revision.fileName}
      >
        {!busy && <FileText aria-hidden="true" size={14} />}
        Rev {revision.revision}
      </Button>
      <span>
        {revision.fileName} · {formatBytes(revision.size)} · {revision.uploadedBy},{" "}
        {dateTimeFormat.format(new Date(revision.uploadedAt))}
      </span>
    </div>
  );
}
