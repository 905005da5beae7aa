import { describe, expect, it } from "vitest";
import { chatOfMessage, chatParam, parseChatParam, sameChat } from "./chat-ref.ts";
import { classifyIncoming, isPreviewableImage, mergeMessages, messageSummary } from "./messages.ts";
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
});
