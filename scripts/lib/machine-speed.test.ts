import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultRounds, machineWorkload, referenceSeconds } from "./machine-speed.ts";

const decisions = path.resolve(import.meta.dirname, "../../docs/decisions");

describe("the machine's fixed workload", () => {
  // The reference time holds only for this exact work: a change to the workload changes this digest,
  // and then the reference must be measured again and written into a new decision record.
  it("does the same work on every run and Node", () => {
    expect(machineWorkload(3)).toBe("e186f9228b895dc4492ed2e2670fb30841979be707b18c73a7c83f568a392ce0");
    expect(machineWorkload(3)).toBe(machineWorkload(3));
    expect(machineWorkload(4)).not.toBe(machineWorkload(3));
  });

  it("has its reference and rounds written in the decision record that measured them", () => {
    const record = readdirSync(decisions).find((name) => name.startsWith("060-"));
    expect(record).toBeDefined();
    const text = readFileSync(path.join(decisions, record!), "utf8");
    expect(text).toContain(`reference time: ${referenceSeconds} s`);
    expect(text).toContain(`rounds: ${defaultRounds}`);
  });
});
