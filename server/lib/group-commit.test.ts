import { describe, expect, it, vi } from "vitest";
import { GroupCommit } from "./group-commit.ts";

describe("GroupCommit", () => {
  it("writes what arrives while a batch is being written as the next batch, in order", async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const commits = new GroupCommit<number, string>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((item) => `done ${item}`);
    });
    const first = commits.submit(1);
    // Once the first batch is being written, the next requests wait together.
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    const rest = [2, 3, 4].map((item) => commits.submit(item));
    release();
    expect(await Promise.all([first, ...rest])).toEqual(["done 1", "done 2", "done 3", "done 4"]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it("a failing batch is written again one by one, so only the bad item fails", async () => {
    const commits = new GroupCommit<number, number>(async (items) => {
      if (items.includes(13)) throw new Error("unlucky");
      return items.map((item) => item * 2);
    });
    const results = await Promise.allSettled([1, 13, 3].map((item) => commits.submit(item)));
    expect(results).toEqual([
      { status: "fulfilled", value: 2 },
      { status: "rejected", reason: new Error("unlucky") },
      { status: "fulfilled", value: 6 },
    ]);
  });

  it("refuses an answer that does not have one result per item", async () => {
    const commits = new GroupCommit<number, number>(async () => []);
    await expect(commits.submit(1)).rejects.toThrow("a different number of results");
  });

  it("splits a burst larger than its batch size; flush waits for all of it", async () => {
    const sizes: number[] = [];
    const commits = new GroupCommit<number, number>(async (items) => {
      sizes.push(items.length);
      return items;
    }, 4);
    const all = Array.from({ length: 10 }, (_, i) => commits.submit(i));
    await commits.flush();
    expect(sizes).toEqual([4, 4, 2]);
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  describe("gathering (gatherMs)", () => {
    it("writes what arrived by the next beat of the clock as one batch, not before", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
      // 100 ms into a 250 ms beat: the batch goes at the beat, 150 ms on.
      vi.setSystemTime(1_000_100);
      try {
        const batches: number[][] = [];
        const commits = new GroupCommit<number, number>(
          async (items) => {
            batches.push(items);
            return items;
          },
          500,
          250,
        );
        const first = commits.submit(1);
        await vi.advanceTimersByTimeAsync(140);
        const second = commits.submit(2);
        expect(batches).toEqual([]);
        expect(commits.waiting).toBe(2);
        await vi.advanceTimersByTimeAsync(10);
        expect(await Promise.all([first, second])).toEqual([1, 2]);
        expect(batches).toEqual([[1, 2]]);
      } finally {
        vi.useRealTimers();
      }
    });

    it("a full batch goes at once, and flush() does not wait for the window", async () => {
      const sizes: number[] = [];
      const commits = new GroupCommit<number, number>(
        async (items) => {
          sizes.push(items.length);
          return items;
        },
        3,
        60_000,
      );
      const full = [1, 2, 3].map((item) => commits.submit(item));
      expect(await Promise.all(full)).toEqual([1, 2, 3]);
      const late = commits.submit(4);
      await commits.flush();
      expect(await late).toBe(4);
      expect(sizes).toEqual([3, 1]);
    });
  });
});
