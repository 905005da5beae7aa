import { isSendKey } from "./composer.ts";

/** A key pressed in the composer's text, as much of it as the decision needs. */
export interface ComposerKey {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  ctrlKey: boolean;
  /** An input method is composing a word: Enter and the arrows are its own. */
  isComposing: boolean;
}

export interface ComposerKeyState {
  /** The @mention suggestions are showing. */
  mentionsOpen: boolean;
  /** Answering or editing a message. */
  inMode: boolean;
  editing: boolean;
  /** Nothing written and nothing attached. */
  empty: boolean;
}

export type ComposerKeyAction =
  | { kind: "mention-move"; step: 1 | -1 }
  | { kind: "mention-choose" }
  | { kind: "mention-dismiss" }
  | { kind: "leave-mode" }
  | { kind: "edit-last" }
  | { kind: "submit" };

/**
 * What a key does in the composer, the first rule that matches: the open @mention list takes the
 * arrows, Enter, Tab and Escape; Escape leaves a reply or an edit; ArrowUp in an empty composer edits
 * my last message (as in the chat apps people know); Enter sends or saves. Null: the key types.
 */
export function composerKeyAction(key: ComposerKey, state: ComposerKeyState): ComposerKeyAction | null {
  if (state.mentionsOpen && !key.isComposing) {
    if (key.key === "ArrowDown" || key.key === "ArrowUp") {
      return { kind: "mention-move", step: key.key === "ArrowDown" ? 1 : -1 };
    }
    if ((key.key === "Enter" && !key.shiftKey) || key.key === "Tab") return { kind: "mention-choose" };
    if (key.key === "Escape") return { kind: "mention-dismiss" };
  }
  if (key.key === "Escape" && state.inMode) return { kind: "leave-mode" };
  const modified = key.shiftKey || key.altKey || key.metaKey || key.ctrlKey;
  if (key.key === "ArrowUp" && !state.editing && state.empty && !modified) return { kind: "edit-last" };
  if (isSendKey(key)) return { kind: "submit" };
  return null;
}
