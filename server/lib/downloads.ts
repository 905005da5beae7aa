import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { RangeNotSatisfiableError } from "../storage/object-store.ts";
import { csvDisposition } from "./csv.ts";
import { HttpError, notFound } from "./errors.ts";
import { attachmentDisposition } from "./file-names.ts";
import { errorResponseSchema } from "./schemas.ts";
import type { UploadStore } from "./uploads.ts";

/** A download route's answers for its OpenAPI description: the file, a part of it, or a range past its end. */
export const downloadResponses = (what: string) => ({
  200: z.unknown().describe(what),
  206: z.unknown().describe(`A byte range of it (Range: bytes=start-end)`),
  416: errorResponseSchema,
});

export interface StoredFileAnswer {
  /** The name the browser saves it as (the uploader's, sanitised). */
  name: string;
  /** The content type its row keeps (decided from the content when it was uploaded). */
  type: string;
  /** `inline` only for types a browser shows without running anything (chat images); default attachment. */
  disposition?: "inline" | "attachment";
  /** Headers of this kind of download (e.g. cross-origin-resource-policy). */
  headers?: Record<string, string>;
  /** The 404's message when the file is gone. */
  missing?: string;
  /** Whether Range requests are honoured (default true); false always sends the whole file. */
  ranges?: boolean;
  /**
   * Runs once the file is found, before anything is sent (GET only), with the range about to be
   * sent (undefined: the whole file); throw to answer with that error instead.
   */
  beforeSend?: (range: { start: number; end: number } | undefined) => Promise<void>;
}

/**
 * One `bytes=` range of an HTTP Range header, or undefined to send the whole file (no header,
 * several ranges, an If-Range this server cannot vouch for, or a form it does not know: RFC 9110
 * lets a server ignore them). A suffix range (`bytes=-500`) needs the size.
 */
export function requestedRange(
  request: FastifyRequest,
  size: () => Promise<number | undefined>,
): Promise<{ start: number; end?: number } | undefined> | undefined {
  const header = request.headers.range;
  if (!header || request.headers["if-range"] !== undefined) return undefined;
  const match = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    return size().then((total) =>
      total === undefined || suffix === 0 ? { start: total ?? 0 } : { start: Math.max(0, total - suffix) },
    );
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? undefined : Number(match[2]);
  if (end !== undefined && end < start) return undefined;
  return Promise.resolve({ start, end });
}

/**
 * Serves a stored file from the object store, streamed (never whole in memory): an attachment (or
 * an inline image) no browser will run, never cached, with single byte ranges so a large download
 * can resume. HEAD answers the headers only.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: UploadStore,
  key: string,
  file: StoredFileAnswer,
) {
  const gone = () => notFound(file.missing ?? "The file is no longer on the server.");
  // Found (or refused) before any header is set: an error answer must not go out as the file's type.
  let object: Awaited<ReturnType<UploadStore["open"]>> | undefined;
  let size: number;
  if (request.method === "HEAD") {
    const info = await store.objects.stat(store.keyOf(key));
    if (!info) throw gone();
    size = info.size;
  } else {
    const range =
      file.ranges === false
        ? undefined
        : await requestedRange(request, async () => (await store.objects.stat(store.keyOf(key)))?.size);
    try {
      object = await store.open(key, range);
    } catch (error) {
      if (!(error instanceof RangeNotSatisfiableError)) throw error;
      throw new HttpError(416, "The range is past the end of the file.", "RANGE_NOT_SATISFIABLE", {
        headers: { "content-range": `bytes */${error.size}` },
      });
    }
    if (!object) throw gone();
    size = object.size;
    try {
      await file.beforeSend?.(object.range);
    } catch (error) {
      object.body.destroy();
      throw error;
    }
  }

  reply
    .header("content-type", file.type || "application/octet-stream")
    .header("content-disposition", attachmentDisposition(file.name, file.disposition ?? "attachment"))
    .header("accept-ranges", file.ranges === false ? "none" : "bytes")
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("cache-control", "private, no-store")
    .header("referrer-policy", "no-referrer")
    .header("x-robots-tag", "noindex, nofollow");
  for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
  if (!object) return reply.header("content-length", size).send(undefined);
  if (object.range) {
    reply
      .status(206)
      .header("content-range", `bytes ${object.range.start}-${object.range.end}/${size}`)
      .header("content-length", object.range.end - object.range.start + 1);
  } else {
    reply.header("content-length", size);
  }
  return reply.send(object.body);
}

/** A CSV export (`<name>-<date>.csv`), personal data: never cached. */
export const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", csvDisposition(name))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(csv);
