/**
 * A consistent backup of the embedded database and the files in DATA_DIR (DESIGN §13):
 *   npm run backup -- FILE
 * With the server of the same environment running, it asks that server over loopback (the
 * database can be opened by one process at a time); with nothing listening there, it opens
 * DATA_DIR itself. FILE is a gzipped tar (backup/archive.ts), checked once written; `npm run
 * restore -- FILE` brings it back.
 */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { readFile, rename, rm } from "node:fs/promises";
import { get, type IncomingMessage } from "node:http";
import { isIP } from "node:net";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { createGunzip, createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { formatBytes } from "../../shared/bytes.ts";
import { type BackupManifest, createBackupArchive, readBackupArchive } from "../backup/archive.ts";
import type { Config } from "../config.ts";
import { pgliteLockFile, snapshotPglite } from "../db/client.ts";
import { acquireDatabaseLock, DatabaseInUseError, isRunning } from "../db/pglite-lock.ts";
import { BACKUP_PATH, BACKUP_TOKEN_FILE, type BackupTokenFile } from "../plugins/backup.ts";
import { diskStore } from "../storage/disk-store.ts";
import { embeddedConfig } from "./backup-support.ts";
import { CliError, runAsScript } from "./script.ts";

const usage = `Usage: npm run backup -- FILE
Writes a backup of the embedded database and the stored files (a .tar.gz) to FILE.
With the server running (same environment) it is asked for the backup; otherwise DATA_DIR is read directly.`;

function parse(argv: string[]): { help: true } | { help: false; file: string } {
  let parsed: ReturnType<
    typeof parseArgs<{ options: { help: { type: "boolean"; short: "h" } }; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({ args: argv, options: { help: { type: "boolean", short: "h" } }, allowPositionals: true });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${usage}`, 2);
  }
  if (parsed.values.help) return { help: true };
  const [file, ...rest] = parsed.positionals;
  if (!file || rest.length > 0) throw new CliError(usage, 2);
  return { help: false, file: path.resolve(file) };
}

/** Where this machine reaches a server listening on `host`: wildcards mean loopback. */
export function loopbackAddress(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::") return "::1";
  return host;
}

async function readTokenFile(dataDir: string): Promise<BackupTokenFile | undefined> {
  try {
    const parsed = JSON.parse(
      await readFile(path.join(dataDir, BACKUP_TOKEN_FILE), "utf8"),
    ) as Partial<BackupTokenFile>;
    if (typeof parsed.token === "string" && typeof parsed.pid === "number") return parsed as BackupTokenFile;
  } catch {}
  return undefined;
}

/** The server's answer, or "nothing listens" when the connection is refused. */
function askServer(address: string, port: number, token: string | undefined): Promise<IncomingMessage | "refused"> {
  return new Promise((resolve, reject) => {
    const request = get({
      host: address,
      port,
      path: BACKUP_PATH,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      family: isIP(address) || undefined,
      // Nothing for this long (connecting, or between two chunks): the server is stuck.
      timeout: 120_000,
    });
    request.once("response", resolve);
    request.once("timeout", () => request.destroy(new Error("no answer for 120 s")));
    request.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED") resolve("refused");
      else reject(new CliError(`Cannot tell whether the server runs at ${address}:${port}: ${error.message}`));
    });
  });
}

async function refusal(response: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of response) text += chunk;
  try {
    return (JSON.parse(text) as { message?: string }).message ?? text;
  } catch {
    return text.slice(0, 200);
  }
}

/** Writes `archive` gzipped to a temporary file beside FILE, checks it, and only then names it FILE. */
async function writeChecked(archive: Readable, file: string): Promise<BackupManifest> {
  const partial = `${file}.partial-${randomBytes(6).toString("hex")}`;
  try {
    await pipeline(archive, createGzip(), createWriteStream(partial, { flags: "wx", mode: 0o600 }));
    const manifest = await readBackupArchive(createReadStream(partial).pipe(createGunzip()), {
      manifest: () => {},
      database: async () => {},
      secrets: async () => {},
      file: async (_key, _type, body) => {
        for await (const _ of body);
      },
    });
    await rename(partial, file);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function online(response: IncomingMessage, file: string): Promise<BackupManifest> {
  try {
    return await writeChecked(response, file);
  } catch (error) {
    throw new CliError(`The backup was cut off: ${(error as Error).message}. Nothing was written to ${file}.`);
  }
}

async function offline(config: Config, file: string, holder: BackupTokenFile | undefined): Promise<BackupManifest> {
  // A server that listens elsewhere (another HOST or PORT) may still have the folder open.
  if (holder && holder.pid !== process.pid && isRunning({ pid: holder.pid, started: null })) {
    throw new CliError(
      `A server (process ${holder.pid}) has ${config.dataDir} open but does not answer on port ${config.port}: run the backup with its PORT and HOST, or stop it first.`,
    );
  }
  const pgliteDir = path.join(config.dataDir, "pglite");
  if (!existsSync(path.join(pgliteDir, "PG_VERSION"))) {
    throw new CliError(`There is no database in ${config.dataDir}: nothing to back up.`);
  }
  // The lock the server takes: a process with the folder open that the token file did not name.
  const release = await acquireDatabaseLock(pgliteLockFile(pgliteDir)).catch((error: unknown) => {
    throw error instanceof DatabaseInUseError ? new CliError(error.message) : error;
  });
  const client = await PGlite.create(pgliteDir).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  try {
    const { stream } = await createBackupArchive({
      snapshot: () => snapshotPglite(client),
      objects: diskStore(path.join(config.dataDir, "files")),
      dataDir: config.dataDir,
      taken: "offline",
    });
    return await writeChecked(stream, file);
  } finally {
    await client.close();
    await release();
  }
}

export async function run(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const args = parse(argv);
  if (args.help) return usage;
  const config = embeddedConfig(env, "backup");
  const holder = await readTokenFile(config.dataDir);
  const address = loopbackAddress(config.host);
  const answer = await askServer(address, config.port, holder?.token);

  let manifest: BackupManifest;
  if (answer === "refused") {
    manifest = await offline(config, args.file, holder);
  } else if (answer.statusCode === 200) {
    manifest = await online(answer, args.file);
  } else {
    const reason = await refusal(answer);
    const hint = holder
      ? ""
      : ` (there is no ${BACKUP_TOKEN_FILE} in ${config.dataDir}: is it this DATA_DIR's server?)`;
    throw new CliError(`The server at ${address}:${config.port} refused the backup: ${reason}${hint}`);
  }
  const how = manifest.taken === "online" ? "asked of the running server" : "read from DATA_DIR";
  return `Backup written to ${args.file} (${how}): the database (${formatBytes(manifest.database.bytes)}) and ${manifest.files.count} files (${formatBytes(manifest.files.bytes)}).`;
}

await runAsScript(import.meta.url, run);
