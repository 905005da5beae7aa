import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  autoAdvanceIndex,
  formatTemplate,
  isSlideVisible,
  maxIndex,
  nextIndex,
  prevIndex,
  trackOffsetPercent,
  visibleCount,
} from "./carousel.ts";

describe("visibleCount", () => {
  it("shows 1 card under 640 px, 2 under 1024 px and 3 from 1024 px", () => {
    expect(visibleCount(320)).toBe(1);
    expect(visibleCount(639)).toBe(1);
    expect(visibleCount(640)).toBe(2);
    expect(visibleCount(768)).toBe(2);
    expect(visibleCount(1023)).toBe(2);
    expect(visibleCount(1024)).toBe(3);
    expect(visibleCount(1920)).toBe(3);
  });

  it("never shows fewer cards on a wider screen", () => {
    fc.assert(
      fc.property(fc.nat(4000), fc.nat(4000), (a, b) => {
        const [narrow, wide] = a <= b ? [a, b] : [b, a];
        expect(visibleCount(narrow)).toBeLessThanOrEqual(visibleCount(wide));
      }),
    );
  });
});

describe("maxIndex", () => {
  it("is the count minus the visible cards", () => {
    expect(maxIndex(6, 1)).toBe(5);
    expect(maxIndex(6, 2)).toBe(4);
    expect(maxIndex(6, 3)).toBe(3);
  });

  it("is 0 when every card fits", () => {
    expect(maxIndex(2, 3)).toBe(0);
    expect(maxIndex(0, 1)).toBe(0);
  });
});

describe("nextIndex", () => {
  it("steps forward one card", () => {
    expect(nextIndex(0, 6, 3)).toBe(1);
    expect(nextIndex(2, 6, 3)).toBe(3);
    expect(nextIndex(4, 6, 1)).toBe(5);
  });

  it("wraps to the start after the last full window", () => {
    expect(nextIndex(3, 6, 3)).toBe(0);
    expect(nextIndex(4, 6, 2)).toBe(0);
    expect(nextIndex(5, 6, 1)).toBe(0);
  });

  it("stays at 0 when every card fits", () => {
    expect(nextIndex(0, 3, 3)).toBe(0);
  });
});

describe("prevIndex", () => {
  it("steps back one card", () => {
    expect(prevIndex(3, 6, 3)).toBe(2);
    expect(prevIndex(1, 6, 1)).toBe(0);
  });

  it("wraps from the start to the last full window", () => {
    expect(prevIndex(0, 6, 3)).toBe(3);
    expect(prevIndex(0, 6, 2)).toBe(4);
    expect(prevIndex(0, 6, 1)).toBe(5);
  });

  it("undoes nextIndex, and nextIndex undoes it, for every reachable index", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 3 }), fc.nat(), (count, visible, seed) => {
        const index = seed % (maxIndex(count, visible) + 1);
        expect(prevIndex(nextIndex(index, count, visible), count, visible)).toBe(index);
        expect(nextIndex(prevIndex(index, count, visible), count, visible)).toBe(index);
      }),
    );
  });
});

describe("autoAdvanceIndex", () => {
  it("walks through every window and then returns to the start", () => {
    const seen: number[] = [];
    let index = 0;
    for (let step = 0; step < 5; step++) {
      seen.push(index);
      index = autoAdvanceIndex(index, 6, 3);
    }
    expect(seen).toEqual([0, 1, 2, 3, 0]);
  });

  it("never leaves the range [0, maxIndex]", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(50),
        (count, visible, steps) => {
          let index = 0;
          for (let step = 0; step < steps; step++) {
            index = autoAdvanceIndex(index, count, visible);
            expect(index).toBeGreaterThanOrEqual(0);
            expect(index).toBeLessThanOrEqual(maxIndex(count, visible));
          }
        },
      ),
    );
  });
});

describe("isSlideVisible", () => {
  it("is true for exactly the cards in the window", () => {
    const shown = [0, 1, 2, 3, 4, 5].filter((slide) => isSlideVisible(slide, 2, 3));
    expect(shown).toEqual([2, 3, 4]);
  });
});

describe("trackOffsetPercent", () => {
  it("moves the track by one card width per step", () => {
    expect(trackOffsetPercent(0, 3)).toBe(0);
    expect(trackOffsetPercent(1, 1)).toBe(-100);
    expect(trackOffsetPercent(2, 2)).toBe(-100);
    expect(trackOffsetPercent(3, 3)).toBe(-100);
    expect(trackOffsetPercent(1, 3)).toBeCloseTo(-33.333, 2);
  });
});

describe("formatTemplate", () => {
  it("fills named placeholders and leaves unknown ones alone", () => {
    expect(formatTemplate("{n} of {count}", { n: 2, count: 6 })).toBe("2 of 6");
    expect(formatTemplate("View {title} {missing}", { title: "Arena" })).toBe("View Arena {missing}");
  });
});
