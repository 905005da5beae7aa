/**
 * Prints CI's closing report from a report folder (decision 032): `.ci/run`'s stages.tsv and
 * machine-speed.tsv (decision 060), the Vitest timings (vitest-*.json) and Playwright reports
 * (e2e-*.json). Exits 1 when a runner skipped a test: in CI nothing is skipped.
 *
 *   node --import tsx scripts/ci-report.ts <folder>
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  formatReport,
  fromPlaywright,
  parseMachineSpeed,
  parseStages,
  skippedTests,
  type TimingReport,
} from "./lib/ci-report.ts";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node --import tsx scripts/ci-report.ts <report folder>");
  process.exit(2);
}
const stagesFile = path.join(dir, "stages.tsv");
const stages = existsSync(stagesFile) ? parseStages(readFileSync(stagesFile, "utf8")) : [];
const reports: TimingReport[] = [];
for (const name of existsSync(dir) ? readdirSync(dir).sort() : []) {
  const file = path.join(dir, name);
  if (/^vitest-.+\.json$/.test(name)) reports.push(JSON.parse(readFileSync(file, "utf8")));
  else if (/^e2e-.+\.json$/.test(name)) {
    reports.push(fromPlaywright(JSON.parse(readFileSync(file, "utf8")), name.replace(/^e2e-|\.json$/g, "")));
  }
}
const speedFile = path.join(dir, "machine-speed.tsv");
const machine = existsSync(speedFile) ? parseMachineSpeed(readFileSync(speedFile, "utf8")) : undefined;
console.log(formatReport(stages, reports, 10, machine));
const skipped = skippedTests(reports);
if (skipped.length > 0) {
  console.log(`\n${skipped.length} skipped test(s): nothing may be skipped in CI`);
  for (const test of skipped) console.log(`  ${test.label}: ${test.file} > ${test.name}`);
  process.exit(1);
}
