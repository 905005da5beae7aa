/** A process's memory from Linux's /proc/<pid>/status: a pure parser and a thin reader. */
import { readFileSync } from "node:fs";

export type StatusField = "VmRSS" | "VmHWM";

/** A field of /proc/<pid>/status (resident set now, or its high-water mark) in MiB; undefined if absent. */
export function parseStatusMb(status: string, field: StatusField): number | undefined {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status);
  return match ? Number(match[1]) / 1024 : undefined;
}

/** The field for `pid` in MiB; undefined if the process is gone or this is not Linux. */
export function statusMb(pid: number, field: StatusField): number | undefined {
  try {
    return parseStatusMb(readFileSync(`/proc/${pid}/status`, "utf8"), field);
  } catch {
    return undefined;
  }
}
