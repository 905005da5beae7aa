import { describe, expect, it } from "vitest";
import { type ComposerKey, type ComposerKeyState, composerKeyAction } from "./composer-keys.ts";

const press = (key: string, extra: Partial<ComposerKey> = {}): ComposerKey => ({
  key,
  shiftKey: false,
  altKey: false,
  metaKey: false,
  ctrlKey: false,
  isComposing: false,
  ...extra,
});

const writing: ComposerKeyState = { mentionsOpen: false, inMode: false, editing: false, empty: false };
const empty: ComposerKeyState = { ...writing, empty: true };
const listOpen: ComposerKeyState = { ...writing, mentionsOpen: true };

describe("composerKeyAction", () => {
  it("sends on Enter; Shift+Enter and an input method's Enter write", () => {
    expect(composerKeyAction(press("Enter"), writing)).toEqual({ kind: "submit" });
    expect(composerKeyAction(press("Enter", { shiftKey: true }), writing)).toBeNull();
    expect(composerKeyAction(press("Enter", { isComposing: true }), writing)).toBeNull();
    expect(composerKeyAction(press("a"), writing)).toBeNull();
  });

  it("gives the arrows, Enter, Tab and Escape to the open @mention list", () => {
    expect(composerKeyAction(press("ArrowDown"), listOpen)).toEqual({ kind: "mention-move", step: 1 });
    expect(composerKeyAction(press("ArrowUp"), listOpen)).toEqual({ kind: "mention-move", step: -1 });
    expect(composerKeyAction(press("Enter"), listOpen)).toEqual({ kind: "mention-choose" });
    expect(composerKeyAction(press("Tab"), listOpen)).toEqual({ kind: "mention-choose" });
    expect(composerKeyAction(press("Escape"), { ...listOpen, inMode: true })).toEqual({ kind: "mention-dismiss" });
    expect(composerKeyAction(press("Enter", { shiftKey: true }), listOpen)).toBeNull();
    expect(composerKeyAction(press("Tab"), writing)).toBeNull();
  });

  it("leaves the list alone while an input method composes", () => {
    expect(composerKeyAction(press("ArrowDown", { isComposing: true }), listOpen)).toBeNull();
    expect(composerKeyAction(press("Escape", { isComposing: true }), { ...listOpen, inMode: true })).toEqual({
      kind: "leave-mode",
    });
  });

  it("leaves a reply or an edit on Escape", () => {
    expect(composerKeyAction(press("Escape"), { ...writing, inMode: true })).toEqual({ kind: "leave-mode" });
    expect(composerKeyAction(press("Escape"), writing)).toBeNull();
  });

  it("edits my last message on a plain ArrowUp in an empty composer, not while editing", () => {
    expect(composerKeyAction(press("ArrowUp"), empty)).toEqual({ kind: "edit-last" });
    expect(composerKeyAction(press("ArrowUp"), { ...empty, inMode: true })).toEqual({ kind: "edit-last" });
    expect(composerKeyAction(press("ArrowUp"), writing)).toBeNull();
    expect(composerKeyAction(press("ArrowUp"), { ...empty, inMode: true, editing: true })).toBeNull();
    for (const modifier of ["shiftKey", "altKey", "metaKey", "ctrlKey"] as const) {
      expect(composerKeyAction(press("ArrowUp", { [modifier]: true }), empty)).toBeNull();
    }
  });
});
