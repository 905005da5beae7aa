import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { drawingRevisions, transmittalMarkups, transmittalSheets } from "../../db/schema.ts";
import { payloadTooLarge } from "../../lib/errors.ts";
import type { UploadStore } from "../../lib/uploads.ts";
import { pdfWithMarkups } from "./markup-pdf-write.ts";
import { markupRepository } from "./markup-repository.ts";

/** A stored file's bytes, at most `max` of them (a larger one is a 413), or undefined when it is gone. */
export async function storedBytes(store: UploadStore, key: string, max: number): Promise<Buffer | undefined> {
  const object = await store.open(key);
  if (!object) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of object.body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      object.body.destroy();
      throw payloadTooLarge("This file is too large to read its markups.");
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The name a kept copy goes by in the transmittal's files: `{sheet}-rev-{revision}-markups.pdf`. */
export const keptCopyName = (number: string, revision: string) =>
  `${number}-rev-${revision}-markups.pdf`.replace(/[^A-Za-z0-9._-]/g, "_");

/**
 * DESIGN §18 "the response record keeps that file" (decision 069): when a review is sent, each of
 * its sheets that has markups made through the link gets the revision's PDF with those markups
 * written in, stored beside the client's own marked-up files (`transmittal_markups`, listed and
 * served as they are). Runs inside the submission's transaction, after its lock: no markup of the
 * link can change meanwhile, and a submission that fails leaves a file no row names, which the
 * start-up reconciliation removes. A sheet whose PDF will not load is left without a copy (the
 * response is never refused for it); the markups stay as data either way.
 */
export async function keepMarkedUpCopies(
  tx: Db,
  transmittalId: number,
  stores: { drawings: UploadStore; markups: UploadStore },
  log: { warn: (what: object, message: string) => void },
): Promise<number> {
  const sheets = await tx
    .select({
      number: transmittalSheets.number,
      revision: transmittalSheets.revision,
      revisionId: drawingRevisions.id,
      fileKey: drawingRevisions.fileKey,
    })
    .from(transmittalSheets)
    .innerJoin(
      drawingRevisions,
      and(
        eq(drawingRevisions.drawingId, transmittalSheets.drawingId),
        eq(drawingRevisions.revision, transmittalSheets.revision),
      ),
    )
    .where(eq(transmittalSheets.transmittalId, transmittalId));
  const markups = markupRepository(tx);
  let kept = 0;
  for (const sheet of sheets) {
    const drawn = await markups.list(sheet.revisionId, { transmittalId });
    if (drawn.length === 0) continue;
    let bytes: Uint8Array;
    try {
      const original = await storedBytes(stores.drawings, sheet.fileKey, Number.MAX_SAFE_INTEGER);
      if (!original) throw new Error("the revision's file is gone");
      bytes = await pdfWithMarkups(original, drawn);
    } catch (error) {
      log.warn({ err: error, sheet: sheet.number }, "a reviewed sheet's marked-up copy could not be made");
      continue;
    }
    const saved = await stores.markups.save(Readable.from([Buffer.from(bytes)]), { truncated: () => false });
    await tx.insert(transmittalMarkups).values({
      transmittalId,
      number: sheet.number,
      fileKey: saved.key,
      fileName: keptCopyName(sheet.number, sheet.revision),
      size: saved.size,
    });
    kept += 1;
  }
  return kept;
}
