import { type RefObject, useEffect, useLayoutEffect, useState } from "react";
import { messageFrom } from "~/lib/http-error";
import type { ChatMessage } from "../../../../shared/chat.ts";
import type { ComposerMode } from "../lib/composer.ts";
import { editFailedMessage, editOutcome } from "../lib/message-edit.ts";

/** The text of an edit under way, and why it was not saved. */
export interface EditDraft {
  id: number;
  text: string;
  error: string | null;
}

export interface MessageEditingOptions {
  mode: ComposerMode;
  onModeChange?: (mode: ComposerMode) => void;
  /** Saves an edit; rejects with the server's reason. */
  onSaveEdit?: (message: ChatMessage, content: string) => Promise<void>;
  /** The composer's text field: focused again when a reply or an edit ends. */
  field: RefObject<HTMLTextAreaElement | null>;
  /** An edit has begun and its text is in the field (stable: it is an effect's dependency). */
  onBegin: () => void;
}

/**
 * Answering a message or editing one of mine: the mode the composer is in, the edit's own text (the
 * draft of a new message waits untouched underneath), saving it, and leaving either.
 */
export function useMessageEditing({ mode, onModeChange, onSaveEdit, field, onBegin }: MessageEditingOptions) {
  const editing = mode?.kind === "edit" ? mode.message : null;
  const replying = mode?.kind === "reply" ? mode.message : null;
  const [edit, setEdit] = useState<EditDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const draft: EditDraft | null =
    editing && edit?.id === editing.id ? edit : editing ? { id: editing.id, text: editing.content, error: null } : null;

  // An edit just begun starts from the message's text, the caret after it.
  const editingId = editing?.id;
  useLayoutEffect(() => {
    if (editingId === undefined) return;
    setEdit(null);
    onBegin();
  }, [editingId, onBegin]);

  // The message being answered or edited was deleted meanwhile: nothing left to do with it.
  const gone = mode?.message.deleted === true;
  useEffect(() => {
    if (gone) onModeChange?.(null);
  }, [gone, onModeChange]);

  function leave() {
    onModeChange?.(null);
    setEdit(null);
    field.current?.focus({ preventScroll: true });
  }

  async function save() {
    if (!editing || !draft) return;
    const outcome = editOutcome(draft.text, editing.content);
    if (outcome.kind === "invalid") {
      setEdit({ ...draft, error: outcome.error });
      return;
    }
    if (outcome.kind === "unchanged") {
      leave();
      return;
    }
    setSaving(true);
    try {
      await onSaveEdit?.(editing, outcome.content);
      leave();
    } catch (error) {
      setEdit({ ...draft, error: messageFrom(error, editFailedMessage) });
    } finally {
      setSaving(false);
    }
  }

  return {
    editing,
    replying,
    /** The edit's text and error while editing; null otherwise. */
    draft,
    saving,
    /** The edit's text changed: any error is past. */
    change: (text: string) => draft && setEdit({ ...draft, text, error: null }),
    save,
    leave,
    beginEdit: (message: ChatMessage) => onModeChange?.({ kind: "edit", message }),
    /** The reply went: back to writing new messages. */
    replied: () => replying && onModeChange?.(null),
  };
}
