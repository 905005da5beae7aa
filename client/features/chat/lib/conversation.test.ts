import { describe, expect, it } from "vitest";
import type { ChatRef } from "./chat-ref.ts";
import {
  type ConversationAction,
  type ConversationState,
  conversationReducer,
  highestSeq,
  initialConversation,
} from "./conversation.ts";
import { groupMessage, message } from "./test-messages.ts";

const alice: ChatRef = { kind: "user", username: "alice" };
const team: ChatRef = { kind: "group", groupId: 5 };
const run = (actions: ConversationAction[], from: ConversationState = initialConversation) =>
  actions.reduce(conversationReducer, from);
const ids = (state: ConversationState) => state.messages.map((m) => m.id);
const page = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

describe("paging", () => {
  it("loads page 0, then older pages in front, and stops after a short page", () => {
    let state = run([{ type: "open", chat: alice }]);
    expect(state.status).toBe("loading");
    const g = state.generation;
    state = run([{ type: "pageLoaded", generation: g, page: { page: 0, content: page(26, 45), last: false } }], state);
    expect(state).toMatchObject({ status: "ready", nextPage: 1, hasMore: true });
    state = run(
      [
        { type: "olderRequested", generation: g },
        { type: "pageLoaded", generation: g, page: { page: 1, content: page(6, 25), last: false } },
      ],
      state,
    );
    expect(ids(state)[0]).toBe(6);
    expect(state).toMatchObject({ nextPage: 2, hasMore: true, loadingOlder: false });
    state = run(
      [
        { type: "olderRequested", generation: g },
        { type: "pageLoaded", generation: g, page: { page: 2, content: page(1, 5), last: true } },
      ],
      state,
    );
    expect(ids(state)).toEqual(page(1, 45).map((m) => m.id));
    expect(state.hasMore).toBe(false);
    // Nothing more to ask for.
    expect(run([{ type: "olderRequested", generation: g }], state)).toBe(state);
  });

  it("ignores answers for a chat that is no longer open", () => {
    let state = run([{ type: "open", chat: alice }]);
    const stale = state.generation;
    state = run([{ type: "open", chat: team }], state);
    const after = run(
      [{ type: "pageLoaded", generation: stale, page: { page: 0, content: page(1, 3), last: true } }],
      state,
    );
    expect(after).toBe(state);
  });

  it("keeps the list when an older page fails, and says so", () => {
    let state = run([{ type: "open", chat: alice }]);
    const g = state.generation;
    state = run(
      [
        { type: "pageLoaded", generation: g, page: { page: 0, content: page(21, 40), last: false } },
        { type: "olderRequested", generation: g },
        { type: "pageFailed", generation: g, page: 1 },
      ],
      state,
    );
    expect(state).toMatchObject({ loadingOlder: false, olderFailed: true, nextPage: 1, hasMore: true });
    expect(ids(state)).toHaveLength(20);
  });
});

describe("live messages", () => {
  it("appends a message of the open chat once, however often it arrives", () => {
    let state = run([{ type: "open", chat: alice }]);
    state = run(
      [{ type: "pageLoaded", generation: state.generation, page: { page: 0, content: page(1, 2), last: true } }],
      state,
    );
    state = run(
      [
        { type: "received", message: message(3), me: "me" },
        { type: "received", message: message(3), me: "me" },
      ],
      state,
    );
    expect(ids(state)).toEqual([1, 2, 3]);
  });

  it("does not put another chat's message into the open one", () => {
    let state = run([{ type: "open", chat: alice }]);
    state = run([{ type: "received", message: message(9, { sender: "bob" }), me: "me" }], state);
    state = run([{ type: "received", message: groupMessage(10, 5), me: "me" }], state);
    expect(ids(state)).toEqual([]);
  });

  it("keeps the list in seq order when messages arrive out of order", () => {
    let state = run([{ type: "open", chat: alice }]);
    state = run(
      [
        {
          type: "pageLoaded",
          generation: state.generation,
          page: { page: 0, content: page(1, 2), last: true },
          live: true,
        },
      ],
      state,
    );
    // Two instances: seq 4 is delivered before seq 3, and its clock is a little behind.
    const early = message(4, { timestamp: "2025-06-02T08:00:00.000Z" });
    state = run(
      [
        { type: "received", message: early, me: "me" },
        { type: "received", message: message(3), me: "me" },
      ],
      state,
    );
    expect(ids(state)).toEqual([1, 2, 3, 4]);
    expect(highestSeq(state)).toBe(4);
  });
});

/** An open chat showing messages 1…n, its page 0 read while the live subscription was up. */
function shown(n: number, chat: ChatRef = alice): ConversationState {
  const state = run([{ type: "open", chat }]);
  return run(
    [
      {
        type: "pageLoaded",
        generation: state.generation,
        page: { page: 0, content: page(1, n), last: true },
        live: true,
      },
    ],
    state,
  );
}

describe("catch-up", () => {
  it("needs nothing while live messages follow one another", () => {
    const state = run(
      [
        { type: "received", message: message(4), me: "me" },
        { type: "received", message: message(5), me: "me" },
      ],
      shown(3),
    );
    expect(state.catchUp).toBeNull();
  });

  it("asks for what came after the highest seq when the connection drops", () => {
    const state = run([{ type: "connectionLost" }], shown(3));
    expect(state.catchUp).toMatchObject({ after: 3 });
  });

  it("asks after page 0 when the page was read while the live subscription was not up", () => {
    let state = run([{ type: "open", chat: alice }]);
    state = run(
      [{ type: "pageLoaded", generation: state.generation, page: { page: 0, content: page(1, 3), last: true } }],
      state,
    );
    expect(state.catchUp).toMatchObject({ after: 3 });
    // An empty chat asks from the start.
    state = run([{ type: "open", chat: team }], state);
    state = run(
      [{ type: "pageLoaded", generation: state.generation, page: { page: 0, content: [], last: true } }],
      state,
    );
    expect(state.catchUp).toMatchObject({ after: 0 });
  });

  it("asks when a live message skips a seq (a gap may be legal: it only fetches)", () => {
    const state = run([{ type: "received", message: message(6), me: "me" }], shown(3));
    expect(ids(state)).toEqual([1, 2, 3, 6]);
    expect(state.catchUp).toMatchObject({ after: 3 });
    // A second gap while the first is still wanted keeps the earlier starting point.
    expect(run([{ type: "received", message: message(9), me: "me" }], state).catchUp).toMatchObject({ after: 3 });
    // A late one below the highest is just sorted in.
    expect(run([{ type: "received", message: message(2), me: "me" }], shown(3)).catchUp).toBeNull();
  });

  it("merges what the catch-up brings, once each, in seq order", () => {
    let state = run([{ type: "received", message: message(6), me: "me" }], shown(3));
    const need = state.catchUp!;
    state = run(
      [
        { type: "catchUpStarted", generation: state.generation, round: need.round },
        { type: "caughtUp", generation: state.generation, content: [message(4), message(5), message(6)] },
        { type: "received", message: message(5), me: "me" },
      ],
      state,
    );
    expect(ids(state)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(state.catchUp).toBeNull();
  });

  it("keeps a need noticed while a catch-up runs, and asks again after a failure", () => {
    let state = run([{ type: "connectionLost" }], shown(3));
    const first = state.catchUp!;
    state = run([{ type: "catchUpStarted", generation: state.generation, round: first.round }], state);
    expect(state.catchUp).toBeNull();
    state = run([{ type: "received", message: message(8), me: "me" }], state);
    const second = state.catchUp!;
    expect(second).toMatchObject({ after: 3 });
    expect(second.round).toBeGreaterThan(first.round);
    // Starting with a stale round takes nothing.
    expect(run([{ type: "catchUpStarted", generation: state.generation, round: first.round }], state).catchUp).toBe(
      second,
    );
    state = run([{ type: "catchUpFailed", generation: state.generation, after: 3 }], state);
    expect(state.catchUp).toMatchObject({ after: 3 });
  });

  it("ignores catch-up answers for a chat that is no longer open", () => {
    const before = shown(3);
    const state = run([{ type: "open", chat: team }], before);
    expect(run([{ type: "caughtUp", generation: before.generation, content: [message(4)] }], state)).toBe(state);
    expect(state.catchUp).toBeNull();
  });
});

describe("jump to a message", () => {
  it("only brings it into view when the open chat already holds it", () => {
    const before = shown(5);
    const state = run([{ type: "jump", chat: alice, messageId: 3 }], before);
    expect(state.focus).toEqual({ messageId: 3 });
    expect(state.generation).toBe(before.generation);
    expect(state.messages).toBe(before.messages);
    // The same message again is a new jump (a new focus object).
    expect(run([{ type: "jump", chat: alice, messageId: 3 }], state).focus).not.toBe(state.focus);
  });

  it("opens the chat on the page around it, and catches up from there to the live end", () => {
    let state = run([{ type: "jump", chat: team, messageId: 13 }], shown(5));
    expect(state).toMatchObject({ chat: team, status: "loading", around: 13, focus: { messageId: 13 }, messages: [] });
    const g = state.generation;
    const around = page(11, 30).map((m) => groupMessage(m.id, 5));
    // Page 3 holds it; everything newer is missing even though the subscription was up.
    state = run(
      [{ type: "pageLoaded", generation: g, page: { page: 3, content: around, last: false }, live: true }],
      state,
    );
    expect(state).toMatchObject({ status: "ready", nextPage: 4, hasMore: true });
    expect(state.catchUp).toMatchObject({ after: 30 });
    // Older pages continue from there.
    state = run(
      [
        { type: "olderRequested", generation: g },
        {
          type: "pageLoaded",
          generation: g,
          page: { page: 4, content: page(1, 10).map((m) => groupMessage(m.id, 5)), last: true },
        },
      ],
      state,
    );
    expect(ids(state)).toEqual(page(1, 30).map((m) => m.id));
  });

  it("opens a message of the open chat that is not loaded like another chat's", () => {
    const before = shown(5);
    const state = run([{ type: "jump", chat: alice, messageId: 2_000 }], before);
    expect(state).toMatchObject({ status: "loading", around: 2_000 });
    expect(state.generation).toBe(before.generation + 1);
  });

  it("shows the error state when the page around it fails", () => {
    let state = run([{ type: "jump", chat: alice, messageId: 40 }]);
    state = run([{ type: "pageFailed", generation: state.generation, page: 0 }], state);
    expect(state.status).toBe("error");
  });

  it("forgets the jump when a chat is opened the usual way", () => {
    const state = run([
      { type: "jump", chat: alice, messageId: 40 },
      { type: "open", chat: team },
    ]);
    expect(state).toMatchObject({ around: null, focus: null });
  });
});

describe("edits, deletions and reactions", () => {
  it("replaces an edited or deleted message where the list holds it", () => {
    const before = shown(3);
    const edited = message(2, { content: "fixed", editedAt: "2025-06-02T09:05:00.000Z" });
    const state = run([{ type: "updated", message: edited }], before);
    expect(state.messages[1]).toBe(edited);
    expect(state.catchUp).toBeNull();
    // Not loaded (or another chat's): nothing changes, nothing is added.
    expect(run([{ type: "updated", message: message(9) }], before)).toBe(before);
  });

  it("sets a message's reactions", () => {
    const state = run([{ type: "reactionsUpdated", messageId: 1, reactions: { "✅": ["bob"] } }], shown(3));
    expect(state.messages[0]!.reactions).toEqual({ "✅": ["bob"] });
    expect(run([{ type: "reactionsUpdated", messageId: 8, reactions: {} }], shown(3)).messages).toEqual(
      shown(3).messages,
    );
  });
});
