import { describe, expect, it } from "vitest";
import { chatOfConversation, conversationOf } from "./conversation-key.ts";

describe("conversation keys", () => {
  it("names a chat as the API does, and reads it back", () => {
    expect(conversationOf({ kind: "user", username: "alice" })).toBe("private:alice");
    expect(conversationOf({ kind: "group", groupId: 5 })).toBe("group:5");
    expect(chatOfConversation("private:bob.smith")).toEqual({ kind: "user", username: "bob.smith" });
    expect(chatOfConversation("group:12")).toEqual({ kind: "group", groupId: 12 });
  });

  it("reads anything else as no chat", () => {
    for (const key of ["", "group:0", "group:x", "private:", "channel:1", "private:a b"]) {
      expect(chatOfConversation(key)).toBeNull();
    }
  });
});
