import { describe, expect, it } from "vitest";
import { applyMerge, compareContents, differingPaths, displayLines, isSame, mergeFields } from "./diff.ts";

describe("field differences", () => {
  it("compares objects whatever their key order, lists as a whole", () => {
    expect(isSame({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(isSame({ a: 1, c: undefined }, { a: 1 })).toBe(true);
    expect(
      differingPaths({ t: "x", s: { a: 1, b: 2 }, l: ["a"] }, { t: "x", s: { a: 1, b: 3 }, l: ["a", "b"] }),
    ).toEqual(["s.b", "l"]);
  });

  it("merges: what only they changed is theirs, what I changed stays mine until I choose", () => {
    const base = { title: "Modeler", location: "Pune", description: "Old" };
    const mine = { title: "Sr. Modeler", location: "Pune", description: "Mine" };
    const theirs = { title: "Modeler", location: "Remote", description: "Theirs" };
    const fields = mergeFields(base, mine, theirs);
    expect(fields.map((field) => [field.path, field.changedBy, field.take])).toEqual([
      ["title", "you", "mine"],
      ["location", "them", "theirs"],
      ["description", "both", "mine"],
    ]);
    expect(applyMerge(mine, fields)).toEqual({ title: "Sr. Modeler", location: "Remote", description: "Mine" });
    const takeTheirs = fields.map((field) => ({ ...field, take: "theirs" as const }));
    expect(applyMerge(mine, takeTheirs)).toEqual(theirs);
  });

  it("merges nested fields (the about page) without touching their neighbours", () => {
    const base = { banner: { title: "A", intro: "I" } };
    const mine = { banner: { title: "B", intro: "I" } };
    const theirs = { banner: { title: "A", intro: "J" } };
    expect(applyMerge(mine, mergeFields(base, mine, theirs))).toEqual({ banner: { title: "B", intro: "J" } });
  });

  it("compares two versions collection by collection", () => {
    const from = {
      jobs: [
        { id: "a", title: "A" },
        { id: "b", title: "B" },
      ],
      contact: [{ id: "main", hours: "9–5" }],
    } as never;
    const to = {
      jobs: [
        { id: "a", title: "A2" },
        { id: "c", title: "C" },
      ],
      contact: [{ id: "main", hours: "9–5" }],
    } as never;
    expect(compareContents(from, to)).toEqual([
      {
        collection: "jobs",
        added: [{ id: "c", title: "C" }],
        removed: [{ id: "b", title: "B" }],
        changed: [{ id: "a", title: "A2", fields: [{ path: "title", before: "A", after: "A2" }] }],
      },
    ]);
  });

  it("shows values as lines", () => {
    expect(displayLines(["one", "two"])).toEqual(["• one", "• two"]);
    expect(displayLines("")).toEqual(["(empty)"]);
    expect(displayLines({ label: "Main", address: "a@b.c" })).toEqual(["label: Main; address: a@b.c"]);
  });
});
