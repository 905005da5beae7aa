/**
 * One process at a time on an embedded database (pglite-lock.ts): a second process is refused with
 * the holder named, a lock left by a dead process (or by a process id given again) is taken over,
 * and the database opens again once closed.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, pgliteLockFile } from "./client.ts";
import { acquireDatabaseLock, DatabaseInUseError, processStartTime } from "./pglite-lock.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "nb-lock-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A process that runs until killed, and its pid. */
async function otherProcess() {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  await new Promise((resolve) => child.once("spawn", resolve));
  const pid = child.pid ?? 0;
  const ended = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    child.kill("SIGKILL");
    await ended;
  };
  return { pid, stop };
}

describe("acquireDatabaseLock", () => {
  it("refuses while another running process holds it, naming it, and takes it once that process is gone", async () => {
    const lock = path.join(dir, "pglite.lock");
    const other = await otherProcess();
    try {
      writeFileSync(lock, JSON.stringify({ pid: other.pid, started: processStartTime(other.pid) }));
      const refusal = await acquireDatabaseLock(lock).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DatabaseInUseError);
      expect((refusal as Error).message).toContain(`in use by process ${other.pid}`);
      expect((refusal as Error).message).toContain(lock);
    } finally {
      await other.stop();
    }
    // Killed (SIGKILL leaves the file behind): the next process takes the lock over.
    const release = await acquireDatabaseLock(lock);
    expect(JSON.parse(readFileSync(lock, "utf8")).pid).toBe(process.pid);
    await release();
    expect(existsSync(lock)).toBe(false);
  });

  it("takes over a lock whose process id now belongs to another process (a different start time)", async () => {
    const lock = path.join(dir, "pglite.lock");
    const started = processStartTime(process.pid);
    expect(started, "this machine has /proc").not.toBeNull();
    writeFileSync(lock, JSON.stringify({ pid: process.pid, started: (started ?? 0) - 1 }));
    const release = await acquireDatabaseLock(lock);
    await release();
  });

  it("refuses a second open in the same process, and takes over a file that is not a lock", async () => {
    const lock = path.join(dir, "pglite.lock");
    const release = await acquireDatabaseLock(lock);
    await expect(acquireDatabaseLock(lock)).rejects.toThrow(`in use by process ${process.pid} (this one)`);
    await release();
    writeFileSync(lock, "not json");
    await (await acquireDatabaseLock(lock))();
  });

  it("gives back only its own lock: a lock another process took over since stays", async () => {
    const lock = path.join(dir, "pglite.lock");
    const release = await acquireDatabaseLock(lock);
    const taken = JSON.stringify({ pid: 999_999_999, started: null });
    writeFileSync(lock, taken);
    await release();
    expect(readFileSync(lock, "utf8")).toBe(taken);
  });
});

describe("openDatabase on a data directory", () => {
  it("refuses a second process on the directory the server has open; the holder goes on, and it opens again once closed", async () => {
    const pgliteDir = path.join(dir, "pglite");
    const first = await openDatabase({ pgliteDir });
    try {
      // The second opener is another process, as a second `npm start` or the admin CLI would be.
      const script = `import { openDatabase } from ${JSON.stringify(new URL("./client.ts", import.meta.url).href)};
        try { await openDatabase({ pgliteDir: ${JSON.stringify(pgliteDir)} }); console.log("opened"); process.exit(0); }
        catch (error) { console.log(error.name + ": " + error.message); process.exit(1); }`;
      const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      const code = await new Promise((resolve) => child.once("exit", resolve));
      expect(output).toContain(`DatabaseInUseError: The embedded database is in use by process ${process.pid}`);
      expect(code).toBe(1);
      // The holder goes on working.
      await first.ping();
    } finally {
      await first.close();
    }
    expect(existsSync(pgliteLockFile(pgliteDir))).toBe(false);
    const again = await openDatabase({ pgliteDir });
    await again.close();
  }, 120_000);
});
