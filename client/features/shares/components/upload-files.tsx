import { zodResolver } from "@hookform/resolvers/zod";
import { FileUp, Upload, X } from "lucide-react";
import { useRef, useState } from "react";
import { type DefaultValues, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { DashboardSection } from "~/components/dashboard/dashboard-section";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { Field } from "~/components/ui/field";
import { controlClass, Input } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";
import { ProgressBar } from "~/components/ui/progress-bar";
import { useToast } from "~/components/ui/toast";
import { fieldErrorsFrom } from "~/lib/http-error";
import { formatBytes } from "../../../../shared/bytes.ts";
import { fileShareLimits } from "../../../../shared/files.ts";
import { useUploadFile } from "../api/upload-file.ts";
import { expiryDateFormat, hoursToMinutes } from "../lib/expiry.ts";
import { shareMessages } from "../lib/messages.ts";
import {
  expiryHoursSchema,
  optionalMaxDownloadsSchema,
  optionalSharePasswordSchema,
  shareOptionsFrom,
} from "../lib/share-form.ts";
import { ADMIN_FILE_MAX_BYTES, DEFAULT_EXPIRY_HOURS, MAX_EXPIRY_HOURS, uploadErrorMessage } from "../lib/upload.ts";
import { SharedFileList } from "./shared-file-list.tsx";

/** "2 GB": the limit in the form's texts follows the shared one. */
const ADMIN_FILE_LIMIT = formatBytes(ADMIN_FILE_MAX_BYTES);

const uploadSchema = z.object({
  files: z
    .custom<FileList>((value) => value instanceof FileList && value.length > 0, "Choose a file to upload.")
    .refine((files) => (files[0]?.size ?? 0) <= ADMIN_FILE_MAX_BYTES, `The file is larger than ${ADMIN_FILE_LIMIT}.`),
  hours: expiryHoursSchema,
  password: optionalSharePasswordSchema,
  maxDownloads: optionalMaxDownloadsSchema,
});
type UploadValues = z.input<typeof uploadSchema>;

const emptyValues: DefaultValues<UploadValues> = {
  files: undefined,
  hours: DEFAULT_EXPIRY_HOURS,
  password: "",
  maxDownloads: "",
};

/** The server's 400 field names, and the form field each error belongs to. */
const serverFields = {
  file: "files",
  expiryMinutes: "hours",
  password: "password",
  maxDownloads: "maxDownloads",
} as const;

/** `resumed`: the upload continues one this browser had started before (a reload, a dropped connection). */
type Progress = { fileName: string; percent: number; resumed?: boolean } | null;

/**
 * Upload Files: a file, an expiry in hours and, optionally, a password and a download limit, sent
 * with a progress bar; the shared files list beside it.
 */
export function UploadFiles() {
  const [message, setMessage] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress>(null);
  const abort = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const upload = useUploadFile();
  const toast = useToast();
  const form = useForm<UploadValues>({
    resolver: zodResolver(uploadSchema),
    defaultValues: emptyValues,
  });
  const { errors } = form.formState;
  const hours = useWatch({ control: form.control, name: "hours" });
  const files = useWatch({ control: form.control, name: "files" }) as FileList | undefined;
  const chosen = files instanceof FileList ? files[0] : undefined;
  const expiresAt =
    typeof hours === "number" && hours >= 1 && hours <= MAX_EXPIRY_HOURS
      ? expiryDateFormat.format(Date.now() + hoursToMinutes(hours) * 60_000)
      : null;

  const onSubmit = form.handleSubmit(async (values) => {
    const file = (values.files as FileList)[0];
    if (!file) return;
    setMessage(null);
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ fileName: file.name, percent: 0 });
    try {
      const shared = await upload.mutateAsync({
        file,
        expiryMinutes: hoursToMinutes(values.hours as number),
        ...shareOptionsFrom(values),
        signal: controller.signal,
        onProgress: (percent) => setProgress((now) => ({ fileName: file.name, percent, resumed: now?.resumed })),
        onResumed: () => setProgress((now) => ({ fileName: file.name, percent: now?.percent ?? 0, resumed: true })),
      });
      form.reset(emptyValues);
      // A file input keeps its selection through a form library reset: clear it by hand.
      if (fileInput.current) fileInput.current.value = "";
      setMessage(shareMessages.uploaded);
      toast({ title: "File uploaded", description: `${shared?.fileName ?? file.name} is ready to share.` });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") {
        toast({ title: "Upload cancelled", tone: "info" });
      } else {
        for (const [serverName, text] of Object.entries(fieldErrorsFrom(error))) {
          if (!Object.hasOwn(serverFields, serverName)) continue;
          form.setError(serverFields[serverName as keyof typeof serverFields], { message: text });
        }
        setMessage(uploadErrorMessage(error));
        toast({ title: "Upload failed", tone: "error" });
      }
    } finally {
      abort.current = null;
      setProgress(null);
    }
  });

  const uploading = progress !== null;
  const filesField = form.register("files");

  return (
    <DashboardSection
      id="upload-files"
      title="Upload Files"
      description="Share drawings and models with clients through a link that expires."
      icon={FileUp}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:gap-8">
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <Field
            label="File"
            hint={chosen ? `${chosen.name}, ${formatBytes(chosen.size)}` : `Any file type, up to ${ADMIN_FILE_LIMIT}.`}
            error={errors.files?.message}
          >
            {(control) => (
              <input
                {...control}
                {...filesField}
                ref={(element) => {
                  filesField.ref(element);
                  fileInput.current = element;
                }}
                type="file"
                disabled={uploading}
                className={cx(
                  controlClass,
                  "cursor-pointer px-2 py-1.5 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-steel-900 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-white hover:file:bg-steel-700",
                )}
              />
            )}
          </Field>
          <Field
            label="Link expires after (hours)"
            hint={expiresAt ? `The link works until ${expiresAt}.` : "At least 1 hour."}
            error={errors.hours?.message}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register("hours", { valueAsNumber: true })}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_EXPIRY_HOURS}
                step={1}
                disabled={uploading}
                className="max-w-40"
              />
            )}
          </Field>
          <Field label="Password" optional hint="Leave empty for no password." error={errors.password?.message}>
            {(control) => (
              <PasswordInput
                {...control}
                {...form.register("password")}
                // A password for the link, not the admin's own: keep the browser from filling that in.
                autoComplete="new-password"
                maxLength={fileShareLimits.passwordMax}
                disabled={uploading}
              />
            )}
          </Field>
          <Field label="Download limit" optional hint="Leave empty for no limit." error={errors.maxDownloads?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("maxDownloads")}
                type="number"
                inputMode="numeric"
                min={1}
                max={fileShareLimits.maxDownloadsMax}
                step={1}
                disabled={uploading}
                className="max-w-40"
              />
            )}
          </Field>

          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" variant="accent" loading={uploading}>
              <Upload aria-hidden="true" size={16} />
              {uploading ? "Uploading…" : "Upload file"}
            </Button>
            {uploading && (
              <Button variant="ghost" onClick={() => abort.current?.abort()}>
                <X aria-hidden="true" size={16} />
                Cancel upload
              </Button>
            )}
          </div>

          {progress && (
            <div className="space-y-1.5 rounded-lg border border-steel-200 bg-steel-50 p-3">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 truncate font-medium text-steel-900">
                  {progress.fileName}
                  {progress.resumed && <span className="font-normal text-steel-600"> (resumed)</span>}
                </span>
                <span className="shrink-0 text-steel-600 tabular-nums">
                  {progress.percent >= 100 ? "Finishing…" : `${progress.percent}%`}
                </span>
              </div>
              <ProgressBar value={progress.percent} label={`Uploading ${progress.fileName}`} />
            </div>
          )}

          <MessageBanner message={message} onDismiss={() => setMessage(null)} />
        </form>

        <SharedFileList />
      </div>
    </DashboardSection>
  );
}
