import { describe, expect, it } from "vitest";
import { type ChatMessage, chatLimits } from "../../../../shared/chat.ts";
import { chatOfMessage, chatParam, parseChatParam, sameChat } from "./chat-ref.ts";
import {
  canAddReaction,
  canDeleteMessage,
  canEditMessage,
  classifyIncoming,
  excerptOf,
  fileKind,
  isPreviewableImage,
  lastEditable,
  mergeMessages,
  messageSummary,
  reactionChips,
  reactionToggle,
  replaceMessage,
  textSegments,
  tombstone,
  withReactions,
} from "./messages.ts";
import { groupMessage, message } from "./test-messages.ts";

describe("mergeMessages", () => {
  it("appends a newer message", () => {
    const list = [message(1), message(2)];
    expect(mergeMessages(list, [message(3)]).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it("drops duplicates by id, keeping one copy", () => {
    const list = [message(1), message(2)];
    const merged = mergeMessages(list, [message(2, { content: "edited" }), message(1)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2]);
    expect(merged[1]!.content).toBe("edited");
  });

  it("puts an older page in front and sorts overlaps into order", () => {
    const newest = [message(21), message(22), message(23)];
    const older = [message(19), message(20), message(21)];
    expect(mergeMessages(newest, older).map((m) => m.id)).toEqual([19, 20, 21, 22, 23]);
  });

  it("orders by seq, not by the clock, and inserts a late message in its place", () => {
    const list = [message(1), message(3, { timestamp: "2025-06-02T08:00:00.000Z" })];
    expect(mergeMessages(list, [message(2)]).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(mergeMessages([message(5, { seq: 1 })], [message(4, { seq: 2 })]).map((m) => m.id)).toEqual([5, 4]);
  });

  it("returns the same list when nothing comes in", () => {
    const list = [message(1)];
    expect(mergeMessages(list, [])).toBe(list);
  });
});

describe("classifyIncoming", () => {
  it("files a private message under the other participant", () => {
    expect(chatOfMessage(message(1), "me")).toEqual({ kind: "user", username: "alice" });
    expect(chatOfMessage(message(2, { sender: "me", recipient: "alice" }), "ME")).toEqual({
      kind: "user",
      username: "alice",
    });
    expect(chatOfMessage(groupMessage(3, 7), "me")).toEqual({ kind: "group", groupId: 7 });
  });

  it("tells whether it is for the open chat and whether it is mine", () => {
    expect(classifyIncoming(message(1), "me", { kind: "user", username: "Alice" })).toMatchObject({
      inOpenChat: true,
      own: false,
    });
    expect(classifyIncoming(message(1), "me", { kind: "group", groupId: 1 })).toMatchObject({ inOpenChat: false });
    expect(classifyIncoming(groupMessage(2, 4, { sender: "me" }), "me", null)).toMatchObject({
      inOpenChat: false,
      own: true,
    });
  });
});

describe("chat parameters", () => {
  it("round-trips user and group chats", () => {
    expect(parseChatParam(chatParam({ kind: "user", username: "alice.b" }))).toEqual({
      kind: "user",
      username: "alice.b",
    });
    expect(parseChatParam("group:12")).toEqual({ kind: "group", groupId: 12 });
  });

  it("rejects malformed values", () => {
    for (const value of [null, "", "user:", "group:0", "group:abc", "group:-1", "team:1", "group:1.5"]) {
      expect(parseChatParam(value)).toBeNull();
    }
  });

  it("compares user chats regardless of case", () => {
    expect(sameChat({ kind: "user", username: "Alice" }, { kind: "user", username: "alice" })).toBe(true);
    expect(sameChat({ kind: "group", groupId: 1 }, { kind: "user", username: "1" })).toBe(false);
    expect(sameChat(null, { kind: "group", groupId: 1 })).toBe(false);
  });
});

describe("messageSummary and previews", () => {
  it("summarises text and files", () => {
    expect(messageSummary({ content: " hi ", fileName: null, fileUrl: null })).toBe("hi");
    expect(messageSummary({ content: "plan.pdf", fileName: "plan.pdf", fileUrl: "/api/chat/files/k" })).toBe(
      "sent a file: plan.pdf",
    );
    expect(messageSummary({ content: "x".repeat(200), fileName: null, fileUrl: null }, 10)).toBe("xxxxxxxxx…");
  });

  it("previews raster images only", () => {
    expect(isPreviewableImage("image/png")).toBe(true);
    expect(isPreviewableImage("image/jpeg")).toBe(true);
    expect(isPreviewableImage("image/svg+xml")).toBe(false);
    expect(isPreviewableImage("application/pdf")).toBe(false);
    expect(isPreviewableImage(null)).toBe(false);
  });

  it("names a file's kind by its extension, else its type", () => {
    expect(fileKind("application/pdf", "plan.pdf")).toBe("PDF");
    expect(fileKind(null, "Site Survey.docx")).toBe("DOCX");
    expect(fileKind("application/zip", "archive")).toBe("ZIP");
    expect(fileKind(null, "notes")).toBe("File");
  });
});

describe("message actions (DESIGN §10)", () => {
  const minute = 60_000;
  const sent = Date.parse(message(1).timestamp);
  const mine = (id: number, overrides: Partial<ChatMessage> = {}) =>
    message(id, { sender: "me", recipient: "alice", ...overrides });

  it("replaces a stored message in place, and leaves the list alone when it does not hold it", () => {
    const list = [message(1), message(2)];
    const edited = message(2, { content: "fixed", editedAt: "2025-06-02T09:05:00.000Z" });
    expect(replaceMessage(list, edited)).toEqual([message(1), edited]);
    expect(replaceMessage(list, message(9))).toBe(list);
  });

  it('turns the quotes of a deleted message into empty excerpts ("deleted")', () => {
    const reply = message(2, { replyTo: { id: 1, sender: "alice", excerpt: "message 1" } });
    const next = replaceMessage([message(1), reply], tombstone(message(1)));
    expect(next[0]).toMatchObject({ deleted: true, content: "" });
    expect(next[1]!.replyTo).toEqual({ id: 1, sender: "alice", excerpt: "" });
    // Even when the original itself is not loaded.
    expect(replaceMessage([reply], tombstone(message(1)))[0]!.replyTo!.excerpt).toBe("");
  });

  it("sets one message's reactions", () => {
    const list = [message(1), message(2)];
    const next = withReactions(list, 2, { "👍": ["alice"] });
    expect(next[1]!.reactions).toEqual({ "👍": ["alice"] });
    expect(next[0]).toBe(list[0]);
    expect(withReactions(list, 7, {})).toBe(list);
  });

  it("makes a tombstone without text, attachment or reactions", () => {
    const withFile = message(1, {
      fileUrl: "/f",
      fileType: "image/png",
      fileName: "a.png",
      reactions: { "👍": ["me"] },
    });
    expect(tombstone(withFile)).toMatchObject({
      deleted: true,
      content: "",
      fileUrl: null,
      fileType: null,
      fileName: null,
      reactions: {},
    });
  });

  it("lets its sender edit a message with text within the window, until it is deleted", () => {
    expect(canEditMessage(mine(1), "ME", sent + 59 * minute)).toBe(true);
    expect(canEditMessage(mine(1), "me", sent + 60 * minute)).toBe(false);
    expect(canEditMessage(message(1), "me", sent)).toBe(false);
    expect(canEditMessage(mine(1, { deleted: true }), "me", sent)).toBe(false);
    expect(canEditMessage(mine(1, { fileUrl: "/f", fileName: "a.pdf", content: "a.pdf" }), "me", sent)).toBe(false);
    expect(canEditMessage(mine(1), "me", sent + 10 * minute, 5)).toBe(false);
  });

  it("lets its sender delete a message, and an admin any group message", () => {
    const employee = { username: "me", role: "employee" as const };
    const admin = { username: "boss", role: "admin" as const };
    expect(canDeleteMessage(mine(1), employee)).toBe(true);
    expect(canDeleteMessage(message(1), employee)).toBe(false);
    expect(canDeleteMessage(groupMessage(1, 5), admin)).toBe(true);
    expect(canDeleteMessage(message(1), admin)).toBe(false);
    expect(canDeleteMessage(mine(1, { deleted: true }), employee)).toBe(false);
  });

  it("finds my newest message that can still be edited", () => {
    const list = [mine(1), message(2), mine(3, { deleted: true }), message(4)];
    expect(lastEditable(list, "me", sent + minute)?.id).toBe(1);
    expect(lastEditable(list, "me", sent + 2 * 60 * minute)).toBeUndefined();
    expect(lastEditable([message(1)], "me", sent)).toBeUndefined();
  });

  it("quotes one line of at most the excerpt's length", () => {
    expect(excerptOf("  Grid C\n\n  is  moved ")).toBe("Grid C is moved");
    const long = excerptOf("x".repeat(chatLimits.replyExcerptChars + 10));
    expect(long).toHaveLength(chatLimits.replyExcerptChars);
    expect(long.endsWith("…")).toBe(true);
  });

  it("shows reactions as chips, marks mine and decides what choosing one does", () => {
    const reactions = { "👍": ["alice", "Me"], "🎉": ["bob"], "👀": [] };
    expect(reactionChips(reactions, "me")).toEqual([
      { emoji: "👍", count: 2, mine: true, users: ["alice", "Me"] },
      { emoji: "🎉", count: 1, mine: false, users: ["bob"] },
    ]);
    expect(reactionToggle(reactions, "👍", "me")).toBe("remove");
    expect(reactionToggle(reactions, "🎉", "me")).toBe("add");
    expect(reactionToggle(reactions, "🔥", "me")).toBe("add");
  });

  it("refuses a 21st distinct emoji but always adds to one already there", () => {
    const full = Object.fromEntries(
      Array.from({ length: chatLimits.maxReactionsPerMessage }, (_, i) => [`e${i}`, ["alice"]]),
    );
    expect(canAddReaction(full, "🔥")).toBe(false);
    expect(canAddReaction(full, "e3")).toBe(true);
    expect(canAddReaction({ "👍": ["alice"] }, "🔥")).toBe(true);
  });
});

describe("textSegments (@mentions)", () => {
  it("marks the mentions of members, mine among them, and leaves the rest as text", () => {
    expect(textSegments("@bob and @me: see grid C, mail@example.com", ["bob", "me"], "me")).toEqual([
      { kind: "mention", text: "@bob", username: "bob", me: false },
      { kind: "text", text: " and " },
      { kind: "mention", text: "@me", username: "me", me: true },
      { kind: "text", text: ": see grid C, mail@example.com" },
    ]);
  });

  it("leaves names that are not members, and trailing dots, as text", () => {
    expect(textSegments("Thanks @carol. And @bob.", ["bob"], "me")).toEqual([
      { kind: "text", text: "Thanks @carol. And " },
      { kind: "mention", text: "@bob", username: "bob", me: false },
      { kind: "text", text: "." },
    ]);
    expect(textSegments("no mentions here", [], "me")).toEqual([{ kind: "text", text: "no mentions here" }]);
    expect(textSegments("", ["bob"], "me")).toEqual([]);
  });

  it("matches usernames regardless of case, as written", () => {
    expect(textSegments("@Bob.Smith hi", ["bob.smith"], "me")[0]).toEqual({
      kind: "mention",
      text: "@Bob.Smith",
      username: "Bob.Smith",
      me: false,
    });
  });
});
