import { describe, expect, it } from "vitest";
import { chatLimits } from "../../../shared/chat.ts";
import { excerptOf, type MessageRow, reactionsFrom, storedMessage, viewToMessage } from "./message-view.ts";

const createdAt = new Date("2026-11-20T09:30:00.000Z");

const row: MessageRow = {
  id: 7,
  conversationId: 3,
  seq: 12,
  clientId: "c-7",
  type: "GROUP_MESSAGE",
  senderId: 1,
  senderName: "alice",
  recipientId: null,
  recipientName: null,
  groupId: 4,
  content: "Grid C is moved",
  fileUrl: null,
  fileType: null,
  fileName: null,
  replyToId: null,
  createdAt,
  editedAt: null,
  deletedAt: null,
};

describe("excerptOf", () => {
  it("quotes the start of the text on one line, and nothing once the original is deleted", () => {
    expect(excerptOf("  Grid C\n\n  is  moved ", false)).toBe("Grid C is moved");
    expect(excerptOf("Grid C", true)).toBe("");
    const long = excerptOf("x".repeat(chatLimits.replyExcerptChars + 10), false);
    expect(long).toHaveLength(chatLimits.replyExcerptChars);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("reactionsFrom", () => {
  it("groups who reacted by emoji, first used first, in the order they reacted", () => {
    const reactions = reactionsFrom([
      ["👍", "bob"],
      ["🎉", "alice"],
      ["👍", "alice"],
    ]);
    expect(reactions).toEqual({ "👍": ["bob", "alice"], "🎉": ["alice"] });
    expect(Object.keys(reactions)).toEqual(["👍", "🎉"]);
    expect(reactionsFrom(null)).toEqual({});
  });
});

describe("storedMessage", () => {
  it("shows a row just written with its names as stored, and the quote and mentions resolved by the send", () => {
    const reply = { id: 5, sender: "bob", excerpt: "Where is grid C?" };
    expect(storedMessage(row, { reply, mentions: ["bob"] })).toEqual({
      id: 7,
      seq: 12,
      clientId: "c-7",
      type: "GROUP_MESSAGE",
      sender: "alice",
      senderRemoved: false,
      recipient: null,
      groupId: 4,
      content: "Grid C is moved",
      timestamp: "2026-11-20T09:30:00.000Z",
      fileUrl: null,
      fileType: null,
      fileName: null,
      editedAt: null,
      deleted: false,
      replyTo: reply,
      reactions: {},
      mentions: ["bob"],
    });
  });
});

describe("viewToMessage", () => {
  const view = {
    ...row,
    sender: "alice",
    recipient: null,
    replyId: null,
    replySender: null,
    replyText: null,
    replyDeleted: null,
    reactions: null,
    mentions: null,
  };

  it("quotes the original a reply answers, empty once it is deleted", () => {
    expect(viewToMessage(view).replyTo).toBeNull();
    const reply = { replyId: 5, replySender: "bob", replyText: "Where\nis grid C?", replyDeleted: false };
    expect(viewToMessage({ ...view, ...reply }).replyTo).toEqual({ id: 5, sender: "bob", excerpt: "Where is grid C?" });
    expect(viewToMessage({ ...view, ...reply, replyDeleted: true }).replyTo).toEqual({
      id: 5,
      sender: "bob",
      excerpt: "",
    });
  });

  it("marks a sender whose account is gone, and a deleted or edited message", () => {
    const at = new Date("2026-11-20T10:00:00.000Z");
    const message = viewToMessage({ ...view, senderId: null, editedAt: at, deletedAt: at });
    expect(message).toMatchObject({ senderRemoved: true, editedAt: at.toISOString(), deleted: true });
  });
});
