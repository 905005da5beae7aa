import { describe, expect, it } from "vitest";
import type { UnreadItem } from "../../../../shared/chat.ts";
import type { ChatRef } from "./chat-ref.ts";
import { groupMessage, message } from "./test-messages.ts";
import {
  hasUnreadMention,
  initialUnread,
  mentionsMe,
  totalUnread,
  type UnreadAction,
  unreadCount,
  unreadReducer,
} from "./unread.ts";

const alice: ChatRef = { kind: "user", username: "alice" };
const bob: ChatRef = { kind: "user", username: "bob" };
const team: ChatRef = { kind: "group", groupId: 5 };
const run = (actions: UnreadAction[], from = initialUnread) => actions.reduce(unreadReducer, from);
const received = (m: ReturnType<typeof message>, open: ChatRef | null = null, at = 1000): UnreadAction => ({
  type: "received",
  message: m,
  me: "me",
  open,
  at,
});

describe("unread counts", () => {
  it("counts a message for a chat that is not open", () => {
    const state = run([received(message(1)), received(message(2)), received(groupMessage(3, 5, { sender: "bob" }))]);
    expect(unreadCount(state, alice)).toBe(2);
    expect(unreadCount(state, team)).toBe(1);
    expect(totalUnread(state)).toBe(3);
  });

  it("counts each message once however often it is delivered", () => {
    const state = run([received(message(1)), received(message(1)), received(message(1))]);
    expect(unreadCount(state, alice)).toBe(1);
  });

  it("never counts my own messages nor those of the open chat", () => {
    const state = run([
      received(message(1, { sender: "me", recipient: "bob" })),
      received(groupMessage(2, 5, { sender: "ME" })),
      received(message(3), alice),
    ]);
    expect(totalUnread(state)).toBe(0);
    // Seen in the open chat, then the chat closed: a late duplicate still does not count.
    expect(unreadCount(run([received(message(3), null)], state), alice)).toBe(0);
  });

  it("clears a chat when it is opened", () => {
    const state = run([
      received(message(1)),
      received(message(2, { sender: "bob", recipient: "me" })),
      { type: "cleared", chat: alice },
    ]);
    expect(unreadCount(state, alice)).toBe(0);
    expect(unreadCount(state, bob)).toBe(1);
  });
});

describe("unread list from the server", () => {
  const items: UnreadItem[] = [
    { id: 1, type: "PRIVATE_MESSAGE", sender: "alice", recipient: "me", group: null, mentioned: false },
    { id: 2, type: "PRIVATE_MESSAGE", sender: "alice", recipient: "me", group: null, mentioned: false },
    { id: 3, type: "GROUP_MESSAGE", sender: "bob", recipient: null, group: { id: 5 }, mentioned: false },
    { id: 4, type: "GROUP_MESSAGE", sender: "carol", recipient: null, group: { id: 9 }, mentioned: false },
  ];

  it("counts per private sender and per group, leaving out the open chat", () => {
    const state = run([{ type: "loaded", items, me: "me", open: { kind: "group", groupId: 9 }, requestedAt: 500 }]);
    expect(unreadCount(state, alice)).toBe(2);
    expect(unreadCount(state, team)).toBe(1);
    expect(unreadCount(state, { kind: "group", groupId: 9 })).toBe(0);
  });

  it("replaces older counts but keeps what arrived after the list was asked for", () => {
    const state = run([
      received(message(50, { sender: "bob", recipient: "me" }), null, 100),
      received(message(60, { sender: "dave", recipient: "me" }), null, 900),
      { type: "loaded", items, me: "me", open: null, requestedAt: 500 },
    ]);
    // bob's message 50 was read elsewhere before the list was made: gone. dave's 60 is newer: kept.
    expect(unreadCount(state, bob)).toBe(0);
    expect(unreadCount(state, { kind: "user", username: "dave" })).toBe(1);
    expect(totalUnread(state)).toBe(5);
    // A live copy of a listed message does not add to it.
    expect(unreadCount(run([received(message(1), null, 1000)], state), alice)).toBe(2);
  });
});

describe("mentions", () => {
  const mention = (id: number, mentions: string[], groupId = 5) =>
    groupMessage(id, groupId, { sender: "bob", content: `hi @${mentions[0]}`, mentions });

  it("knows a group message that mentions me, whatever the case", () => {
    expect(mentionsMe(mention(1, ["Me"]), "me")).toBe(true);
    expect(mentionsMe(mention(1, ["carol", "ME"]), "Me")).toBe(true);
    expect(mentionsMe(mention(1, ["carol"]), "me")).toBe(false);
    expect(mentionsMe(mention(1, ["mee"]), "me")).toBe(false);
    // Private messages have no mentions to badge: the whole chat is for me.
    expect(mentionsMe(message(1, { mentions: ["me"] }), "me")).toBe(false);
  });

  it("marks a group while a live message that mentions me is unread", () => {
    let state = run([received(groupMessage(1, 5, { sender: "bob" }))]);
    expect(hasUnreadMention(state, team)).toBe(false);
    state = run([received(mention(2, ["me"])), received(mention(3, ["carol"], 9))], state);
    expect(hasUnreadMention(state, team)).toBe(true);
    expect(unreadCount(state, team)).toBe(2);
    expect(hasUnreadMention(state, { kind: "group", groupId: 9 })).toBe(false);
    // Read: the badge goes with the count.
    state = run([{ type: "cleared", chat: team }], state);
    expect(hasUnreadMention(state, team)).toBe(false);
  });

  it("does not mark the open group, nor my own message naming me", () => {
    const state = run([
      received(mention(1, ["me"]), team),
      received(groupMessage(2, 5, { sender: "me", mentions: ["me"] })),
    ]);
    expect(hasUnreadMention(state, team)).toBe(false);
  });

  it("takes the server's mentioned flag, and keeps a newer live mention", () => {
    const listed: UnreadItem[] = [
      { id: 10, type: "GROUP_MESSAGE", sender: "bob", recipient: null, group: { id: 5 }, mentioned: false },
      { id: 11, type: "GROUP_MESSAGE", sender: "carol", recipient: null, group: { id: 9 }, mentioned: true },
    ];
    const state = run([
      received(mention(20, ["me"], 7), null, 900),
      { type: "loaded", items: listed, me: "me", open: null, requestedAt: 500 },
    ]);
    expect(hasUnreadMention(state, team)).toBe(false);
    expect(hasUnreadMention(state, { kind: "group", groupId: 9 })).toBe(true);
    expect(hasUnreadMention(state, { kind: "group", groupId: 7 })).toBe(true);
    // A live copy of a listed mention changes nothing.
    expect(run([received(mention(11, ["me"], 9), null, 1000)], state)).toBe(state);
  });
});
