import { describe, expect, it } from "vitest";
import { chatMessages } from "../../../../shared/chat.ts";
import type { Refusal } from "../../../../shared/realtime.ts";
import type { ChatRef } from "./chat-ref.ts";
import {
  dueForSending,
  initialOutbox,
  nextDue,
  type OutboxAction,
  type OutboxState,
  outboxReducer,
  pendingIn,
  restoreOutbox,
  unavailableRetryMs,
} from "./outbox.ts";
import { groupMessage, message } from "./test-messages.ts";

const alice: ChatRef = { kind: "user", username: "alice" };
const team: ChatRef = { kind: "group", groupId: 5 };
const run = (actions: OutboxAction[], from: OutboxState = initialOutbox) => actions.reduce(outboxReducer, from);
const queued = (clientId: string, chat: ChatRef = alice, content = `text of ${clientId}`): OutboxAction => ({
  type: "queued",
  item: {
    clientId,
    chat,
    content,
    fileUrl: null,
    fileType: null,
    fileName: null,
    createdAt: "2025-06-02T09:00:00.000Z",
  },
});
const attempted = (clientId: string, receipt: string): OutboxAction => ({ type: "attempted", clientId, receipt });
const refused = (refusal: Partial<Refusal>, at = 1_000): OutboxAction => ({
  type: "refused",
  refusal: { code: "FORBIDDEN", message: "You don't have permission to send messages", ...refusal },
  at,
});
/** My stored message carrying `clientId`, as the server delivers it back. */
const mine = (id: number, clientId: string) => message(id, { sender: "me", recipient: "alice", clientId });
const stored = (...messages: ReturnType<typeof message>[]): OutboxAction => ({ type: "stored", messages, me: "me" });
const states = (state: OutboxState) => state.items.map((item) => `${item.clientId}:${item.state}`);

describe("sending", () => {
  it("sends a queued item once per connection, and keeps it until its stored copy comes back", () => {
    let state = run([queued("c1")]);
    expect(dueForSending(state, 0).map((item) => item.clientId)).toEqual(["c1"]);
    state = run([attempted("c1", "r1")], state);
    expect(dueForSending(state, 0)).toEqual([]);
    state = run([{ type: "receipted", clientId: "c1" }], state);
    expect(states(state)).toEqual(["c1:sent"]);
    state = run([stored(mine(7, "c1"))], state);
    expect(state.items).toEqual([]);
  });

  it("accepts the stored copy before the RECEIPT, and ignores the late RECEIPT", () => {
    const state = run([
      queued("c1"),
      attempted("c1", "r1"),
      stored(mine(7, "c1")),
      { type: "receipted", clientId: "c1" },
    ]);
    expect(state.items).toEqual([]);
  });

  it("matches the stored copy by clientId, not by text", () => {
    const state = run([
      queued("c1", alice, "ok"),
      queued("c2", alice, "ok"),
      attempted("c1", "r1"),
      attempted("c2", "r2"),
      stored(mine(8, "c2")),
    ]);
    expect(state.items.map((item) => item.clientId)).toEqual(["c1"]);
    // Someone else's message with the same clientId is not mine.
    expect(run([stored(message(9, { clientId: "c1" }))], state)).toBe(state);
    // Nor is one without a clientId (sent from an older client) with the same text.
    expect(run([stored(message(10, { sender: "me", recipient: "alice", content: "ok" }))], state)).toBe(state);
  });

  it("a group message comes back stored like a private one", () => {
    const state = run([queued("g1", team), attempted("g1", "r1")]);
    expect(run([stored(groupMessage(4, 5, { sender: "me", clientId: "g1" }))], state).items).toEqual([]);
  });

  it("queues a clientId only once", () => {
    const state = run([queued("c1"), queued("c1")]);
    expect(state.items).toHaveLength(1);
  });

  it("lists the items of one chat", () => {
    const state = run([queued("c1", alice), queued("c2", team), queued("c3", { kind: "user", username: "ALICE" })]);
    expect(pendingIn(state, alice).map((item) => item.clientId)).toEqual(["c1", "c3"]);
    expect(pendingIn(state, null)).toEqual([]);
  });
});

describe("reconnecting", () => {
  it("sends every unconfirmed item again after a reconnect, with the same clientId and never as Not sent", () => {
    let state = run([
      queued("c1"),
      queued("c2"),
      queued("c3"),
      attempted("c1", "r1"),
      attempted("c2", "r2"),
      attempted("c3", "r3"),
      { type: "receipted", clientId: "c2" },
      stored(mine(5, "c3")),
      { type: "connectionLost" },
    ]);
    expect(states(state)).toEqual(["c1:sending", "c2:sent"]);
    // c1 never got a RECEIPT; c2 did but its copy did not come back: both go again, under their own ids.
    expect(dueForSending(state, 0).map((item) => item.clientId)).toEqual(["c1", "c2"]);
    state = run([attempted("c1", "r4"), attempted("c2", "r5")], state);
    expect(state.items.map((item) => item.receipt)).toEqual(["r4", "r5"]);
    expect(dueForSending(state, 0)).toEqual([]);
    // The server stored c1 once: its copy and the repeated copy of c2 come back.
    state = run([{ type: "receipted", clientId: "c1" }, stored(mine(6, "c1"), mine(4, "c2"))], state);
    expect(state.items).toEqual([]);
  });

  it("leaves refused items alone on a reconnect", () => {
    const state = run([queued("c1"), attempted("c1", "r1"), refused({ clientId: "c1" }), { type: "connectionLost" }]);
    expect(states(state)).toEqual(["c1:failed"]);
    expect(dueForSending(state, 0)).toEqual([]);
  });
});

describe("refusals", () => {
  it("marks the item the refusal names by clientId as Not sent, with the server's words", () => {
    const state = run([
      queued("c1", team),
      queued("c2", team),
      attempted("c1", "r1"),
      attempted("c2", "r2"),
      refused({ clientId: "c2", receipt: "r2" }),
    ]);
    expect(states(state)).toEqual(["c1:sending", "c2:failed"]);
    expect(state.items[1]).toMatchObject({ error: "You don't have permission to send messages", code: "FORBIDDEN" });
    // A RECEIPT after the refusal does not make it look sent.
    expect(run([{ type: "receipted", clientId: "c2" }], state).items[1]!.state).toBe("failed");
  });

  it("falls back to the receipt of the current attempt when the refusal has no clientId", () => {
    const state = run([
      queued("c1"),
      queued("c2"),
      attempted("c1", "r1"),
      attempted("c2", "r2"),
      refused({ receipt: "r1" }),
    ]);
    expect(states(state)).toEqual(["c1:failed", "c2:sending"]);
  });

  it("marks nothing when the refusal names no send of mine", () => {
    const state = run([queued("c1"), attempted("c1", "r1")]);
    expect(run([refused({})], state)).toBe(state);
    expect(run([refused({ clientId: "other" })], state)).toBe(state);
    expect(run([refused({ receipt: "r0" })], state)).toBe(state);
  });

  it("never turns a message the server confirmed into Not sent", () => {
    const state = run([
      queued("c1"),
      attempted("c1", "r1"),
      { type: "receipted", clientId: "c1" },
      { type: "connectionLost" },
      attempted("c1", "r2"),
      refused({ clientId: "c1", code: "RATE_LIMITED", message: chatMessages.rateLimited }),
    ]);
    expect(states(state)).toEqual(["c1:sent"]);
  });

  it("keeps a rate-limited text for Retry, which sends the same clientId again", () => {
    let state = run([
      queued("c1"),
      attempted("c1", "r1"),
      refused({ clientId: "c1", code: "RATE_LIMITED", message: chatMessages.rateLimited }),
    ]);
    expect(state.items[0]).toMatchObject({ state: "failed", error: chatMessages.rateLimited, content: "text of c1" });
    state = run([{ type: "retried", clientId: "c1" }], state);
    expect(states(state)).toEqual(["c1:sending"]);
    expect(state.items[0]!.error).toBeUndefined();
    expect(dueForSending(state, 0).map((item) => item.clientId)).toEqual(["c1"]);
    state = run([attempted("c1", "r2"), { type: "receipted", clientId: "c1" }, stored(mine(3, "c1"))], state);
    expect(state.items).toEqual([]);
  });

  it("tries again later, not as Not sent, when the server was unavailable", () => {
    const state = run([queued("c1"), attempted("c1", "r1"), refused({ clientId: "c1", code: "UNAVAILABLE" }, 1_000)]);
    expect(states(state)).toEqual(["c1:sending"]);
    expect(dueForSending(state, 1_000)).toEqual([]);
    expect(nextDue(state)).toBe(1_000 + unavailableRetryMs);
    expect(dueForSending(state, 1_000 + unavailableRetryMs).map((item) => item.clientId)).toEqual(["c1"]);
    expect(nextDue(run([attempted("c1", "r2")], state))).toBeNull();
  });

  it("drops a discarded item", () => {
    const state = run([queued("c1"), queued("c2"), { type: "discarded", clientId: "c1" }]);
    expect(state.items.map((item) => item.clientId)).toEqual(["c2"]);
  });
});

describe("restoring after a reload", () => {
  it("keeps valid items, each to be sent again, and drops anything malformed", () => {
    const saved = JSON.parse(
      JSON.stringify(
        run([
          queued("c1"),
          queued("c2", team),
          attempted("c1", "r1"),
          attempted("c2", "r2"),
          refused({ clientId: "c2", code: "FORBIDDEN" }),
        ]),
      ),
    ) as { items: unknown[] };
    saved.items.push({ clientId: 3 }, null, { clientId: "c4", content: "x", chat: { kind: "group", groupId: "5" } });
    const state = restoreOutbox(saved);
    expect(states(state)).toEqual(["c1:sending", "c2:failed"]);
    expect(state.items.map((item) => item.receipt)).toEqual([null, null]);
    expect(dueForSending(state, 0).map((item) => item.clientId)).toEqual(["c1"]);
    expect(restoreOutbox("nonsense")).toBe(initialOutbox);
    expect(restoreOutbox(null)).toBe(initialOutbox);
  });

  it("keeps the message a reply answers, for the re-send", () => {
    const reply: OutboxAction = {
      type: "queued",
      item: {
        clientId: "c1",
        chat: alice,
        content: "Yes, grid C.",
        fileUrl: null,
        fileType: null,
        fileName: null,
        replyToId: 42,
        createdAt: "2025-06-02T09:00:00.000Z",
      },
    };
    const saved = JSON.parse(JSON.stringify(run([reply, queued("c2")]))) as { items: Record<string, unknown>[] };
    saved.items[1]!.replyToId = "not a number";
    const state = restoreOutbox(saved);
    expect(state.items.map((item) => item.replyToId)).toEqual([42, undefined]);
  });
});
