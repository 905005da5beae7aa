/** Files exchanged with clients (DESIGN §12): share links, file requests and resumable uploads. */
import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { createdAt, timestamptz } from "./columns.ts";

/** Files an admin shares with clients through an expiring public link. */
export const sharedFiles = pgTable(
  "shared_files",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    fileName: text("file_name").notNull(),
    /** Unguessable public token used in the link; also the storage key. */
    token: text("token").notNull().unique(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    uploadedBy: bigint("uploaded_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When the sweep erased the file of an expired share; the row stays, so its link answers 410 for good. */
    fileErasedAt: timestamptz("file_erased_at"),
    /** DESIGN §12: argon2id hash of the link's optional password (the link then shows a password page first). */
    passwordHash: text("password_hash"),
    /** Downloads allowed before the link answers 410 for good; null for no limit. */
    maxDownloads: integer("max_downloads"),
    /** Downloads started (whole-file answers), and when the last one was. */
    downloads: integer("downloads").notNull().default(0),
    lastDownloadAt: timestamptz("last_download_at"),
    /** When an admin stopped sharing it: the link answers 410 for good and the file is erased. */
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [index("shared_files_expires_at_idx").on(t.expiresAt)],
);

/**
 * DESIGN §12 file requests: a link (`/upload/<token>`) through which a client sends files, until
 * `expiresAt`, up to `maxTotalBytes` in all. Deleting one deletes its received files' rows (and
 * the module erases their objects).
 */
export const fileRequests = pgTable(
  "file_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Unguessable: the client's link. */
    token: text("token").notNull().unique(),
    title: text("title").notNull(),
    message: text("message"),
    expiresAt: timestamptz("expires_at").notNull(),
    maxTotalBytes: bigint("max_total_bytes", { mode: "number" }).notNull(),
    /** argon2id hash of the optional password the client's page asks for. */
    passwordHash: text("password_hash"),
    createdBy: bigint("created_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When the admin was last e-mailed about arriving files (one e-mail per quiet spell, not one per file). */
    notifiedAt: timestamptz("notified_at"),
  },
  (t) => [index("file_requests_expires_at_idx").on(t.expiresAt)],
);

/** A file a client sent through a file request; `key` names it in the object store (`requests/<key>`). */
export const receivedFiles = pgTable(
  "received_files",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    requestId: bigint("request_id", { mode: "number" })
      .notNull()
      .references(() => fileRequests.id, { onDelete: "cascade" }),
    key: text("key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
  },
  (t) => [index("received_files_request_id_idx").on(t.requestId)],
);

/** One stored piece of a resumable upload: `uploads/<upload id>.<random>` in the object store. */
export interface UploadPart {
  name: string;
  size: number;
}

/**
 * DESIGN §12 resumable (tus) uploads in progress. The bytes are parts in the object store, so any
 * instance can take the next PATCH; `offset` only moves by a conditional update, so two writers
 * can never both extend it. `kind` says which module receives the file (`share`, `file-request`),
 * `scope` what its limits count against (`file-request:12`), `data` what that module checked at
 * the start (never a password in clear). Once complete, `result` is the final answer's body.
 */
export const resumableUploads = pgTable(
  "resumable_uploads",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    scope: text("scope").notNull(),
    fileName: text("file_name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    offset: bigint("offset", { mode: "number" }).notNull().default(0),
    parts: jsonb("parts").$type<UploadPart[]>().notNull().default(sql`'[]'::jsonb`),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    /** The last time bytes arrived; unfinished uploads are dropped a day after it. */
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    completedAt: timestamptz("completed_at"),
    result: jsonb("result"),
  },
  (t) => [index("resumable_uploads_scope_idx").on(t.scope), index("resumable_uploads_updated_at_idx").on(t.updatedAt)],
);
