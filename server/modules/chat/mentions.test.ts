import { describe, expect, it } from "vitest";
import { mentionedReaders } from "./mentions.ts";

describe("mentionedReaders", () => {
  const readers = [
    { id: 2, username: "Bob" },
    { id: 3, username: "carol" },
  ];

  it("finds the readers a text @mentions, whatever the case, and no one else", () => {
    expect(mentionedReaders(readers, "@bob and @CAROL, look")).toEqual(readers);
    expect(mentionedReaders(readers, "@dave, look")).toEqual([]);
    expect(mentionedReaders(readers, "no mention")).toEqual([]);
  });
});
