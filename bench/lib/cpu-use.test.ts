import { describe, expect, it } from "vitest";
import { cpuUse, type Machine, otherProcesses, postgresRole, type Roles, RUN_QUEUE, ticksBetween } from "./cpu-use.ts";
import type { CpuSnapshot, ProcessTicks } from "./proc-cpu.ts";

const machine: Machine = { clockTicks: 100, cores: 2, self: 1000 };

function ticks(comm: string, own: number, extra: Partial<ProcessTicks> = {}): ProcessTicks {
  return { comm, ppid: 1, own, children: 0, runDelayNs: 0, ...extra };
}

// PostgreSQL's process titles as /proc/<pid>/cmdline gives them (NULs as spaces).
const ourBackend = "postgres: 15/main: postgres scale_db 127.0.0.1(54321) idle ";
const theirBackend = "postgres: 15/main: postgres other_db [local] idle ";
const checkpointer = "postgres: 15/main: checkpointer ";

/** Two seconds, two cores at 100 ticks a second: 400 ticks of the machine's in all. */
const before: CpuSnapshot = {
  at: 0,
  busy: 1000,
  kernel: 100,
  steal: 0,
  total: 10_000,
  processes: new Map([
    [1000, ticks("node", 5)],
    [2001, ticks("node", 100)],
    [2002, ticks("node", 50)],
    [3000, ticks("nginx", 10)],
    [4001, ticks("postgres", 0, { title: ourBackend })],
    [4002, ticks("postgres", 1, { title: checkpointer })],
    [4003, ticks("postgres", 0, { title: theirBackend })],
    [5000, ticks("redis-server", 4)],
    [6000, ticks("node", 0)],
    [7000, ticks("vitest", 0)],
    [8000, ticks("gone", 50)],
  ]),
};
const after: CpuSnapshot = {
  at: 2000,
  busy: 1300,
  kernel: 120,
  steal: 10,
  total: 10_400,
  processes: new Map([
    [1000, ticks("node", 15, { children: 40 })],
    [2001, ticks("node", 200, { runDelayNs: 200e6 })],
    [2002, ticks("node", 90, { runDelayNs: 100e6 })],
    [3000, ticks("nginx", 30)],
    [4001, ticks("postgres", 20, { title: ourBackend })],
    [4002, ticks("postgres", 3, { title: checkpointer })],
    [4003, ticks("postgres", 8, { title: theirBackend })],
    [5000, ticks("redis-server", 8, { children: 2 })],
    [6000, ticks("node", 2)],
    [7000, ticks("vitest", 30)],
    [7001, ticks("sh", 4)],
  ]),
};
const roles: Roles = { instances: [2001, 2002], database: "scale_db", nginx: 3000, wrk: true, idle: [6000] };

describe("PostgreSQL's processes", () => {
  it("are ours when they serve the measured database or no database, theirs when another's", () => {
    expect(postgresRole(ticks("postgres", 0, { title: ourBackend }), "scale_db")).toBe("ours");
    expect(postgresRole(ticks("postgres", 0, { title: checkpointer }), "scale_db")).toBe("ours");
    expect(postgresRole(ticks("postgres", 0, { title: theirBackend }), "scale_db")).toBe("theirs");
    expect(postgresRole(ticks("node", 0), "scale_db")).toBeUndefined();
  });
});

describe("the cores used between two snapshots", () => {
  it("counts a process's ticks, its waited-for children's if asked, nothing for one gone", () => {
    expect(ticksBetween(before, after, 1000)).toBe(10);
    expect(ticksBetween(before, after, 1000, true)).toBe(50);
    expect(ticksBetween(before, after, 7001)).toBe(4);
    expect(ticksBetween(before, after, 8000)).toBe(0);
  });

  it("shares them out by role, wrk counted as this process's waited-for children", () => {
    expect(cpuUse(before, after, roles, machine)).toEqual({
      "instance 1": 0.5,
      "instance 2": 0.2,
      nginx: 0.1,
      "load generator": 0.2,
      PostgreSQL: 0.11,
      Redis: 0.03,
      "bench + s3rver": 0.05,
      "idle topology": 0.01,
      interrupts: 0.1,
      other: 0.2,
      steal: 0.05,
      machine: 1.5,
      [RUN_QUEUE]: 75,
    });
  });

  it("counts a client process as the load generator", () => {
    const use = cpuUse(before, after, { ...roles, wrk: false, clients: 7000 }, machine);
    expect(use["load generator"]).toBe(0.15);
  });

  it("names the busiest processes that play no role", () => {
    expect(otherProcesses(before, after, roles, machine)).toEqual([
      "vitest 0.15",
      "postgres (other databases) 0.04",
      "sh 0.02",
    ]);
    expect(otherProcesses(before, after, { ...roles, clients: 7000 }, machine)).toEqual([
      "postgres (other databases) 0.04",
      "sh 0.02",
    ]);
  });
});
