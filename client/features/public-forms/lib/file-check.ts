import { formatBytes } from "../../../../shared/bytes.ts";
import type { FileRule } from "../../../../shared/public-form-limits.ts";

/** "drawings.pdf, 3.4 MB" for the chosen file. */
export function describeFile(file: { name: string; size: number }): string {
  return `${file.name}, ${formatBytes(file.size)}`;
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
  if (file.size > rule.maxBytes) return `${what} is larger than the ${formatBytes(rule.maxBytes)} limit.`;
  return null;
}
