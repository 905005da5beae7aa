import { Loader2, Paperclip, SendHorizontal } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useId, useRef } from "react";
import { cx } from "~/components/ui/cx";
import { type ChatMessage, chatMessages } from "../../../../shared/chat.ts";
import { chatAcceptAttribute } from "../../../../shared/chat-attachments.ts";
import { useCaret } from "../hooks/use-caret.ts";
import { useComposerAttachments } from "../hooks/use-composer-attachments.ts";
import { useGrowingTextarea } from "../hooks/use-growing-textarea.ts";
import { useMentionPicker } from "../hooks/use-mention-picker.ts";
import { type SendHandler, useMessageDraft } from "../hooks/use-message-draft.ts";
import { useMessageEditing } from "../hooks/use-message-editing.ts";
import type { ComposerMode, MentionCandidate } from "../lib/composer.ts";
import { composerKeyAction } from "../lib/composer-keys.ts";
import { ComposerAttachment } from "./composer-attachment.tsx";
import { ComposerBanner } from "./composer-banner.tsx";
import { ComposerHint } from "./composer-hint.tsx";
import { MentionSuggestions, optionId } from "./mention-suggestions.tsx";

export interface ComposerProps {
  /** Whose chat it is, for the placeholder and labels. */
  target: string;
  /** False when the group's rules forbid me to send (SPEC §5): the input is disabled with a reason. */
  allowed: boolean;
  connected: boolean;
  /** Uploads, publishes; resolves true when the composer may clear. */
  onSend: SendHandler;
  /** Lets the view move focus here after choosing a chat. */
  textareaRef?: React.RefObject<HTMLTextAreaElement | null>;
  /** The unsent text this chat had when it was last left, and where to keep it. */
  draft?: string;
  onDraftChange?: (text: string) => void;
  me: string;
  displayName: (username: string) => string;
  mode?: ComposerMode;
  onModeChange?: (mode: ComposerMode) => void;
  /** Saves an edit; rejects with the server's reason. */
  onSaveEdit?: (message: ChatMessage, content: string) => Promise<void>;
  /** My newest message that can still be edited (ArrowUp in an empty composer edits it). */
  lastEditable?: () => ChatMessage | undefined;
  /** Who can be @mentioned here (a group's members); none in a private chat. */
  mentionable?: readonly MentionCandidate[];
  /** I am typing a new message (not an edit). */
  onTyping?: () => void;
  /** I emptied the new message's draft without sending it. */
  onStopTyping?: () => void;
}

/**
 * Attach, text, Send. Enter sends, Shift+Enter starts a new line. It also answers a message (a reply
 * banner), edits one of mine (ArrowUp when empty, or Edit in a message's menu: Enter saves, Escape
 * cancels) and completes @mentions of a group's members. Each of these jobs is a hook; this wires them.
 */
export function Composer({
  target,
  allowed,
  connected,
  onSend,
  textareaRef,
  draft = "",
  onDraftChange,
  me,
  displayName,
  mode = null,
  onModeChange,
  onSaveEdit,
  lastEditable,
  mentionable = [],
  onTyping,
  onStopTyping,
}: ComposerProps) {
  const field = useRef<HTMLTextAreaElement | null>(null);
  const hintId = useId();
  const bannerId = useId();
  const listId = useId();

  const caret = useCaret(field);
  const edit = useMessageEditing({ mode, onModeChange, onSaveEdit, field, onBegin: caret.toEnd });
  const attachments = useComposerAttachments();
  const message = useMessageDraft({
    draft,
    onDraftChange,
    onTyping,
    onStopTyping,
    allowed,
    connected,
    onSend,
    attachments,
    replyTo: edit.replying,
    onSent: edit.replied,
    field,
  });
  const value = edit.draft ? edit.draft.text : message.text;
  const mentions = useMentionPicker({ text: value, caret: caret.at, people: mentionable, me });
  useGrowingTextarea(field, value);

  const editing = edit.editing !== null;
  // One thing at a time: an edit being saved or a message being sent.
  const busy = edit.saving || message.sending;
  // An edit is saved over HTTP: it does not wait for the live connection.
  const canSubmit = !busy && (edit.draft ? edit.draft.text.trim() !== "" : message.ready);

  function changeValue(next: string, caretAt: number) {
    caret.track(caretAt);
    mentions.reset();
    if (edit.draft) edit.change(next);
    else message.write(next);
  }

  function chooseMention(person: MentionCandidate) {
    const next = mentions.insert(person);
    if (!next) return;
    // Placed once the new text is in the field.
    caret.moveTo(next.caret);
    changeValue(next.text, next.caret);
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    if (edit.draft) await edit.save();
    else await message.send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    const action = composerKeyAction(
      {
        key: event.key,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        ctrlKey: event.ctrlKey,
        isComposing: event.nativeEvent.isComposing,
      },
      { mentionsOpen: mentions.open, inMode: mode !== null, editing, empty: value === "" && !attachments.file },
    );
    if (!action) return;
    if (action.kind === "edit-last") {
      const last = lastEditable?.();
      if (!last) return;
      event.preventDefault();
      edit.beginEdit(last);
      return;
    }
    event.preventDefault();
    if (action.kind === "mention-move") mentions.move(action.step);
    else if (action.kind === "mention-choose") chooseMention(mentions.suggestions[mentions.active]!);
    else if (action.kind === "mention-dismiss") mentions.dismiss();
    else if (action.kind === "leave-mode") edit.leave();
    else void submit();
  }

  return (
    <form onSubmit={submit} className="relative border-t border-steel-200 bg-white px-3 pt-2.5 pb-3 sm:px-4">
      {mentions.open && (
        <MentionSuggestions
          id={listId}
          people={mentions.suggestions}
          active={mentions.active}
          onChoose={chooseMention}
          onHover={mentions.setActive}
        />
      )}
      {/* Read out when a reply or an edit begins; the banner itself says what and how to leave. */}
      <div aria-live="polite">
        <ComposerBanner
          id={bannerId}
          editing={edit.editing}
          replying={edit.replying}
          error={edit.draft?.error ?? null}
          displayName={displayName}
          onCancel={edit.leave}
        />
      </div>
      {attachments.file && (
        <ComposerAttachment
          file={attachments.file}
          tooLarge={attachments.tooLarge}
          progress={attachments.progress}
          busy={busy}
          onRemove={attachments.clear}
        />
      )}
      <div
        className={cx(
          "flex items-end gap-1.5 rounded-2xl border bg-white p-1.5 shadow-sm transition-colors focus-within:border-steel-500",
          allowed ? "border-steel-300" : "border-steel-200 bg-steel-50",
        )}
      >
        <input
          ref={attachments.input}
          type="file"
          accept={chatAcceptAttribute}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => attachments.choose(event.target.files?.[0] ?? null)}
        />
        <button
          type="button"
          onClick={attachments.browse}
          disabled={!allowed || busy || editing}
          aria-label="Attach a file"
          title="Attach a file"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl text-steel-600 hover:bg-steel-100 hover:text-steel-950 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Paperclip aria-hidden="true" size={18} />
        </button>
        <label className="min-w-0 flex-1">
          <span className="sr-only">Message {target}</span>
          <textarea
            ref={(element) => {
              field.current = element;
              if (textareaRef) textareaRef.current = element;
            }}
            rows={1}
            value={value}
            onChange={(event) => changeValue(event.target.value, event.target.selectionStart)}
            onSelect={(event) => caret.track(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            disabled={!allowed && !editing}
            placeholder={allowed ? `Message ${target}` : chatMessages.noPermission}
            aria-describedby={cx(mode ? bannerId : undefined, allowed ? hintId : undefined) || undefined}
            aria-autocomplete={mentionable.length > 0 ? "list" : undefined}
            aria-controls={mentions.open ? listId : undefined}
            aria-activedescendant={mentions.open ? optionId(listId, mentions.active) : undefined}
            className="block max-h-40 w-full resize-none bg-transparent px-1.5 py-1.5 text-base text-steel-950 placeholder:truncate placeholder:text-steel-400 focus:outline-none disabled:cursor-not-allowed disabled:text-steel-500 sm:text-sm"
          />
        </label>
        <button
          type="submit"
          disabled={!canSubmit}
          aria-label={editing ? "Save edit" : "Send"}
          title={
            editing
              ? "Save (Enter)"
              : connected
                ? "Send (Enter)"
                : "Offline: sending resumes when the connection is back"
          }
          className="flex h-9 shrink-0 items-center justify-center gap-1.5 rounded-xl bg-accent-600 px-3 text-sm font-semibold text-white shadow-sm hover:bg-accent-700 disabled:cursor-not-allowed disabled:bg-steel-200 disabled:text-steel-500 disabled:shadow-none"
        >
          {busy ? (
            <Loader2 aria-hidden="true" size={16} className="animate-spin" />
          ) : (
            <SendHorizontal aria-hidden="true" size={16} />
          )}
          <span className="hidden sm:inline">{editing ? "Save" : "Send"}</span>
        </button>
      </div>
      {allowed && (
        <ComposerHint
          id={hintId}
          inMode={mode !== null}
          editing={editing}
          mentions={mentionable.length > 0}
          connected={connected}
        />
      )}
    </form>
  );
}
