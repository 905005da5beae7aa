import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { FastifyReply } from "fastify";
import { csvDisposition } from "./csv.ts";
import { notFound } from "./errors.ts";
import { attachmentDisposition } from "./file-names.ts";
import type { UploadStore } from "./uploads.ts";

/** An admin download of a stored upload: an attachment no browser will render or run, never cached. */
export async function sendStoredFile(reply: FastifyReply, store: UploadStore, key: string, name: string, type: string) {
  const file = store.pathOf(key);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw notFound("The file is no longer on the server.");
  reply
    .header("content-type", type || "application/octet-stream")
    .header("content-length", info.size)
    .header("content-disposition", attachmentDisposition(name))
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("cache-control", "private, no-store")
    .header("referrer-policy", "no-referrer")
    .header("x-robots-tag", "noindex, nofollow");
  return reply.send(createReadStream(file));
}

/** A CSV export (`<name>-<date>.csv`), personal data: never cached. */
export const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", csvDisposition(name))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(csv);
