import { describe, expect, it } from "vitest";
import type { ReadMark } from "../../../../shared/chat.ts";
import type { ChatRef } from "./chat-ref.ts";
import {
  initialReceipts,
  marksIn,
  privateSeen,
  type ReceiptsAction,
  type ReceiptsState,
  receiptsFor,
  receiptsReducer,
  seenByCount,
  seenLabel,
} from "./receipts.ts";
import { groupMessage, message } from "./test-messages.ts";

const alice: ChatRef = { kind: "user", username: "alice" };
const team: ChatRef = { kind: "group", groupId: 5 };
const run = (actions: ReceiptsAction[], from: ReceiptsState = initialReceipts) => actions.reduce(receiptsReducer, from);
const mark = (username: string, upToSeq: number, at = "2025-06-02T09:30:00.000Z"): ReadMark => ({
  username,
  upToSeq,
  at,
});

describe("read marks", () => {
  it("keeps each person's furthest mark, whichever of the list and the live event comes first", () => {
    const state = run([
      { type: "read", chat: team, mark: mark("bob", 7, "2025-06-02T10:00:00.000Z") },
      { type: "loaded", chat: team, marks: [mark("bob", 5), mark("carol", 3)] },
      { type: "read", chat: { kind: "group", groupId: 6 }, mark: mark("bob", 99) },
    ]);
    expect(marksIn(state, team)).toEqual([mark("bob", 7, "2025-06-02T10:00:00.000Z"), mark("carol", 3)]);
    expect(marksIn(state, null)).toEqual([]);
  });

  it("files a person's marks regardless of the case of the name, and ignores stale ones", () => {
    const state = run([{ type: "read", chat: alice, mark: mark("alice", 4) }]);
    expect(run([{ type: "read", chat: { kind: "user", username: "ALICE" }, mark: mark("Alice", 2) }], state)).toBe(
      state,
    );
  });
});

describe("private Seen", () => {
  const mine = (id: number) => message(id, { sender: "me", recipient: "alice" });
  const list = [mine(1), message(2), mine(3), mine(4)];

  it("is under my last message the other person has read, with the time of their mark", () => {
    expect(privateSeen(list, "me", [mark("alice", 3)])).toEqual({ messageId: 3, at: "2025-06-02T09:30:00.000Z" });
    expect(privateSeen(list, "me", [mark("alice", 9)])?.messageId).toBe(4);
    expect(privateSeen(list, "me", [mark("alice", 0)])).toBeUndefined();
    expect(privateSeen(list, "me", [])).toBeUndefined();
  });

  it("skips a deleted message of mine", () => {
    const withTombstone = [mine(1), message(2, { sender: "me", recipient: "alice", deleted: true })];
    expect(privateSeen(withTombstone, "me", [mark("alice", 2)])?.messageId).toBe(1);
  });

  it("is one receipt for the whole chat", () => {
    expect([...receiptsFor(list, "me", [mark("alice", 3)], false)]).toEqual([
      [3, { kind: "private", at: "2025-06-02T09:30:00.000Z" }],
    ]);
  });
});

describe("group Seen by N", () => {
  const mine = (id: number) => groupMessage(id, 5, { sender: "me" });

  it("counts the other people whose mark reached the message", () => {
    const marks = [mark("bob", 3), mark("carol", 5), mark("dan", 1)];
    expect(seenByCount(mine(3), marks)).toBe(2);
    expect(seenByCount(mine(5), marks)).toBe(1);
    expect(seenByCount(mine(6), marks)).toBe(0);
    // Never the sender itself.
    expect(seenByCount(groupMessage(2, 5, { sender: "bob" }), marks)).toBe(1);
  });

  it("puts a receipt under each of my messages somebody has read", () => {
    const receipts = receiptsFor(
      [mine(1), groupMessage(2, 5, { sender: "bob" }), mine(3), mine(4)],
      "me",
      [mark("bob", 3), mark("carol", 1)],
      true,
    );
    expect([...receipts]).toEqual([
      [1, { kind: "group", count: 2 }],
      [3, { kind: "group", count: 1 }],
    ]);
  });
});

describe("seenLabel", () => {
  const now = new Date(2025, 5, 2, 15, 0);
  it("says the time today, 'yesterday' and the time, else the date", () => {
    expect(seenLabel(new Date(2025, 5, 2, 14, 32), now, "en-GB")).toBe("Seen 14:32");
    expect(seenLabel(new Date(2025, 5, 1, 9, 5), now, "en-GB")).toBe("Seen yesterday 9:05");
    expect(seenLabel(new Date(2025, 4, 28, 9, 5), now, "en-US")).toBe("Seen May 28");
    expect(seenLabel(new Date(2024, 4, 28, 9, 5), now, "en-US")).toBe("Seen May 28, 2024");
  });
});
