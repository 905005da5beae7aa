/**
 * CPU time from Linux's /proc: per process (/proc/<pid>/stat, /proc/<pid>/schedstat) and for the
 * whole machine (/proc/stat). The parsers are pure; the readers are thin.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface ProcessTicks {
  comm: string;
  ppid: number;
  /** utime + stime */
  own: number;
  /** cutime + cstime: children that ended and were waited for. */
  children: number;
  /** The main thread's time runnable but waiting for a core (ns, /proc/<pid>/schedstat): a Node process's event loop. */
  runDelayNs: number;
  /** The command line, for the processes it was asked for (PostgreSQL's title names a backend's database). */
  title?: string;
}

/** Ticks of the whole machine since boot: busy (steal not included), interrupts, stolen, all. */
export interface MachineTicks {
  busy: number;
  kernel: number;
  steal: number;
  total: number;
}

export interface CpuSnapshot extends MachineTicks {
  /** performance.now() when it was taken. */
  at: number;
  processes: Map<number, ProcessTicks>;
}

/** /proc/<pid>/stat: the command name (which may hold spaces and parentheses), the parent, the CPU ticks. */
export function parseProcessStat(stat: string): Pick<ProcessTicks, "comm" | "ppid" | "own" | "children"> {
  const close = stat.lastIndexOf(")");
  const comm = stat.slice(stat.indexOf("(") + 1, close);
  // After ") ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
  const fields = stat.slice(close + 2).split(" ");
  return {
    comm,
    ppid: Number(fields[1]),
    own: Number(fields[11]) + Number(fields[12]),
    children: Number(fields[13]) + Number(fields[14]),
  };
}

/** /proc/<pid>/schedstat: time on a core, time waiting for one (ns), timeslices. */
export function parseRunDelayNs(schedstat: string): number {
  return Number(schedstat.trim().split(/\s+/)[1]);
}

/** The first line of /proc/stat: `cpu  user nice system idle iowait irq softirq steal …` (ticks). */
export function parseMachineTicks(procStat: string): MachineTicks {
  const cpu = procStat.split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const [, , , idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = cpu;
  const total = cpu.reduce((sum, n) => sum + n, 0);
  return { busy: total - idle - iowait - steal, kernel: irq + softirq, steal, total };
}

/** AT_CLKTCK in the auxiliary vector: pairs of native words (type, value). */
const AT_CLKTCK = 17n;

/** The clock ticks per second from /proc/self/auxv's bytes (64-bit little-endian); undefined if absent. */
export function parseClockTicks(auxv: Buffer): number | undefined {
  for (let offset = 0; offset + 16 <= auxv.length; offset += 16) {
    const type = auxv.readBigUInt64LE(offset);
    if (type === 0n) break;
    if (type === AT_CLKTCK) return Number(auxv.readBigUInt64LE(offset + 8));
  }
  return undefined;
}

/** The kernel's clock ticks per second (what /proc's times count in): CLK_TCK, 100 if unknown. */
export function clockTicksPerSecond(): number {
  try {
    return parseClockTicks(readFileSync("/proc/self/auxv")) || 100;
  } catch {
    return 100;
  }
}

export interface ReadOptions {
  /** Whose command line to read as `title` (by command name). */
  titleOf?: (comm: string) => boolean;
}

/** One process's ticks; undefined if it is gone (or this is not Linux). */
export function readProcessTicks(pid: number, options: ReadOptions = {}): ProcessTicks | undefined {
  try {
    const ticks = parseProcessStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
    const title = options.titleOf?.(ticks.comm)
      ? readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ")
      : undefined;
    return { ...ticks, title, runDelayNs: parseRunDelayNs(readFileSync(`/proc/${pid}/schedstat`, "utf8")) };
  } catch {
    return undefined;
  }
}

/** Every process's ticks, by pid. */
export function readProcesses(options: ReadOptions = {}): Map<number, ProcessTicks> {
  const processes = new Map<number, ProcessTicks>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const ticks = readProcessTicks(Number(entry), options);
    if (ticks) processes.set(Number(entry), ticks);
  }
  return processes;
}

/** Every process's ticks and the machine's, now. */
export function readCpuSnapshot(options: ReadOptions = {}): CpuSnapshot {
  const processes = readProcesses(options);
  return { at: performance.now(), ...parseMachineTicks(readFileSync("/proc/stat", "utf8")), processes };
}
