import { fileTypeFromBuffer } from "file-type";
import { detectUpload } from "../../lib/file-types.ts";
import { FileTypeError, type OpenUpload, SNIFF_BYTES } from "../../lib/uploads.ts";

/**
 * SPEC §5 chat attachments: images, pdf, doc, docx, txt, xls, xlsx, zip, rar, 7z, video, audio,
 * ppt, pptx, code and text files, decided by content. Binary formats by their magic bytes
 * (file-type); text and code files by being valid UTF-8 without control bytes.
 */
const binaryTypes = new Set([
  // images
  "png",
  "jpg",
  "gif",
  "webp",
  "bmp",
  "tif",
  "avif",
  "heic",
  "ico",
  // documents
  "pdf",
  "cfb",
  "docx",
  "xlsx",
  "pptx",
  // archives
  "zip",
  "rar",
  "7z",
  // video
  "mp4",
  "webm",
  "mov",
  "mkv",
  "avi",
  "3gp",
  "m4v",
  "mpg",
  // audio
  "mp3",
  "wav",
  "ogg",
  "oga",
  "opus",
  "m4a",
  "aac",
  "flac",
  "amr",
]);

/** Types a browser may show inline (img, video, audio, its PDF viewer); everything else downloads. */
const inlineTypes =
  /^(image\/(png|jpeg|gif|webp|bmp|avif)|video\/(mp4|webm)|audio\/(mpeg|wav|ogg|mp4|aac|flac)|application\/pdf)$/;
export const isInlineType = (contentType: string) => inlineTypes.test(contentType);

const zipFamily = new Set(["zip", "docx", "xlsx", "pptx"]);

/** UTF-8 text with no control bytes but tab, newline, carriage return and form feed. */
function looksLikeText(head: Buffer, complete: boolean): boolean {
  if (head.length === 0) return false;
  // Cut a multi-byte character split at the end of the sample.
  let end = head.length;
  if (!complete) {
    let back = 0;
    while (back < 3 && end - back - 1 >= 0 && (head[end - back - 1]! & 0xc0) === 0x80) back++;
    if (end - back - 1 >= 0 && head[end - back - 1]! >= 0xc0) end = end - back - 1;
  }
  const sample = head.subarray(0, end);
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
    if (byte === 0x7f) return false;
  }
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(sample);
    return true;
  } catch {
    return false;
  }
}

/** Refuses an upload from its first bytes unless they look like an accepted type. */
export async function checkAttachmentHead(head: Buffer): Promise<void> {
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  if (detected) {
    if (binaryTypes.has(detected.ext) || zipFamily.has(detected.ext)) return;
    throw new FileTypeError(detected.ext);
  }
  if (!looksLikeText(head, head.length < SNIFF_BYTES)) throw new FileTypeError(undefined);
}

/** The stored content type of a complete upload, or a FileTypeError. */
export async function classifyAttachment(open: OpenUpload, head: Buffer): Promise<string> {
  const detected = await detectUpload(open);
  if (detected) {
    if (!binaryTypes.has(detected.ext)) throw new FileTypeError(detected.ext);
    // Old Office files are all CFB: a browser can do nothing better than download them.
    return detected.ext === "cfb" ? "application/octet-stream" : detected.mime;
  }
  if (looksLikeText(head, head.length < SNIFF_BYTES)) return "text/plain; charset=utf-8";
  throw new FileTypeError(undefined);
}
