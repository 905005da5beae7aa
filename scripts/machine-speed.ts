/**
 * How fast this machine is (decision 060): a fixed CPU workload, the same code and input on every
 * run, timed on one core. `.ci/run` runs it first and divides each stage's time by the ratio, so a
 * note can tell a slower machine from a slower suite.
 *
 *   node --import tsx scripts/machine-speed.ts [--out FILE]
 *
 * Prints one line; with --out, writes `seconds<TAB>ratio` to FILE for scripts/ci-report.ts.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { machineWorkload, referenceSeconds } from "./lib/machine-speed.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });

// A short warm-up so the JIT's first compile is not what is measured.
machineWorkload(2);
const start = process.hrtime.bigint();
const digest = machineWorkload();
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
const ratio = seconds / referenceSeconds;
console.log(
  `machine speed: the fixed workload took ${seconds.toFixed(2)} s, ${ratio.toFixed(2)}× the reference ` +
    `${referenceSeconds} s (decision 060; above 1 is slower), Node ${process.version}, digest ${digest.slice(0, 12)}`,
);
if (values.out) writeFileSync(values.out, `${seconds.toFixed(3)}\t${ratio.toFixed(3)}\n`);
