/**
 * Who used the machine's cores between two /proc snapshots (proc-cpu.ts), by the part each process
 * plays in a measurement: pure arithmetic over the snapshots.
 */
import type { CpuSnapshot, ProcessTicks } from "./proc-cpu.ts";

/** Who is who during a measurement. */
export interface Roles {
  instances: number[];
  /** The measured database: PostgreSQL backends of other databases are someone else's. */
  database: string;
  nginx: number | undefined;
  /** A load-generating child process (the chat's browsers), counted by its own time. */
  clients?: number;
  /** The load generator is a child this process waits for (wrk): counted from `self`'s waited-for children. */
  wrk?: boolean;
  /** Processes of a topology that idles meanwhile. */
  idle: number[];
}

/** What the arithmetic needs to know of the machine. */
export interface Machine {
  /** Ticks per second (CLK_TCK). */
  clockTicks: number;
  cores: number;
  /** The measuring process (it also runs the s3rvers). */
  self: number;
}

/** The instances' mean run-queue wait (ms per second), kept in the same record as the cores. */
export const RUN_QUEUE = "instance waits ms/s";

/**
 * Cores used (1 = one core busy the whole interval) per group of processes; "interrupts" is the
 * kernel's irq and softirq time (loopback networking) that /proc/stat counts apart from processes,
 * "steal" what the hypervisor gave to others, "machine" everything busy but steal, "other" what
 * none of the groups accounts for.
 */
export type CpuUse = Record<string, number>;

/** Is this process PostgreSQL's, and serving `database` (backends of other databases are not)? */
export function postgresRole(t: ProcessTicks, database: string): "ours" | "theirs" | undefined {
  if (t.comm !== "postgres") return undefined;
  const title = `${t.title ?? ""} `;
  const backend = /\(\d+\) |\[local\] /.test(title);
  return !backend || title.includes(` ${database} `) ? "ours" : "theirs";
}

/** Ticks `pid` used between the snapshots (its waited-for children's too with `children`); 0 if it is gone. */
export function ticksBetween(before: CpuSnapshot, after: CpuSnapshot, pid: number, children = false): number {
  const now = after.processes.get(pid);
  if (!now) return 0;
  const value = (t: ProcessTicks | undefined) => (t ? t.own + (children ? t.children : 0) : 0);
  return Math.max(0, value(now) - value(before.processes.get(pid)));
}

export function cpuUse(before: CpuSnapshot, after: CpuSnapshot, roles: Roles, machine: Machine): CpuUse {
  const seconds = (after.at - before.at) / 1000;
  const cores = (ticks: number) => ticks / machine.clockTicks / seconds;
  const delta = (pid: number, children = false) => ticksBetween(before, after, pid, children);
  const group = (test: (t: ProcessTicks) => boolean, children: boolean) => {
    let sum = 0;
    for (const [pid, t] of after.processes) if (test(t)) sum += delta(pid, children);
    return sum;
  };
  const use: CpuUse = {};
  roles.instances.forEach((pid, i) => {
    use[`instance ${i + 1}`] = cores(delta(pid));
  });
  use.nginx = roles.nginx === undefined ? 0 : cores(delta(roles.nginx));
  const waited = (snapshot: CpuSnapshot) => snapshot.processes.get(machine.self)?.children ?? 0;
  use["load generator"] =
    roles.clients !== undefined
      ? cores(delta(roles.clients))
      : roles.wrk
        ? cores(Math.max(0, waited(after) - waited(before)))
        : 0;
  // Own time only: the postmaster's waited-for children are every database's ended backends.
  use.PostgreSQL = cores(group((t) => postgresRole(t, roles.database) === "ours", false));
  use.Redis = cores(group((t) => t.comm.startsWith("redis-server"), true));
  use["bench + s3rver"] = cores(delta(machine.self));
  use["idle topology"] = cores(roles.idle.reduce((sum, pid) => sum + delta(pid), 0));
  const share = (ticks: number) => (ticks / (after.total - before.total)) * machine.cores;
  const busy = share(after.busy - before.busy);
  use.interrupts = share(after.kernel - before.kernel);
  const accounted = Object.values(use).reduce((sum, n) => sum + n, 0);
  use.other = Math.max(0, busy - accounted);
  use.steal = share(after.steal - before.steal);
  use.machine = busy;
  // Not cores: how long the instances' event loops waited for a core, ms per second (their mean).
  const waits = roles.instances.map((pid) => {
    const [now, then] = [after.processes.get(pid), before.processes.get(pid)];
    return now && then ? (now.runDelayNs - then.runDelayNs) / 1e6 / seconds : 0;
  });
  use[RUN_QUEUE] = waits.reduce((sum, n) => sum + n, 0) / Math.max(1, waits.length);
  for (const key of Object.keys(use)) use[key] = Number(use[key]!.toFixed(2));
  return use;
}

/** The busiest processes that play no role: what "other" is made of, as "name cores", at most four. */
export function otherProcesses(before: CpuSnapshot, after: CpuSnapshot, roles: Roles, machine: Machine): string[] {
  const seconds = (after.at - before.at) / 1000;
  const known = new Set([...roles.instances, ...roles.idle, roles.nginx, roles.clients, machine.self]);
  const byName = new Map<string, number>();
  for (const [pid, t] of after.processes) {
    if (known.has(pid)) continue;
    const role = postgresRole(t, roles.database);
    if (role === "ours" || t.comm.startsWith("redis-server")) continue;
    const then = before.processes.get(pid);
    // Own time only: a parent's waited-for children (a test runner's workers) would count a past's worth at once.
    const ticks = t.own - (then ? then.own : 0);
    const name = role === "theirs" ? "postgres (other databases)" : t.comm;
    if (ticks > 0) byName.set(name, (byName.get(name) ?? 0) + ticks);
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ticks]) => `${name} ${(ticks / machine.clockTicks / seconds).toFixed(2)}`);
}
