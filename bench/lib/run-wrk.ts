/** Runs wrk and reads its report (wrk.ts); apart from wrk.ts so that its tests start no process. */
import { spawn } from "node:child_process";
import { parseWrkReport, type WrkResult, type WrkRun, wrkArgs } from "./wrk.ts";

/** The wrk executable: WRK_PATH, or Debian's. */
export const wrkPath = process.env.WRK_PATH ?? "/usr/bin/wrk";

/** Runs wrk to the end; rejects with its output when it fails or writes no report. */
export function runWrk(run: WrkRun, executable = wrkPath): Promise<WrkResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, wrkArgs(run), { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      const report = code === 0 ? parseWrkReport(output) : undefined;
      if (!report) return reject(new Error(`wrk failed (exit ${code}):\n${output}`));
      resolve(report);
    });
  });
}
