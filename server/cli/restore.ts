/**
 * Brings back a backup made by `npm run backup` (DESIGN §13):
 *   npm run restore -- FILE
 * into DATA_DIR, which must be empty or not exist yet: the database (PGlite's data directory), the
 * stored files with their content types, and secrets.json. The archive is checked against its
 * manifest as it is read; on any failure what was written is taken away again. Start the server
 * on DATA_DIR afterwards: it applies any newer migrations as at every start.
 */
import { createReadStream } from "node:fs";
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { createGunzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { formatBytes } from "../../shared/bytes.ts";
import { BackupFormatError, type BackupManifest, entries, readBackupArchive } from "../backup/archive.ts";
import { diskStore } from "../storage/disk-store.ts";
import { embeddedConfig } from "./backup-support.ts";
import { CliError, runAsScript } from "./script.ts";

const usage = `Usage: npm run restore -- FILE
Restores a backup made by npm run backup into DATA_DIR, which must be empty or not exist yet.`;

/** What a new file system puts in every empty volume's root: still an empty folder for a restore. */
const IGNORED = new Set(["lost+found"]);

function parse(argv: string[]): { help: true } | { help: false; file: string } {
  let positionals: string[];
  let help: boolean | undefined;
  try {
    ({
      positionals,
      values: { help },
    } = parseArgs({
      args: argv,
      options: { help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    }));
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${usage}`, 2);
  }
  if (help) return { help: true };
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw new CliError(usage, 2);
  return { help: false, file: path.resolve(file) };
}

/** Whether DATA_DIR exists; refuses one that holds anything. */
async function checkEmpty(dataDir: string): Promise<boolean> {
  let names: string[];
  try {
    names = await readdir(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return false;
    if (code === "ENOTDIR") throw new CliError(`DATA_DIR (${dataDir}) is a file, not a folder.`);
    throw error;
  }
  if (names.some((name) => !IGNORED.has(name))) {
    throw new CliError(
      `DATA_DIR (${dataDir}) is not empty: restore writes only into an empty or new folder (set DATA_DIR to another one, or move this one away).`,
    );
  }
  return true;
}

export async function run(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const args = parse(argv);
  if (args.help) return usage;
  const { dataDir } = embeddedConfig(env, "restore");
  const info = await stat(args.file).catch(() => undefined);
  if (!info?.isFile()) throw new CliError(`No backup file at ${args.file}.`);
  const existed = await checkEmpty(dataDir);

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const files = diskStore(path.join(dataDir, "files"));
  let database: Uint8Array<ArrayBuffer> | undefined;
  let manifest: BackupManifest;
  try {
    try {
      manifest = await readBackupArchive(createReadStream(args.file).pipe(createGunzip()), {
        manifest: () => {},
        database: async (bytes) => {
          database = new Uint8Array(bytes);
        },
        secrets: (bytes) => writeFile(path.join(dataDir, entries.secrets), bytes, { flag: "wx", mode: 0o600 }),
        file: async (key, contentType, body) => {
          await files.put(key, body, { contentType });
        },
      });
    } catch (error) {
      if (error instanceof BackupFormatError) throw new CliError(error.message);
      throw new CliError(`The backup cannot be read: ${(error as Error).message}.`);
    }
    // PGlite unpacks its own tarball into the new data directory, then is closed cleanly.
    const client = await PGlite.create(path.join(dataDir, "pglite"), {
      loadDataDir: new Blob([database as Uint8Array<ArrayBuffer>]),
    });
    try {
      await client.query("select 1");
    } finally {
      await client.close();
    }
  } catch (error) {
    // Back to the empty (or absent) folder it was.
    if (existed) {
      for (const name of await readdir(dataDir)) {
        if (!IGNORED.has(name)) await rm(path.join(dataDir, name), { recursive: true, force: true });
      }
    } else {
      await rm(dataDir, { recursive: true, force: true });
    }
    throw error;
  }
  return `Restored into ${dataDir}: the database (${formatBytes(manifest.database.bytes)}) and ${manifest.files.count} files (${formatBytes(manifest.files.bytes)}) of the backup taken ${manifest.createdAt} (app ${manifest.appVersion}).`;
}

await runAsScript(import.meta.url, run);
