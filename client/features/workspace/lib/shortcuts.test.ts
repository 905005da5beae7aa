import { describe, expect, it } from "vitest";
import { type KeyFacts, shortcutFor } from "./shortcuts.ts";

const press = (key: string, facts: Partial<KeyFacts> = {}): KeyFacts => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  typing: false,
  afterG: false,
  ...facts,
});

describe("shortcutFor", () => {
  it("opens search with Ctrl+K or Cmd+K anywhere, and / outside a text field", () => {
    expect(shortcutFor(press("k", { ctrlKey: true, typing: true }))).toEqual({ type: "search" });
    expect(shortcutFor(press("K", { metaKey: true }))).toEqual({ type: "search" });
    expect(shortcutFor(press("/"))).toEqual({ type: "search" });
    expect(shortcutFor(press("/", { typing: true }))).toBeNull();
    expect(shortcutFor(press("k", { ctrlKey: true, altKey: true }))).toBeNull();
  });

  it("goes to a section with g then a letter, lists the shortcuts with ?, and leaves typing alone", () => {
    expect(shortcutFor(press("g"))).toEqual({ type: "await-go" });
    expect(shortcutFor(press("q", { afterG: true }))).toEqual({ type: "go", key: "q" });
    expect(shortcutFor(press("q"))).toBeNull();
    expect(shortcutFor(press("?"))).toEqual({ type: "help" });
    expect(shortcutFor(press("g", { typing: true }))).toBeNull();
    expect(shortcutFor(press("q", { afterG: true, typing: true }))).toBeNull();
    expect(shortcutFor(press("c", { afterG: true, ctrlKey: true }))).toBeNull();
  });
});
