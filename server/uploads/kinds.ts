import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import type { SavedUpload, SaveUploadOptions, UploadStore } from "../lib/uploads.ts";
import type { ResumableUploadRow } from "./repository.ts";

/** What a module checked when an upload began (kept on the upload's row). */
export interface BegunUpload {
  /** What the module's limits count against, e.g. `file-request:12` (`reservedBytes` sums it). */
  scope: string;
  /** The client's file name, made safe. */
  fileName: string;
  /** What the module needs when the file is complete (JSON; never a password in clear). */
  data: Record<string, unknown>;
}

/**
 * A module that receives files by resumable upload (DESIGN §12): shares (files module) and file
 * requests. The uploads plugin speaks tus and keeps the parts; the module decides who may upload
 * what, and takes the complete file.
 */
export interface ResumableKind {
  name: string;
  /** Whether an upload with this Upload-Metadata is for this module (the first that says so takes it). */
  claims(metadata: Readonly<Record<string, string | null>>): boolean;
  /** Where the complete file goes, and how its content is checked. */
  files: UploadStore;
  saveOptions?: Pick<SaveUploadOptions, "checkHead" | "classify">;
  /**
   * At the creation (POST): who asks, for what; throws an HttpError to refuse (400, 401, 403, 404,
   * 410, 413). Calls `record` to store the upload, in a transaction of its own when a limit it
   * checks must hold against uploads beginning at the same time (lock what it counts first).
   * Nothing else may use the database while that transaction is open (the embedded database has
   * one connection).
   */
  begin(
    request: FastifyRequest,
    upload: { size: number; metadata: Readonly<Record<string, string | null>> },
    record: (begun: BegunUpload, tx?: Db) => Promise<void>,
  ): Promise<BegunUpload>;
  /** Every later request (HEAD, PATCH, DELETE): may this one go on with it? Throws an HttpError if not. */
  allow(request: FastifyRequest, upload: ResumableUploadRow): Promise<void>;
  /**
   * The file is complete and stored (`saved`): commit the module's row for it in `tx`, the
   * transaction that ends the upload. Returns the final answer's body (JSON) and what to do once
   * it has committed (an e-mail).
   */
  finish(
    tx: Db,
    request: FastifyRequest | undefined,
    upload: ResumableUploadRow,
    saved: SavedUpload,
  ): Promise<{ body: unknown; afterCommit?: () => void }>;
}
