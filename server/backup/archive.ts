/**
 * The backup archive (DESIGN §13): one tar holding, in this order,
 *   manifest.json          what the archive holds (format version, when, the app's version, counts)
 *   database.tar.gz        PGlite's data directory, as PGlite's dumpDataDir makes it
 *   secrets.json           DATA_DIR/secrets.json, when there is one
 *   files/<namespace>/<name>   every stored file, its content type in a PAX header
 * The server streams it as a plain tar; the CLI gzips it into FILE (the CPU is spent there).
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";
import { z } from "zod";
import { type ObjectStore, parseKey } from "../storage/object-store.ts";

export const BACKUP_FORMAT = "steelcraft-backup";
/** Raised when the archive's layout changes; restore refuses a version it does not know. */
export const BACKUP_VERSION = 1;

export const entries = {
  manifest: "manifest.json",
  database: "database.tar.gz",
  secrets: "secrets.json",
  filesPrefix: "files/",
} as const;

/** The freedesktop extended attribute for a MIME type: GNU tar --xattrs restores it as one. */
const CONTENT_TYPE_PAX = "SCHILY.xattr.user.mime_type";

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  /** online: asked of the running server; offline: the CLI opened DATA_DIR itself. */
  taken: z.enum(["online", "offline"]),
  database: z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  secrets: z.boolean(),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export interface BackupSource {
  /** The database's data directory, as Database.snapshot gives it. */
  snapshot(): Promise<Blob>;
  /**
   * Asked just before the snapshot: files whose removal was asked for by then, which the
   * snapshot does not need (storage/deletion-hold.ts explains why). None offline.
   */
  removedBeforeSnapshot?(): Set<string>;
  /** Where the files are read from (under a hold, the store underneath it). */
  objects: ObjectStore;
  dataDir: string;
  taken: BackupManifest["taken"];
}

export const appVersion = async () =>
  (JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function readIfAny(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Takes the database snapshot and lists the files, then streams the archive: file by file, each
 * read from the store as the reader takes it (never the whole set in memory; the database
 * snapshot is). The stream fails if a listed file cannot be read; it closes (end or failure)
 * once the last file has been read.
 */
export async function createBackupArchive(
  source: BackupSource,
): Promise<{ manifest: BackupManifest; stream: Readable }> {
  const excluded = source.removedBeforeSnapshot?.() ?? new Set<string>();
  const database = new Uint8Array(await (await source.snapshot()).arrayBuffer());
  const files: { key: string; size: number }[] = [];
  for await (const object of source.objects.list("")) {
    if (!excluded.has(object.key)) files.push({ key: object.key, size: object.size });
  }
  files.sort((a, b) => (a.key < b.key ? -1 : 1));
  const secrets = await readIfAny(path.join(source.dataDir, entries.secrets));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    appVersion: await appVersion(),
    taken: source.taken,
    database: { bytes: database.byteLength, sha256: sha256(database) },
    files: { count: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0) },
    secrets: secrets !== undefined,
  };

  const pack = tar.pack();
  const add = (name: string, content: Uint8Array, mode = 0o600) =>
    new Promise<void>((resolve, reject) =>
      pack.entry({ name, mode, mtime: new Date(manifest.createdAt) }, content, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  const write = async () => {
    await add(entries.manifest, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 0o644);
    await add(entries.database, database);
    if (secrets) await add(entries.secrets, secrets);
    for (const file of files) {
      // The reader went away: stop here (the stream is already closed).
      if (pack.destroying) return;
      const object = await source.objects.get(file.key);
      if (!object) throw new Error(`${file.key} disappeared during the backup`);
      try {
        // The size as the open file has it: the header must promise exactly the bytes that follow.
        const entry = pack.entry({
          name: `${entries.filesPrefix}${file.key}`,
          size: object.size,
          mode: 0o600,
          mtime: object.modifiedAt,
          pax: { [CONTENT_TYPE_PAX]: object.contentType },
        });
        await pipeline(object.body, entry);
      } finally {
        // Whatever happened, the open file is let go of (a no-op once read to its end).
        object.body.destroy();
      }
    }
    pack.finalize();
  };
  write().catch((error: unknown) => pack.destroy(error as Error));
  return { manifest, stream: Readable.from(pack, { objectMode: false }) };
}

/** A backup a restore cannot use: printed as is. */
export class BackupFormatError extends Error {}

export interface ArchiveEntryHandlers {
  manifest(manifest: BackupManifest): Promise<void> | void;
  database(bytes: Uint8Array): Promise<void>;
  secrets(bytes: Uint8Array): Promise<void>;
  file(key: string, contentType: string, body: Readable): Promise<void>;
}

const MAX_SMALL_ENTRY = 64 * 1024;

async function readEntry(entry: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of entry) {
    length += (chunk as Buffer).length;
    if (length > limit) throw new BackupFormatError("The backup is damaged: an entry is larger than it may be.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads an archive (already gunzipped) entry by entry, checking it as it goes: the manifest first
 * and of a known version, then only the entries it may hold, each once; at the end, that the
 * database and the number and size of the files are what the manifest says.
 */
export async function readBackupArchive(input: Readable, handle: ArchiveEntryHandlers): Promise<BackupManifest> {
  const extract = tar.extract();
  const reading = pipeline(input, extract);
  // A damaged gzip stream fails both the pipeline and the loop below: the loop's error is the one told.
  reading.catch(() => {});
  try {
    return await readEntries(extract, handle);
  } finally {
    extract.destroy();
    await reading.catch(() => {});
  }
}

async function readEntries(extract: tar.Extract, handle: ArchiveEntryHandlers): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  let database: Uint8Array | undefined;
  let secrets = false;
  let count = 0;
  let bytes = 0;
  for await (const entry of extract) {
    const { name, type, pax } = entry.header;
    const body = Readable.from(entry, { objectMode: false });
    if (!manifest) {
      if (name !== entries.manifest)
        throw new BackupFormatError("This is not a backup of this app (no manifest first).");
      manifest = parseManifest(await readEntry(body, MAX_SMALL_ENTRY));
      await handle.manifest(manifest);
      continue;
    }
    if (type !== "file") throw new BackupFormatError(`The backup holds an unexpected entry: ${name}.`);
    if (name === entries.database && !database) {
      database = await readEntry(body, manifest.database.bytes);
      if (database.byteLength !== manifest.database.bytes || sha256(database) !== manifest.database.sha256) {
        throw new BackupFormatError("The backup is damaged: its database does not match its manifest.");
      }
      await handle.database(database);
    } else if (name === entries.secrets && !secrets && manifest.secrets) {
      secrets = true;
      await handle.secrets(await readEntry(body, MAX_SMALL_ENTRY));
    } else if (name.startsWith(entries.filesPrefix)) {
      const key = name.slice(entries.filesPrefix.length);
      try {
        parseKey(key);
      } catch {
        throw new BackupFormatError(`The backup holds an unexpected entry: ${name}.`);
      }
      const contentType = (pax as Record<string, string> | null | undefined)?.[CONTENT_TYPE_PAX];
      count++;
      bytes += entry.header.size;
      await handle.file(key, contentType ?? "application/octet-stream", body);
    } else {
      throw new BackupFormatError(`The backup holds an unexpected entry: ${name}.`);
    }
  }
  if (!manifest) throw new BackupFormatError("This is not a backup of this app (it is empty).");
  if (!database) throw new BackupFormatError("The backup is incomplete: it holds no database.");
  if (manifest.secrets && !secrets) throw new BackupFormatError("The backup is incomplete: its secrets are missing.");
  if (count !== manifest.files.count || bytes !== manifest.files.bytes) {
    throw new BackupFormatError(
      `The backup is incomplete: ${count} files (${bytes} bytes) where its manifest says ${manifest.files.count} (${manifest.files.bytes} bytes).`,
    );
  }
  return manifest;
}

function parseManifest(text: Buffer): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text.toString("utf8"));
  } catch {
    throw new BackupFormatError("This is not a backup of this app (its manifest is not JSON).");
  }
  const format = (json as { format?: unknown; version?: unknown } | null) ?? {};
  if (format.format !== BACKUP_FORMAT) throw new BackupFormatError("This is not a backup of this app.");
  if (typeof format.version === "number" && format.version > BACKUP_VERSION) {
    throw new BackupFormatError(
      `This backup has format version ${format.version}; this version of the app reads up to ${BACKUP_VERSION}: restore it with a newer one.`,
    );
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupFormatError("The backup's manifest is not valid.");
  return parsed.data;
}
