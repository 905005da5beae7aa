/**
 * One process at a time on an embedded database. PGlite takes no lock on its data directory: two
 * processes on one DATA_DIR (a second `npm start` on another PORT, the admin CLI with another
 * PORT) both open it, both write, and rows are silently lost. PostgreSQL refuses with its
 * postmaster.pid; this is that, for PGlite: a lock file beside the directory naming the process
 * that holds it. A lock left by a process that died (SIGKILL, a crash) is taken over; so is one
 * whose process id was given again to another process since (a container restarted), told apart
 * by the process's start time where the system says it (/proc on Linux).
 */
import { readFileSync } from "node:fs";
import { readFile, unlink, writeFile } from "node:fs/promises";

export class DatabaseInUseError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database is in use by process ${holder.pid}${holder.pid === process.pid ? " (this one)" : ""}: ` +
        `stop it first, as only one process may open it at a time (lock file: ${lockFile}).`,
    );
    this.name = "DatabaseInUseError";
  }
}

export interface LockHolder {
  pid: number;
  /** When the process started, in the system's own unit (clock ticks since boot on Linux); null where unknown. */
  started: number | null;
}

/** The start time of process `pid` (field 22 of /proc/<pid>/stat), or null where there is no /proc. */
export function processStartTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count from the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const started = Number(fields[19]);
    return Number.isFinite(started) ? started : null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote `holder` is still running (and is the same process). */
export function isRunning(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, under another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (holder.started === null) return true;
  const started = processStartTime(holder.pid);
  return started === null || started === holder.started;
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid !== "number" || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return undefined;
    return { pid: parsed.pid, started: typeof parsed.started === "number" ? parsed.started : null };
  } catch {
    return undefined;
  }
}

const readText = (file: string) =>
  readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });

/**
 * Takes the lock `lockFile` for this process, or throws DatabaseInUseError naming the process that
 * holds it. Resolves with the function that gives it back.
 */
export async function acquireDatabaseLock(lockFile: string): Promise<() => Promise<void>> {
  const mine = `${JSON.stringify({ pid: process.pid, started: processStartTime(process.pid) })}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await writeFile(lockFile, mine, { flag: "wx", mode: 0o600 });
      return async () => {
        if ((await readText(lockFile)) === mine) await unlink(lockFile).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const text = await readText(lockFile);
    if (text === undefined) continue;
    const holder = parseHolder(text);
    // A half-written file is a process writing it right now: ask again.
    if (!holder) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if ((await readText(lockFile)) !== text) continue;
    } else if (isRunning(holder)) {
      // This process too: a second open of the same directory here would lose rows just as well.
      throw new DatabaseInUseError(lockFile, holder);
    }
    // Left by a process that is gone (or unreadable for good): take it over, unless another
    // process took it over in the meantime.
    if ((await readText(lockFile)) === text) await unlink(lockFile).catch(() => {});
  }
  throw new Error(`Could not take the lock ${lockFile}: other processes keep taking it.`);
}
