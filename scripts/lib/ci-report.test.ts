import { describe, expect, it } from "vitest";
import {
  formatReport,
  fromPlaywright,
  parseMachineSpeed,
  parseStages,
  skippedTests,
  stageVerdict,
  type TimingReport,
} from "./ci-report.ts";

describe("parseStages and stageVerdict", () => {
  it("reads .ci/run's lines and tells passed, over budget, failed and timed out apart", () => {
    const stages = parseStages("npm ci\t41\t180\t0\nbuild\t130\t120\t0\nvitest\t20\t540\t1\ne2e\t1440\t720\t124\n");
    expect(stages[0]).toEqual({ name: "npm ci", seconds: 41, budget: 180, code: 0 });
    expect(stages.map(stageVerdict)).toEqual(["ok", "OVER BUDGET", "FAILED", "TIMED OUT"]);
  });
});

describe("fromPlaywright", () => {
  it("takes each test's last attempt, names it with its project and titles, and sums files", () => {
    const report = fromPlaywright(
      {
        suites: [
          {
            file: "chat.spec.ts",
            title: "chat.spec.ts",
            specs: [],
            suites: [
              {
                title: "chat",
                specs: [
                  {
                    title: "sends",
                    file: "chat.spec.ts",
                    tests: [
                      { projectName: "desktop", status: "flaky", results: [{ duration: 9000 }, { duration: 4000 }] },
                    ],
                  },
                  {
                    title: "reads",
                    file: "chat.spec.ts",
                    tests: [{ projectName: "phone", status: "skipped", results: [{ duration: 0 }] }],
                  },
                ],
              },
            ],
          },
        ],
      },
      "pglite",
    );
    expect(report.tests).toEqual([
      { file: "e2e/chat.spec.ts", name: "[desktop] chat > sends", ms: 4000, state: "flaky" },
      { file: "e2e/chat.spec.ts", name: "[phone] chat > reads", ms: 0, state: "skipped" },
    ]);
    expect(report.files).toEqual([{ file: "e2e/chat.spec.ts", ms: 4000 }]);
    expect(skippedTests([report]).map((test) => test.name)).toEqual(["[phone] chat > reads"]);
  });
});

describe("formatReport", () => {
  it("prints the stages with their total, then the slowest files and tests of every runner", () => {
    const vitest: TimingReport = {
      runner: "vitest",
      label: "pglite",
      files: [
        { file: "a.test.ts", ms: 1200 },
        { file: "b.test.ts", ms: 9100 },
      ],
      tests: [{ file: "b.test.ts", name: "slow one", ms: 8000, state: "passed" }],
    };
    const text = formatReport(parseStages("npm ci\t41\t180\t0\nbuild\t130\t120\t0\n"), [vitest], 1);
    expect(text).toContain("npm ci   41 s   180 s  ok");
    expect(text).toContain("build   130 s   120 s  OVER BUDGET");
    expect(text).toContain("total   171 s   300 s");
    expect(text).toContain("The 1 slowest test files\n9.1 s  pglite  b.test.ts");
    expect(text).toContain("The 1 slowest tests\n8.0 s  pglite  b.test.ts > slow one");
  });

  it("with the machine's speed, shows each stage's time divided by its ratio too", () => {
    const machine = parseMachineSpeed("20.000\t2.000\n");
    expect(machine).toEqual({ seconds: 20, ratio: 2 });
    const text = formatReport(parseStages("npm ci\t41\t180\t0\nbuild\t130\t120\t0\n"), [], 1, machine);
    expect(text).toContain("Stages (machine 2.00× the reference: its workload took 20.0 s)");
    expect(text).toContain("stage    time  ÷ ratio  budget\nnpm ci   41 s     21 s   180 s  ok");
    expect(text).toContain("build   130 s     65 s   120 s  OVER BUDGET");
    expect(text).toContain("total   171 s     86 s   300 s");
  });

  it("ignores a speed file that is not two positive numbers", () => {
    expect(parseMachineSpeed("")).toBeUndefined();
    expect(parseMachineSpeed("12\t0\n")).toBeUndefined();
    expect(parseMachineSpeed("abc\tdef")).toBeUndefined();
  });
});
