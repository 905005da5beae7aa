import { ProgressBar } from "~/components/ui/progress-bar";
import { SubmitError } from "../api/post-form.ts";

/** The first file of a file input's value, if any. */
export function firstFile(files: unknown): File | undefined {
  if (typeof FileList !== "undefined" && files instanceof FileList) return files.item(0) ?? undefined;
  if (typeof File !== "undefined" && files instanceof File) return files;
  return undefined;
}

/**
 * Shows the server's field messages (400, 413, 415) next to their fields, focusing the first one.
 * Fields the form does not have are left to the general failure message.
 */
export function applyServerErrors(
  error: unknown,
  fields: string[],
  setError: (field: string, message: string, focus: boolean) => void,
) {
  if (!(error instanceof SubmitError)) return;
  let first = true;
  for (const [field, message] of Object.entries(error.errors)) {
    if (!fields.includes(field)) continue;
    setError(field, message, first);
    first = false;
  }
}

/**
 * Whether the captcha must be solved again: the server refused it (or used it up), or the answer
 * never came back. After a refusal for other reasons the same solution is still good.
 */
export function shouldResetCaptcha(error: unknown): boolean {
  return !(error instanceof SubmitError) || error.status === 0 || "altcha" in error.errors;
}

/** The file's upload progress, under the submit button. */
export function UploadProgress({ name, percent }: { name: string; percent: number }) {
  return (
    <div className="mt-4 space-y-1.5 rounded-lg border border-steel-200 bg-steel-50 p-3">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 truncate font-medium text-steel-900">{name}</span>
        <span className="shrink-0 text-steel-600 tabular-nums">{percent >= 100 ? "Finishing…" : `${percent}%`}</span>
      </div>
      <ProgressBar value={percent} label={`Uploading ${name}`} />
    </div>
  );
}
