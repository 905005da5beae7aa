/**
 * A Vitest reporter for CI's closing table (scripts/ci-report.ts): every file's whole time (setting
 * up, importing with its top-level awaits, hooks and tests) and every test's, written as JSON to
 * `$TEST_REPORT_DIR/vitest-$TEST_REPORT_LABEL.json`. vitest.config.ts adds it when TEST_REPORT_DIR is set.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import type { TimingReport } from "../../scripts/lib/ci-report.ts";

export default class TimingsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const dir = process.env.TEST_REPORT_DIR;
    if (!dir) return;
    const report: TimingReport = {
      runner: "vitest",
      label: process.env.TEST_REPORT_LABEL ?? "run",
      files: [],
      tests: [],
    };
    for (const module of testModules) {
      const file = path.relative(process.cwd(), module.moduleId);
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      // Where a file's time goes (decision 060's table): importing it (with its top-level awaits),
      // the setup files, and its hooks and tests.
      report.files.push({
        file,
        ms: Math.round(ms),
        phases: {
          importMs: Math.round(d.prepareDuration + d.collectDuration),
          setupMs: Math.round(d.environmentSetupDuration + d.setupDuration),
          testsMs: Math.round(d.duration),
        },
      });
      for (const test of module.children.allTests()) {
        report.tests.push({
          file,
          name: test.fullName,
          ms: Math.round(test.diagnostic()?.duration ?? 0),
          state: test.result().state,
        });
      }
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `vitest-${report.label}.json`), JSON.stringify(report));
  }
}
