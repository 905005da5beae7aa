/**
 * CI's closing report (decision 032): the stages against their budgets, and the ten slowest test
 * files and tests of every runner. Pure functions over the files `.ci/run` and the runners leave in
 * the report folder; scripts/ci-report.ts reads them and prints.
 */

/** One runner's timings: what test/reporters/timings.ts writes, and what a Playwright report becomes. */
export interface TimingReport {
  runner: "vitest" | "playwright";
  label: string;
  files: { file: string; ms: number; phases?: { importMs: number; setupMs: number; testsMs: number } }[];
  tests: { file: string; name: string; ms: number; state: string }[];
}

export interface Stage {
  name: string;
  seconds: number;
  budget: number;
  /** The stage's exit code: 0 passed, 124 timed out (coreutils' timeout), anything else failed. */
  code: number;
}

/** `.ci/run`'s stages file: one `name<TAB>seconds<TAB>budget<TAB>exit code` line per stage. */
export function parseStages(text: string): Stage[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [name = "", seconds = "0", budget = "0", code = "0"] = line.split("\t");
      return { name, seconds: Number(seconds), budget: Number(budget), code: Number(code) };
    });
}

interface PlaywrightSuite {
  file?: string;
  title?: string;
  specs?: {
    title: string;
    file?: string;
    tests: { projectName: string; status: string; results: { duration: number }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

/** A Playwright JSON report as timings: a test's time is its last attempt's; a file's, its tests' sum. */
export function fromPlaywright(report: { suites?: PlaywrightSuite[] }, label: string): TimingReport {
  const tests: TimingReport["tests"] = [];
  const walk = (suite: PlaywrightSuite, titles: string[], file: string) => {
    const here = suite.file ?? file;
    const path = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        tests.push({
          file: `e2e/${spec.file ?? here}`,
          name: `[${test.projectName}] ${[...path, spec.title].join(" > ")}`,
          ms: Math.round(test.results.at(-1)?.duration ?? 0),
          state: test.status,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, path, here);
  };
  for (const suite of report.suites ?? []) walk(suite, [], suite.file ?? "");
  const byFile = new Map<string, number>();
  for (const test of tests) byFile.set(test.file, (byFile.get(test.file) ?? 0) + test.ms);
  return { runner: "playwright", label, files: [...byFile].map(([file, ms]) => ({ file, ms })), tests };
}

const skippedStates = new Set(["skipped", "pending", "todo"]);

/** Tests a runner reported as skipped: CI fails on any. */
export function skippedTests(reports: TimingReport[]) {
  return reports.flatMap((report) =>
    report.tests.filter((test) => skippedStates.has(test.state)).map((test) => ({ ...test, label: report.label })),
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function table(rows: string[][], align: ("l" | "r")[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (align[column] === "r" ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

export function stageVerdict(stage: Stage): string {
  if (stage.code === 124) return "TIMED OUT";
  if (stage.code !== 0) return "FAILED";
  return stage.seconds > stage.budget ? "OVER BUDGET" : "ok";
}

/** The machine's speed as `.ci/run` measured it (scripts/machine-speed.ts): `seconds<TAB>ratio`. */
export interface MachineSpeed {
  seconds: number;
  /** The workload's time over the reference's (decision 060): above 1, slower than the reference. */
  ratio: number;
}

export function parseMachineSpeed(text: string): MachineSpeed | undefined {
  const [seconds, ratio] = text.trim().split("\t").map(Number);
  if (!Number.isFinite(seconds) || !Number.isFinite(ratio) || !ratio || ratio <= 0) return undefined;
  return { seconds: seconds!, ratio: ratio! };
}

/**
 * The closing report, as printed. With the machine's speed, each stage's time is shown twice: as
 * measured, and divided by the ratio (what it would have taken on the reference machine), so that
 * a slower machine and a slower suite can be told apart.
 */
export function formatReport(stages: Stage[], reports: TimingReport[], limit = 10, machine?: MachineSpeed): string {
  const total = stages.reduce((sum, stage) => sum + stage.seconds, 0);
  const budget = stages.reduce((sum, stage) => sum + stage.budget, 0);
  const normalised = (seconds: number) => (machine ? [`${Math.round(seconds / machine.ratio)} s`] : []);
  const parts = [
    machine
      ? `Stages (machine ${machine.ratio.toFixed(2)}× the reference: its workload took ${machine.seconds.toFixed(1)} s)`
      : "Stages",
    table(
      [
        ["stage", "time", ...(machine ? ["÷ ratio"] : []), "budget", ""],
        ...stages.map((stage) => [
          stage.name,
          `${stage.seconds} s`,
          ...normalised(stage.seconds),
          `${stage.budget} s`,
          stageVerdict(stage),
        ]),
        ["total", `${total} s`, ...normalised(total), `${budget} s`, total > budget ? "OVER BUDGET" : ""],
      ],
      machine ? ["l", "r", "r", "r", "l"] : ["l", "r", "r", "l"],
    ),
  ];
  const files = reports
    .flatMap((report) => report.files.map((file) => ({ ...file, label: report.label })))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, limit);
  if (files.length > 0) {
    parts.push(
      "",
      `The ${files.length} slowest test files`,
      table(
        files.map((file) => [seconds(file.ms), file.label, file.file]),
        ["r", "l", "l"],
      ),
    );
  }
  const tests = reports
    .flatMap((report) => report.tests.map((test) => ({ ...test, label: report.label })))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, limit);
  if (tests.length > 0) {
    parts.push(
      "",
      `The ${tests.length} slowest tests`,
      table(
        tests.map((test) => [seconds(test.ms), test.label, `${test.file} > ${test.name}`]),
        ["r", "l", "l"],
      ),
    );
  }
  return parts.join("\n");
}
