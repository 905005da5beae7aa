import { describe, expect, it } from "vitest";
import { formatBytes } from "../../../../shared/bytes.ts";
import { chatLimits, chatMessages } from "../../../../shared/chat.ts";
import {
  canSendInChat,
  composeDraft,
  groupRuleSummary,
  insertMention,
  isSendKey,
  isTooLarge,
  mentionAt,
  mentionList,
  moveActive,
  sendBlocker,
  suggestMentions,
} from "./composer.ts";

const file = (name: string, size: number) => {
  const blob = new File(["x"], name);
  Object.defineProperty(blob, "size", { value: size });
  return blob;
};

describe("composeDraft (SPEC §5 chat message)", () => {
  it("needs text or a file", () => {
    expect(composeDraft("", null)).toEqual({ ok: false, reason: "empty" });
    expect(composeDraft("   \n\t ", null)).toEqual({ ok: false, reason: "empty" });
  });

  it("trims the text", () => {
    expect(composeDraft("  hello there \n", null)).toEqual({ ok: true, content: "hello there", file: null });
  });

  it("sends a file alone with its name as the content", () => {
    const plan = file("plan.pdf", 1000);
    expect(composeDraft("  ", plan)).toEqual({ ok: true, content: "plan.pdf", file: plan });
    expect(composeDraft("see attached", plan)).toEqual({ ok: true, content: "see attached", file: plan });
  });

  it("refuses a file over 50 MB and text over the limit", () => {
    expect(composeDraft("x", file("big.zip", chatLimits.maxAttachmentBytes + 1))).toEqual({
      ok: false,
      reason: "too-large",
    });
    expect(composeDraft("x".repeat(chatLimits.maxContentChars + 1), null)).toEqual({ ok: false, reason: "too-long" });
  });
});

describe("attachment size", () => {
  it("allows exactly 50 MB and refuses a byte more", () => {
    expect(isTooLarge({ size: 50 * 1024 * 1024 })).toBe(false);
    expect(isTooLarge({ size: 50 * 1024 * 1024 + 1 })).toBe(true);
  });

  it("writes sizes for people, as the alert shows them", () => {
    expect(formatBytes(812)).toBe("812 B");
    expect(formatBytes(4300)).toBe("4.2 KB");
    expect(formatBytes(52_428_801)).toBe("50 MB");
    expect(formatBytes(60 * 1024 * 1024)).toBe("60 MB");
    expect(formatBytes(1.5 * 1024 ** 3)).toBe("1.5 GB");
    expect(chatMessages.tooLarge(formatBytes(60 * 1024 * 1024))).toBe(
      "File size too large. Maximum allowed size is 50MB. Your file is 60 MB.",
    );
  });
});

describe("sendBlocker", () => {
  const ready = { allowed: true, connected: true, text: "hello", file: null };

  it("lets a message with text or a file go", () => {
    expect(sendBlocker(ready)).toBeNull();
    expect(sendBlocker({ ...ready, text: " ", file: file("plan.pdf", 10) })).toBeNull();
  });

  it("says why not, in order: not allowed, too large, empty, offline", () => {
    const big = file("big.zip", chatLimits.maxAttachmentBytes + 1);
    expect(sendBlocker({ ...ready, allowed: false, file: big, connected: false })).toBe("not-allowed");
    expect(sendBlocker({ ...ready, file: big, connected: false })).toBe("too-large");
    expect(sendBlocker({ ...ready, text: " \n", connected: false })).toBe("empty");
    expect(sendBlocker({ ...ready, connected: false })).toBe("offline");
  });
});

describe("canSendInChat (uses the shared group rule)", () => {
  const employee = { username: "bob", role: "employee" as const };
  const admin = { username: "root", role: "admin" as const };
  const open = { createdBy: "carol", adminOnlyMessage: false, allowedSenders: [] };

  it("always allows private chats", () => {
    expect(canSendInChat(employee, { kind: "user", username: "alice" }, undefined)).toBe(true);
  });

  it("follows adminOnlyMessage and allowedSenders in groups", () => {
    const chat = { kind: "group" as const, groupId: 3 };
    expect(canSendInChat(employee, chat, open)).toBe(true);
    expect(canSendInChat(employee, chat, { ...open, adminOnlyMessage: true })).toBe(false);
    expect(canSendInChat({ username: "carol", role: "employee" }, chat, { ...open, adminOnlyMessage: true })).toBe(
      true,
    );
    expect(canSendInChat(admin, chat, { ...open, adminOnlyMessage: true })).toBe(true);
    expect(canSendInChat(employee, chat, { ...open, allowedSenders: ["dave"] })).toBe(false);
    expect(canSendInChat(employee, chat, { ...open, allowedSenders: ["bob"] })).toBe(true);
  });

  it("keeps a group closed until it is known", () => {
    expect(canSendInChat(admin, { kind: "group", groupId: 9 }, undefined)).toBe(false);
  });

  it("summarises the rule", () => {
    expect(groupRuleSummary(open)).toBeNull();
    expect(groupRuleSummary({ ...open, adminOnlyMessage: true })).toBe("Only admins can send messages");
    expect(groupRuleSummary({ ...open, allowedSenders: ["a"] })).toBe("1 member can send messages");
  });
});

describe("isSendKey", () => {
  it("sends on Enter, not Shift+Enter nor while composing", () => {
    expect(isSendKey({ key: "Enter", shiftKey: false })).toBe(true);
    expect(isSendKey({ key: "Enter", shiftKey: true })).toBe(false);
    expect(isSendKey({ key: "Enter", shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: "a", shiftKey: false })).toBe(false);
  });
});

describe("@mention autocomplete", () => {
  it("finds the @name being written before the caret, not an address or a finished word", () => {
    expect(mentionAt("Hi @bo", 6)).toEqual({ start: 3, query: "bo" });
    expect(mentionAt("@", 1)).toEqual({ start: 0, query: "" });
    expect(mentionAt("Hi @bob there", 13)).toBeNull();
    expect(mentionAt("Hi @bob there", 7)).toEqual({ start: 3, query: "bob" });
    expect(mentionAt("mail me@example", 15)).toBeNull();
    expect(mentionAt("(@al", 4)).toEqual({ start: 1, query: "al" });
  });

  const people = [
    { username: "bob.smith", name: "Bob Smith" },
    { username: "alice", name: "Alice Moreau" },
    { username: "rob", name: "Roberta Bobson" },
    { username: "me", name: "Me Myself" },
  ];

  it("ranks usernames that start with the query, then names, then anything containing it; never me", () => {
    expect(suggestMentions(people, "bob", "me").map((p) => p.username)).toEqual(["bob.smith", "rob"]);
    expect(suggestMentions(people, "mor", "me").map((p) => p.username)).toEqual(["alice"]);
    expect(suggestMentions(people, "", "me").map((p) => p.username)).toEqual(["alice", "bob.smith", "rob"]);
    expect(suggestMentions(people, "m", "ME").map((p) => p.username)).toEqual(["alice", "bob.smith"]);
    expect(suggestMentions(people, "", "me", 2)).toHaveLength(2);
  });

  it("inserts '@username ' in place of what was typed, and puts the caret after it", () => {
    expect(insertMention("Hi @bo", 3, 6, "bob.smith")).toEqual({ text: "Hi @bob.smith ", caret: 14 });
    expect(insertMention("@al please", 0, 3, "alice")).toEqual({ text: "@alice please", caret: 7 });
    expect(insertMention("@al|ice x", 0, 3, "alice").text).toBe("@alice |ice x");
    expect(insertMention("@alxx check", 0, 3, "alice")).toEqual({ text: "@alice check", caret: 7 });
  });

  it("moves through the options, wrapping around", () => {
    expect(moveActive(0, 3, 1)).toBe(1);
    expect(moveActive(2, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(2);
    expect(moveActive(0, 0, 1)).toBe(-1);
  });

  it("lists the members for the @… before the caret, unless it was dismissed", () => {
    const state = { text: "Hi @bo", caret: 6, people, me: "me", dismissed: null, active: 0 };
    expect(mentionList(state)).toEqual({
      token: { start: 3, query: "bo" },
      suggestions: [people[0], people[2]],
      active: 0,
    });
    expect(mentionList({ ...state, dismissed: 3 }).suggestions).toEqual([]);
    expect(mentionList({ ...state, dismissed: 0 }).suggestions).toHaveLength(2);
    expect(mentionList({ ...state, people: [] })).toEqual({ token: null, suggestions: [], active: -1 });
  });

  it("keeps the active option inside the list as it shrinks", () => {
    const state = { text: "@bob", caret: 4, people, me: "me", dismissed: null, active: 5 };
    expect(mentionList(state).active).toBe(1);
    expect(mentionList({ ...state, text: "@zz", caret: 3 }).active).toBe(-1);
  });
});
