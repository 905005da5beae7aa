import type { FastifyInstance, FastifyRequest } from "fastify";
import { formatBytes } from "../../../shared/bytes.ts";
import {
  expiryMinutesSchema,
  maxDownloadsSchema,
  type SharedFile,
  sharePasswordSchema,
} from "../../../shared/files.ts";
import { controlCharacterErrors } from "../../lib/control-characters.ts";
import type { ShareAuditWriter, SharedFileRow } from "./repository.ts";

export interface ShareFields {
  expiryMinutes: number;
  /** In clear, to be hashed; undefined for none. */
  password: string | undefined;
  maxDownloads: number | null;
}

/**
 * A share's fields as the upload sent them (multipart fields, or tus Upload-Metadata): the values,
 * or the errors by field name. `password` and `maxDownloads` are optional: empty is "none".
 */
export function parseShareFields(
  fields: Readonly<Record<string, string | null | undefined>>,
): { ok: true; value: ShareFields } | { ok: false; errors: Record<string, string> } {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (typeof value === "string") present[name] = value;
  const errors: Record<string, string> = controlCharacterErrors(present);
  const expiry = expiryMinutesSchema.safeParse(present.expiryMinutes);
  if (!expiry.success) errors.expiryMinutes ??= expiry.error.issues[0]?.message ?? "Expiry is not valid";
  const password = present.password ? sharePasswordSchema.safeParse(present.password) : undefined;
  if (password && !password.success) errors.password ??= password.error.issues[0]?.message ?? "Not valid";
  const limit = present.maxDownloads?.trim() ? maxDownloadsSchema.safeParse(present.maxDownloads) : undefined;
  if (limit && !limit.success) errors.maxDownloads ??= limit.error.issues[0]?.message ?? "Not valid";
  if (!expiry.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { expiryMinutes: expiry.data, password: password?.data || undefined, maxDownloads: limit?.data ?? null },
  };
}

/** The audit entry of a new share (DESIGN §11), written in the share's transaction. */
export const auditShareCreated = (
  app: Pick<FastifyInstance, "audit">,
  request: FastifyRequest | undefined,
  actor: string,
): ShareAuditWriter =>
  app.audit.as({ actor, request }, "share.create", (created: SharedFileRow) => ({
    target: `share:${created.id}`,
    summary: `Shared ${created.fileName} (${formatBytes(created.sizeBytes)}) until ${created.expiresAt.toISOString()}${
      created.passwordHash ? ", with a password" : ""
    }${created.maxDownloads ? `, for ${created.maxDownloads} download${created.maxDownloads === 1 ? "" : "s"}` : ""}`,
  }));

/** A share as the API answers it; links are built on PUBLIC_ORIGIN, never on the request's Host. */
export const toSharedFile = (row: SharedFileRow, origin: string): SharedFile => ({
  id: row.id,
  fileName: row.fileName,
  fileUrl: `${origin}/share/${row.token}`,
  expiryDate: row.expiresAt.toISOString(),
  size: row.sizeBytes,
  contentType: row.contentType,
  createdAt: row.createdAt.toISOString(),
  downloads: row.downloads,
  lastDownloadAt: row.lastDownloadAt?.toISOString() ?? null,
  hasPassword: row.passwordHash !== null,
  maxDownloads: row.maxDownloads,
});
