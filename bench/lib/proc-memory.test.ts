import { describe, expect, it } from "vitest";
import { parseStatusMb, statusMb } from "./proc-memory.ts";

// Lines of a node process's /proc/<pid>/status (Linux 6.1).
const status = `Name:\tnode
Umask:\t0022
State:\tR (running)
Pid:\t12640
VmPeak:\t 1015724 kB
VmSize:\t  991916 kB
VmHWM:\t   47700 kB
VmRSS:\t   47696 kB
RssAnon:\t   12288 kB
Threads:\t7
`;

describe("/proc/<pid>/status", () => {
  it("gives the resident set and its high-water mark in MiB", () => {
    expect(parseStatusMb(status, "VmRSS")).toBeCloseTo(46.578, 3);
    expect(parseStatusMb(status, "VmHWM")).toBeCloseTo(46.582, 3);
  });

  it("has no figure for a kernel thread", () => {
    expect(parseStatusMb("Name:\tkthreadd\nState:\tS (sleeping)\n", "VmRSS")).toBeUndefined();
  });

  it.runIf(process.platform === "linux")("is read for a live process, not for a gone one", () => {
    expect(statusMb(process.pid, "VmRSS")).toBeGreaterThan(1);
    expect(statusMb(2 ** 30, "VmRSS")).toBeUndefined();
  });
});
