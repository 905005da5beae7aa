import { FolderOpen, Trash2, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { EmptyPanel } from "~/components/dashboard/empty-panel";
import { ListError, ListSkeleton } from "~/components/dashboard/list-states";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { ProgressBar } from "~/components/ui/progress-bar";
import { useToast } from "~/components/ui/toast";
import { dateTimeFormat } from "~/lib/date-format";
import { fieldErrorsFrom, messageFrom } from "~/lib/http-error";
import { formatBytes } from "../../../../shared/bytes.ts";
import {
  type LoopFile,
  loopFileSourceLabels,
  type ProjectFile,
  type ProjectFileCategory,
  projectFileCategories,
  projectFileCategoryLabels,
  projectFileLimits,
} from "../../../../shared/project-files.ts";
import { useAddProjectFile, useProjectFiles, useRemoveProjectFile } from "../api/project-files.ts";
import { StoredFileButton } from "./stored-file-button.tsx";

const shortDate = (iso: string) => dateTimeFormat.format(new Date(iso));

/**
 * A project's Files tab: the job's own documents (contract drawings, specifications, models,
 * correspondence), added by anyone on the team and removed by whoever added one or an admin;
 * below, every file the drawings, transmittals and RFIs made.
 */
export function ProjectFiles({ job, me, admin }: { job: string; me: string; admin: boolean }) {
  const files = useProjectFiles(job);
  let body: React.ReactNode;
  if (files.isPending) body = <ListSkeleton label="Loading the files" />;
  else if (files.isError) {
    body = (
      <ListError
        error={files.error}
        fallback="The files could not be loaded."
        onRetry={() => void files.refetch()}
        retrying={files.isFetching}
      />
    );
  } else {
    body = (
      <>
        {files.data.documents.length === 0 ? (
          <EmptyPanel
            icon={FolderOpen}
            title="No documents yet"
            text="Add the contract drawings, specifications and models the client sent."
          />
        ) : (
          <ul className="divide-y divide-steel-100 rounded-xl border border-steel-200">
            {files.data.documents.map((file) => (
              <DocumentRow key={file.id} job={job} file={file} removable={admin || file.uploadedBy === me} />
            ))}
          </ul>
        )}
        <LoopFiles files={files.data.loop} />
      </>
    );
  }
  return (
    <section
      aria-labelledby="files-heading"
      className="space-y-4 rounded-xl border border-steel-200 bg-white p-4 sm:p-6"
    >
      <h2 id="files-heading" className="text-lg font-bold text-steel-950">
        Files
      </h2>
      <AddFileForm job={job} />
      {body}
    </section>
  );
}

function AddFileForm({ job }: { job: string }) {
  const add = useAddProjectFile(job);
  const toast = useToast();
  const fileRef = useRef<HTMLInputElement>(null);
  const [category, setCategory] = useState<ProjectFileCategory>("contract");
  const [note, setNote] = useState("");
  const [percent, setPercent] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setErrors({ file: "Choose a file" });
      return;
    }
    if (file.size > projectFileLimits.maxMB * 1024 * 1024) {
      setErrors({ file: `The file is larger than the ${projectFileLimits.maxMB} MB limit` });
      return;
    }
    setErrors({});
    setPercent(0);
    try {
      const added = await add.mutateAsync({ file, category, note: note.trim(), onProgress: setPercent });
      toast({ title: `${added.fileName} added`, description: projectFileCategoryLabels[added.category] });
      setNote("");
      if (fileRef.current) fileRef.current.value = "";
    } catch (error) {
      setErrors(fieldErrorsFrom(error));
      setProblem(messageFrom(error, "The file could not be added."));
    } finally {
      setPercent(null);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Add a file"
      className="space-y-4 rounded-lg bg-steel-50 p-3 sm:p-4"
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <Field
          label="File"
          hint={`PDF, images, office files, DWG, DXF, IFC or an archive; at most ${projectFileLimits.maxMB} MB.`}
          error={errors.file}
        >
          {(control) => <Input {...control} ref={fileRef} type="file" />}
        </Field>
        <Field label="Kind" error={errors.category}>
          {(control) => (
            <Select
              {...control}
              value={category}
              onChange={(event) => setCategory(event.target.value as ProjectFileCategory)}
            >
              {projectFileCategories.map((key) => (
                <option key={key} value={key}>
                  {projectFileCategoryLabels[key]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field label="Note" optional error={errors.note}>
        {(control) => (
          <Input
            {...control}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={projectFileLimits.noteMax}
            placeholder="e.g. Issued for construction, rev 3"
            autoComplete="off"
          />
        )}
      </Field>
      {percent !== null && <ProgressBar value={percent} label="Uploading the file" />}
      <MessageBanner message={problem} onDismiss={() => setProblem(null)} />
      <Button type="submit" variant="accent" loading={add.isPending}>
        {!add.isPending && <Upload aria-hidden="true" size={16} />}
        Add file
      </Button>
    </form>
  );
}

function DocumentRow({ job, file, removable }: { job: string; file: ProjectFile; removable: boolean }) {
  const remove = useRemoveProjectFile(job);
  const toast = useToast();
  const onRemove = async () => {
    try {
      await remove.mutateAsync(file.id);
      toast({ title: `${file.fileName} removed` });
    } catch (error) {
      toast({
        title: `Could not remove ${file.fileName}`,
        description: messageFrom(error, "Try again."),
        tone: "error",
      });
      throw error;
    }
  };
  return (
    <li className="space-y-1.5 px-3 py-3 sm:px-4" aria-label={file.fileName}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-steel-100 px-1.5 py-0.5 text-xs font-semibold text-steel-700">
          {projectFileCategoryLabels[file.category]}
        </span>
        <StoredFileButton path={file.url} name={file.fileName} size={file.size} />
        {removable && (
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" aria-label={`Remove ${file.fileName}`}>
                <Trash2 aria-hidden="true" size={14} />
              </Button>
            }
            title={`Remove ${file.fileName}?`}
            description="It is deleted from the project for everyone."
            confirmLabel="Remove"
            onConfirm={() => onRemove()}
          />
        )}
      </div>
      {file.note && <p className="text-sm break-words text-steel-800">{file.note}</p>}
      <p className="text-xs text-steel-600">
        Added {shortDate(file.uploadedAt)} by {file.uploadedBy ?? "a former colleague"} · {formatBytes(file.size)}
      </p>
    </li>
  );
}

const LOOP_SHOWN = 50;

/** Every file the loop made, newest first: the first fifty, then all on request. */
function LoopFiles({ files }: { files: LoopFile[] }) {
  const [all, setAll] = useState(false);
  if (files.length === 0) return null;
  const shown = all ? files : files.slice(0, LOOP_SHOWN);
  return (
    <section aria-labelledby="loop-files-heading" className="space-y-3">
      <h3 id="loop-files-heading" className="text-sm font-bold text-steel-950">
        From drawings, transmittals and RFIs ({files.length})
      </h3>
      <ul className="divide-y divide-steel-100 rounded-xl border border-steel-200">
        {shown.map((file) => (
          <li
            key={file.url}
            className="grid justify-items-start gap-1.5 px-3 py-2 sm:flex sm:items-center sm:gap-3 sm:px-4"
          >
            <span className="min-w-0 flex-1 text-sm text-steel-800">
              <span className="font-semibold text-steel-950">{file.of}</span> · {loopFileSourceLabels[file.source]}
              <span className="block text-xs text-steel-600">{shortDate(file.at)}</span>
            </span>
            <StoredFileButton path={file.url} name={file.fileName} size={file.size} />
          </li>
        ))}
      </ul>
      {files.length > shown.length && (
        <Button variant="ghost" size="sm" onClick={() => setAll(true)}>
          Show all {files.length}
        </Button>
      )}
    </section>
  );
}
