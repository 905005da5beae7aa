import { describe, expect, it } from "vitest";
import { chatDestinations } from "../../../../shared/chat.ts";
import type { ChatRef } from "./chat-ref.ts";
import {
  type ConversationAction,
  type ConversationState,
  conversationReducer,
  initialConversation,
  type PendingMessage,
} from "./conversation.ts";
import { groupMessage, message } from "./test-messages.ts";

const alice: ChatRef = { kind: "user", username: "alice" };
const team: ChatRef = { kind: "group", groupId: 5 };
const run = (actions: ConversationAction[], from: ConversationState = initialConversation) =>
  actions.reduce(conversationReducer, from);
const ids = (state: ConversationState) => state.messages.map((m) => m.id);
const page = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

function pending(clientId: string, chat: ChatRef, content: string): PendingMessage {
  return {
    clientId,
    chat,
    content,
    fileUrl: null,
    fileType: null,
    fileName: null,
    createdAt: "2025-06-02T09:00:00.000Z",
    state: "sending",
  };
}

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

  it("merges a re-fetched page 0 after a reconnect without duplicates", () => {
    let state = run([{ type: "open", chat: alice }]);
    const g = state.generation;
    state = run([{ type: "pageLoaded", generation: g, page: { page: 0, content: page(1, 20), last: false } }], state);
    state = run([{ type: "refreshed", generation: g, content: page(5, 24), me: "me" }], state);
    expect(ids(state)).toEqual(page(1, 24).map((m) => m.id));
    expect(state.hasMore).toBe(true);
  });
});

describe("pending sends", () => {
  it("goes sending → sent on the receipt → gone when the stored copy comes back", () => {
    let state = run([
      { type: "open", chat: alice },
      { type: "pendingAdded", pending: pending("r1", alice, "hi") },
    ]);
    expect(state.pending[0]!.state).toBe("sending");
    state = run([{ type: "pendingSent", clientId: "r1" }], state);
    expect(state.pending[0]!.state).toBe("sent");
    state = run(
      [{ type: "received", message: message(7, { sender: "me", recipient: "alice", content: "hi" }), me: "me" }],
      state,
    );
    expect(state.pending).toEqual([]);
    expect(ids(state)).toEqual([7]);
  });

  it("marks the oldest waiting send to the refused destination as failed", () => {
    let state = run([
      { type: "pendingAdded", pending: pending("r1", alice, "one") },
      { type: "pendingAdded", pending: pending("r2", team, "two") },
      { type: "pendingAdded", pending: pending("r3", team, "three") },
    ]);
    state = run(
      [{ type: "pendingFailed", destination: chatDestinations.sendGroup, error: "You don't have permission" }],
      state,
    );
    expect(state.pending.map((item) => item.state)).toEqual(["sending", "failed", "sending"]);
    expect(state.pending[1]!.error).toBe("You don't have permission");
    // A receipt after the refusal does not make it look sent.
    state = run([{ type: "pendingSent", clientId: "r2" }], state);
    expect(state.pending[1]!.state).toBe("failed");
  });

  it("fails unconfirmed sends when the connection drops; the re-fetch clears those that arrived", () => {
    let state = run([
      { type: "open", chat: alice },
      { type: "pendingAdded", pending: pending("r1", alice, "arrived") },
      { type: "pendingAdded", pending: pending("r2", alice, "lost") },
      { type: "connectionLost" },
    ]);
    expect(state.pending.map((item) => item.state)).toEqual(["failed", "failed"]);
    state = run(
      [
        {
          type: "refreshed",
          generation: state.generation,
          content: [message(40, { sender: "me", recipient: "alice", content: "arrived" })],
          me: "me",
        },
      ],
      state,
    );
    expect(state.pending.map((item) => item.clientId)).toEqual(["r2"]);
  });

  it("keeps pending sends of other chats when switching", () => {
    const state = run([
      { type: "open", chat: alice },
      { type: "pendingAdded", pending: pending("r1", alice, "hi") },
      { type: "open", chat: team },
    ]);
    expect(state.pending).toHaveLength(1);
  });
});
