/**
 * A decision record keeps CI's budgets (the newest one with a "## The budgets" table: 033, then
 * those that supersede it): `.ci/run` runs with them, the record states them, and they add up to 40
 * minutes at most. A budget changed in one place and not the other fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const decisions = path.join(root, "docs/decisions");
const record = readdirSync(decisions)
  .filter((name) => /^\d{3}-.*\.md$/.test(name))
  .sort()
  .reverse()
  .find((name) => readFileSync(path.join(decisions, name), "utf8").includes("\n## The budgets\n"));

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
  it("are the ones the newest budget record states, stage by stage", () => {
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
