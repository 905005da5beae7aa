import { describe, expect, it } from "vitest";
import {
  clockTicksPerSecond,
  parseClockTicks,
  parseMachineTicks,
  parseProcessStat,
  parseRunDelayNs,
  readCpuSnapshot,
  readProcessTicks,
} from "./proc-cpu.ts";

// Captured from a Debian 12 machine (Linux 6.1, 2 cores).
const nodeStat =
  "12640 (node) R 12632 12632 7865 0 -1 4194304 2845 0 1 0 446 3 0 0 20 0 7 0 72420 1015721984 11589 18446744073709551615 11988992 39846385 140726128329744 0 0 0 0 16781312 17922 0 0 0 17 1 0 0 0 0 0 90418888 90555584 985153536 140726128331211 140726128331508 140726128331508 140726128332778 0\n";
/** A shell that waited for a node child which ran 5 s (cutime 500, cstime 2). */
const shellStat =
  "12665 (bash) S 12663 12663 7865 0 -1 4194304 203 2854 0 0 0 0 500 2 20 0 1 0 73191 4464640 768 18446744073709551615 94496453517312 94496454306717 140726789961264 0 0 0 65536 4 65538 1 0 0 17 1 0 0 0 0 0 94496454540016 94496454588260 94497441701888 140726789962381 140726789962484 140726789962484 140726789963754 0\n";
/** An executable named `odd) (name`: the name holds spaces and parentheses. */
const oddStat =
  "12636 (odd) (name) S 12635 12632 7865 0 -1 4194304 128 0 0 0 0 0 0 0 20 0 1 0 72399 2990080 391 18446744073709551615 94817181290496 94817181308425 140722501843920 0 0 0 0 6 0 1 0 0 17 0 0 0 0 0 0 94817181322512 94817181323776 94818181500928 140722501851849 140722501851874 140722501851874 140722501853153 0\n";
const procStat = `cpu  24729 0 10469 105504 1804 0 368 144 0 0
cpu0 10973 0 4577 55454 220 0 102 73 0 0
cpu1 13755 0 5891 50049 1583 0 266 70 0 0
intr 2811737 0 9 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
ctxt 5234543
`;
/** The first five entries of a real /proc/self/auxv (AT_SYSINFO_EHDR, AT_MINSIGSTKSZ, AT_HWCAP, AT_PAGESZ, AT_CLKTCK), then AT_NULL. */
const auxv = Buffer.from(
  [
    "2100000000000000 00404ee5027f0000",
    "3300000000000000 300d000000000000",
    "1000000000000000 fffb8b1700000000",
    "0600000000000000 0010000000000000",
    "1100000000000000 6400000000000000",
    "0000000000000000 0000000000000000",
  ]
    .join("")
    .replaceAll(" ", ""),
  "hex",
);

describe("/proc/<pid>/stat", () => {
  it("reads the name, the parent and the CPU ticks (own, and waited-for children's)", () => {
    expect(parseProcessStat(nodeStat)).toEqual({ comm: "node", ppid: 12632, own: 449, children: 0 });
    expect(parseProcessStat(shellStat)).toEqual({ comm: "bash", ppid: 12663, own: 0, children: 502 });
  });

  it("takes a name with spaces and parentheses whole", () => {
    expect(parseProcessStat(oddStat)).toEqual({ comm: "odd) (name", ppid: 12635, own: 0, children: 0 });
  });
});

describe("/proc/<pid>/schedstat", () => {
  it("reads the time spent waiting for a core (ns)", () => {
    expect(parseRunDelayNs("4503320539 1152775 23\n")).toBe(1152775);
  });
});

describe("/proc/stat", () => {
  it("reads the machine's busy, interrupt, stolen and total ticks from the cpu line", () => {
    // user 24729 + system 10469 + irq 0 + softirq 368 busy; idle 105504 and iowait 1804 not; steal 144 apart.
    expect(parseMachineTicks(procStat)).toEqual({ busy: 35566, kernel: 368, steal: 144, total: 143018 });
  });
});

describe("clock ticks", () => {
  it("reads AT_CLKTCK from the auxiliary vector", () => {
    expect(parseClockTicks(auxv)).toBe(100);
    expect(parseClockTicks(Buffer.alloc(16))).toBeUndefined();
  });

  it.runIf(process.platform === "linux")("are this machine's CLK_TCK", () => {
    expect(clockTicksPerSecond()).toBeGreaterThan(0);
  });
});

describe.runIf(process.platform === "linux")("the readers", () => {
  it("read this process, and a snapshot of the machine", () => {
    const self = readProcessTicks(process.pid, { titleOf: () => true });
    expect(self?.ppid).toBe(process.ppid);
    expect(self?.title).toContain("node");
    expect(readProcessTicks(2 ** 30)).toBeUndefined();
    const snapshot = readCpuSnapshot();
    expect(snapshot.processes.get(process.pid)?.comm).toBe(self?.comm);
    expect(snapshot.total).toBeGreaterThan(snapshot.busy);
  });
});
