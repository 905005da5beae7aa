import { describe, expect, it } from "vitest";
import { dropIndex, reordered } from "./order.ts";

describe("a list's order, moved by a button or dragged", () => {
  it("takes an item out and puts it at its new index", () => {
    expect(reordered(["a", "b", "c", "d"], 0, 3)).toEqual(["b", "c", "d", "a"]);
    expect(reordered(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(reordered(["a", "b", "c", "d"], 1, 2)).toEqual(["a", "c", "b", "d"]);
  });

  it("drops before or after the item under the pointer", () => {
    // a dragged onto d's lower half: last; onto d's upper half: before d.
    expect(dropIndex(0, 3, true)).toBe(3);
    expect(dropIndex(0, 3, false)).toBe(2);
    // d dragged onto a's upper half: first; onto a's lower half: second.
    expect(dropIndex(3, 0, false)).toBe(0);
    expect(dropIndex(3, 0, true)).toBe(1);
  });

  it("is no move when dropped where it already is", () => {
    expect(dropIndex(1, 1, false)).toBeUndefined();
    expect(dropIndex(1, 1, true)).toBeUndefined();
    expect(dropIndex(1, 0, true)).toBeUndefined();
    expect(dropIndex(1, 2, false)).toBeUndefined();
  });

  it("every drop, applied, puts the item next to the one it was dropped on", () => {
    const ids = ["a", "b", "c", "d", "e"];
    for (let from = 0; from < ids.length; from++) {
      for (let over = 0; over < ids.length; over++) {
        if (over === from) continue;
        for (const after of [false, true]) {
          const to = dropIndex(from, over, after);
          const next = to === undefined ? ids : reordered(ids, from, to);
          const moved = next.indexOf(ids[from] as string);
          expect(next.indexOf(ids[over] as string) + (after ? 1 : -1)).toBe(moved);
        }
      }
    }
  });
});
