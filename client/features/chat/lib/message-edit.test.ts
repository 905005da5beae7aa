import { describe, expect, it } from "vitest";
import { chatLimits } from "../../../../shared/chat.ts";
import { editOutcome } from "./message-edit.ts";

describe("editOutcome", () => {
  it("refuses an edit without text, or too long, with the shared rule's words", () => {
    expect(editOutcome("   ", "hello")).toEqual({ kind: "invalid", error: "A message needs text" });
    expect(editOutcome("x".repeat(chatLimits.maxContentChars + 1), "hello")).toEqual({
      kind: "invalid",
      error: `At most ${chatLimits.maxContentChars} characters`,
    });
  });

  it("has nothing to save when only spaces around the text changed", () => {
    expect(editOutcome("  hello \n", "hello")).toEqual({ kind: "unchanged" });
    expect(editOutcome("hello", " hello ")).toEqual({ kind: "unchanged" });
  });

  it("saves the new text trimmed", () => {
    expect(editOutcome(" hello there ", "hello")).toEqual({ kind: "save", content: "hello there" });
  });
});
