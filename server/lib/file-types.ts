import { Readable } from "node:stream";
import type { ReadableStream } from "node:stream/web";
import { fileTypeFromBuffer, fileTypeFromStream } from "file-type";
import { FileTypeError, type OpenUpload } from "./uploads.ts";

/** A type recognised from content: file-type's extension, or one of the CAD text formats below. */
export interface Detected {
  ext: string;
  mime: string;
}

/**
 * DXF and IFC are text (file-type knows neither): ASCII DXF opens with group code 0 and SECTION
 * (after optional 999 comments), binary DXF with its sentinel; IFC (STEP) with "ISO-10303-21;".
 */
const dxfText = /^\uFEFF?(?:[ \t]*999\r?\n[^\r\n]*\r?\n)*[ \t]*0\r?\n[ \t]*SECTION[ \t]*\r?\n/;
const dxfBinary = "AutoCAD Binary DXF\r\n\x1a\0";
const ifcText = /^\uFEFF?\s*ISO-10303-21;/;

function detectText(head: Buffer): Detected | undefined {
  const text = head.subarray(0, 512).toString("latin1");
  if (text.startsWith(dxfBinary) || dxfText.test(text)) return { ext: "dxf", mime: "image/vnd.dxf" };
  if (ifcText.test(text)) return { ext: "ifc", mime: "application/x-step" };
  return undefined;
}

/** Zip containers that file-type may only tell apart once it has read past the first bytes. */
const zipFamily = new Set(["zip", "docx", "xlsx", "pptx"]);

/** What a file's first bytes look like; zip-based types may still be refined from the whole file. */
export async function detectHead(head: Buffer): Promise<Detected | undefined> {
  const text = detectText(head);
  if (text) return text;
  try {
    return await fileTypeFromBuffer(head);
  } catch {
    return undefined;
  }
}

/** An accepted set of types, by what file-type (or detectText) calls them. */
export interface AcceptedTypes {
  /** Extensions as recognised from content ("cfb" is old Office: doc, xls, ppt). */
  exts: ReadonlySet<string>;
  /** The content types files of this kind are stored (and served) as. */
  mimeOf(detected: Detected): string;
}

const accepted = (exts: string[]): AcceptedTypes => ({
  exts: new Set(exts),
  // Old Office files are all CFB; "application/x-cfb" tells a browser nothing useful.
  mimeOf: (detected) => (detected.ext === "cfb" ? "application/octet-stream" : detected.mime),
});

/** CV: pdf, doc (CFB), docx, zip. */
export const cvTypes = accepted(["pdf", "cfb", "docx", "zip"]);

/** A picture for the public site (DESIGN §17): what sharp reads and browsers show; never SVG (it can carry script). */
export const siteImageTypes = accepted(["jpg", "png", "webp", "avif"]);

/** A drawing sheet's revision (DESIGN §16): PDF only. */
export const drawingTypes = accepted(["pdf"]);

/** Quote attachment: pdf, images, office files (CFB or OOXML), dwg/dxf/ifc, zip/7z/rar. */
export const quoteTypes = accepted([
  "pdf",
  "png",
  "jpg",
  "webp",
  "gif",
  "tif",
  "cfb",
  "docx",
  "xlsx",
  "pptx",
  "dwg",
  "dxf",
  "ifc",
  "zip",
  "7z",
  "rar",
]);

const allows = (types: AcceptedTypes, detected: Detected | undefined) =>
  detected !== undefined &&
  (types.exts.has(detected.ext) || (zipFamily.has(detected.ext) && [...zipFamily].some((e) => types.exts.has(e))));

/** Refuses an upload from its first bytes, before the rest is written, unless they look accepted. */
export function headCheck(types: AcceptedTypes) {
  return async (head: Buffer) => {
    const detected = await detectHead(head);
    if (!allows(types, detected)) throw new FileTypeError(detected?.ext);
  };
}

/**
 * What a complete upload is, read from the store (zip-based types are told apart by entries past
 * the first bytes); file-type reads only as far as it needs.
 */
export async function detectUpload(open: OpenUpload): Promise<Detected | undefined> {
  const body = await open();
  try {
    return await fileTypeFromStream(Readable.toWeb(body) as ReadableStream<Uint8Array>).catch(() => undefined);
  } finally {
    body.destroy();
  }
}

/**
 * The stored content type of a complete upload, or a FileTypeError when its content is not accepted.
 * Its first bytes decide, as file-type itself would from the whole file; the stored file is read
 * again only when they cannot: a zip container (docx, xlsx, ... are told apart by its entries) or
 * a type whose signature lies further in.
 */
export function classifier(types: AcceptedTypes) {
  return async (open: OpenUpload, head: Buffer): Promise<string> => {
    const fromHead = await detectHead(head);
    const detected = fromHead && !zipFamily.has(fromHead.ext) ? fromHead : ((await detectUpload(open)) ?? fromHead);
    if (!detected || !types.exts.has(detected.ext)) throw new FileTypeError(detected?.ext);
    return types.mimeOf(detected);
  };
}
