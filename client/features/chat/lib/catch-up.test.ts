import { describe, expect, it } from "vitest";
import type { CatchUpPage, ChatMessage } from "../../../../shared/chat.ts";
import { catchUpAfter } from "./catch-up.ts";
import { message } from "./test-messages.ts";

/** A server holding these seqs, answering after= with at most `size`, ascending. */
function server(seqs: number[], size: number) {
  const asked: number[] = [];
  const fetchAfter = async (after: number): Promise<CatchUpPage> => {
    asked.push(after);
    const newer = seqs.filter((seq) => seq > after);
    return { content: newer.slice(0, size).map((seq) => message(seq)), last: newer.length <= size };
  };
  return { fetchAfter, asked };
}

describe("catchUpAfter", () => {
  it("fetches page after page from the highest seq reached until the last one", async () => {
    const { fetchAfter, asked } = server([1, 2, 3, 5, 8, 9, 12], 2);
    const got: ChatMessage[] = [];
    const highest = await catchUpAfter(fetchAfter, 2, (content) => got.push(...content));
    expect(got.map((m) => m.seq)).toEqual([3, 5, 8, 9, 12]);
    expect(asked).toEqual([2, 5, 9]);
    expect(highest).toBe(12);
  });

  it("asks once when nothing is missing", async () => {
    const { fetchAfter, asked } = server([1, 2], 100);
    const got: ChatMessage[] = [];
    expect(await catchUpAfter(fetchAfter, 2, (content) => got.push(...content))).toBe(2);
    expect(got).toEqual([]);
    expect(asked).toEqual([2]);
  });

  it("stops on a page that does not move forward rather than asking for it forever", async () => {
    let calls = 0;
    const stuck = async (): Promise<CatchUpPage> => {
      calls += 1;
      return { content: [message(1)], last: false };
    };
    expect(await catchUpAfter(stuck, 4, () => {})).toBe(4);
    expect(calls).toBe(1);
  });
});
