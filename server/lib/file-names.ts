/** Longest display name kept for an uploaded file, in characters. */
export const FILE_NAME_MAX = 200;

// Control (C0, DEL, C1) and format characters (zero-width, bidirectional overrides, BOM): invisible or misleading.
const invisible = /[\p{Cc}\p{Cf}]/gu;
// Characters Windows refuses in names, and quotes that would break a header.
const reserved = /["*:<>?|]/g;

/**
 * A display name for an uploaded file: path parts stripped, invisible and reserved characters
 * removed, no leading dots, at most `max` characters (the extension kept). Never used as a path.
 */
export function sanitizeFileName(raw: string | undefined, max: number = FILE_NAME_MAX): string {
  const base = (raw ?? "").normalize("NFC").split(/[/\\]/).pop() ?? "";
  let name = base.replace(invisible, "").replace(reserved, "_").trim().replace(/^\.+/, "").trim();
  if (name === "") name = "file";
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (extension.length > 0 && extension.length <= 16) {
    return chars.slice(0, max - extension.length).join("") + extension.join("");
  }
  return chars.slice(0, max).join("");
}

/** RFC 5987 / 8187 value: UTF-8, percent-encoded, with the characters encodeURIComponent leaves alone. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment` (or `inline`) with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string, type: "attachment" | "inline" = "attachment"): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
