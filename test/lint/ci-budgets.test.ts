/**
 * Decision 033 keeps CI's budgets: `.ci/run` runs with them, the record states them, and they add up
 * to 40 minutes at most. A budget changed in one place and not the other fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const decisions = path.join(root, "docs/decisions");
const record = readdirSync(decisions).find((name) => name.startsWith("033-"));

function scriptBudgets(): Map<string, number> {
  const script = readFileSync(path.join(root, ".ci/run"), "utf8");
  return new Map([...script.matchAll(/^stage "([^"]+)" (\d+) /gm)].map((m) => [m[1]!, Number(m[2])]));
}

function recordBudgets(): Map<string, number> {
  const text = readFileSync(path.join(decisions, record!), "utf8");
  const table = text.slice(text.indexOf("## The budgets"));
  return new Map(
    [...table.matchAll(/^\| ([^|*]+?) \| (\d[\d ]*) s \|$/gm)].map((m) => [m[1]!, Number(m[2]!.replace(/ /g, ""))]),
  );
}

describe("CI's budgets", () => {
  it("are the ones decision 033 states, stage by stage", () => {
    expect(record).toBeDefined();
    const budgets = scriptBudgets();
    expect(budgets.size).toBeGreaterThan(5);
    expect(Object.fromEntries(budgets)).toEqual(Object.fromEntries(recordBudgets()));
  });

  it("add up to 40 minutes at most", () => {
    const total = [...scriptBudgets().values()].reduce((sum, budget) => sum + budget, 0);
    expect(total).toBeLessThanOrEqual(40 * 60);
  });
});
