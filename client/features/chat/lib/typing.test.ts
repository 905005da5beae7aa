import { describe, expect, it } from "vitest";
import type { ChatRef } from "./chat-ref.ts";
import {
  initialTyping,
  nextTypingExpiry,
  type TypingAction,
  type TypingState,
  typingDue,
  typingIn,
  typingReducer,
  typingStopDue,
  typingText,
} from "./typing.ts";

const alice: ChatRef = { kind: "user", username: "alice" };
const team: ChatRef = { kind: "group", groupId: 5 };
const run = (actions: TypingAction[], from: TypingState = initialTyping) =>
  actions.reduce((state, action) => typingReducer(state, action, 6_000), from);

describe("who is typing", () => {
  it("shows each person for a while after their last event, in the order they started", () => {
    const state = run([
      { type: "typing", chat: team, from: "bob", at: 1_000 },
      { type: "typing", chat: team, from: "carol", at: 2_000 },
      { type: "typing", chat: team, from: "Bob", at: 4_000 },
      { type: "typing", chat: alice, from: "alice", at: 1_000 },
    ]);
    expect(typingIn(state, team, 5_000)).toEqual(["bob", "carol"]);
    expect(typingIn(state, team, 8_500)).toEqual(["bob"]);
    expect(typingIn(state, team, 10_000)).toEqual([]);
    expect(typingIn(state, alice, 5_000)).toEqual(["alice"]);
    expect(typingIn(state, null, 5_000)).toEqual([]);
    expect(nextTypingExpiry(state)).toBe(7_000);
  });

  it("stops showing someone when their message arrives", () => {
    const state = run([
      { type: "typing", chat: team, from: "bob", at: 1_000 },
      { type: "stopped", chat: team, from: "BOB" },
    ]);
    expect(typingIn(state, team, 1_500)).toEqual([]);
    expect(run([{ type: "stopped", chat: team, from: "bob" }])).toBe(initialTyping);
  });

  it("drops what has expired, and nothing else", () => {
    const state = run([
      { type: "typing", chat: team, from: "bob", at: 1_000 },
      { type: "typing", chat: alice, from: "alice", at: 5_000 },
    ]);
    const later = run([{ type: "expired", now: 8_000 }], state);
    expect(later.byChat).toEqual({ "user:alice": [{ username: "alice", until: 11_000 }] });
    expect(run([{ type: "expired", now: 8_000 }], later)).toBe(later);
    expect(nextTypingExpiry(run([{ type: "expired", now: 20_000 }], later))).toBeNull();
  });
});

describe("typingText", () => {
  it("names one or two people, and counts more as several", () => {
    expect(typingText([])).toBe("");
    expect(typingText(["Alice"])).toBe("Alice is typing…");
    expect(typingText(["Alice", "Bob"])).toBe("Alice and Bob are typing…");
    expect(typingText(["Alice", "Bob", "Carol"])).toBe("Several people are typing…");
  });
});

describe("typingDue", () => {
  it("tells the others at most once per interval", () => {
    expect(typingDue(undefined, 1_000)).toBe(true);
    expect(typingDue(1_000, 3_999, 3_000)).toBe(false);
    expect(typingDue(1_000, 4_000, 3_000)).toBe(true);
  });

  it("sends stopped only while a TYPING of mine can still show", () => {
    expect(typingStopDue(undefined, 10_000, 6_000)).toBe(false);
    expect(typingStopDue(5_000, 10_000, 6_000)).toBe(true);
    expect(typingStopDue(4_000, 10_000, 6_000)).toBe(false);
  });
});
