import type { FileRule } from "../../../../shared/lead-limits.ts";

/** "10 MB", "100 MB", "512 KB" (powers of 1024) for limits people read. */
export function formatLimit(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** "drawings.pdf, 3.4 MB" for the chosen file. */
export function describeFile(file: { name: string; size: number }): string {
  const size =
    file.size >= 1024 * 1024
      ? `${(file.size / (1024 * 1024)).toFixed(1)} MB`
      : file.size >= 1024
        ? `${Math.round(file.size / 1024)} KB`
        : `${file.size} bytes`;
  return `${file.name}, ${size}`;
}

/**
 * What is wrong with a chosen file before it is sent: too big, empty, or a name the form does not
 * take. The server decides by content; this only saves the visitor a long upload that would fail.
 */
export function fileProblem(file: { name: string; size: number }, rule: FileRule, what = "The file"): string | null {
  const name = file.name.toLowerCase();
  if (!rule.extensions.some((extension) => name.endsWith(extension))) {
    return `This type of file is not accepted. Send ${rule.label}.`;
  }
  if (file.size === 0) return `${what} is empty.`;
  if (file.size > rule.maxBytes) return `${what} is larger than the ${formatLimit(rule.maxBytes)} limit.`;
  return null;
}
