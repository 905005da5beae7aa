import { CornerUpLeft, FileText, ImageIcon, Loader2, Paperclip, Pencil, SendHorizontal, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { cx } from "~/components/ui/cx";
import { ProgressBar } from "~/components/ui/progress-bar";
import { HttpError } from "~/lib/http-error";
import { formatBytes } from "../../../../shared/bytes.ts";
import { type ChatMessage, chatAcceptAttribute, chatMessages, editMessageSchema } from "../../../../shared/chat.ts";
import type { SendExtras } from "../hooks/use-send-message.ts";
import {
  insertMention,
  isSendKey,
  isTooLarge,
  type MentionCandidate,
  mentionAt,
  moveActive,
  suggestMentions,
} from "../lib/composer.ts";
import { excerptOf } from "../lib/messages.ts";
import { MentionSuggestions, optionId } from "./mention-suggestions.tsx";
import { deletedText } from "./reply-quote.tsx";

/** What the composer is doing besides writing a new message: answering one, or editing one of mine. */
export type ComposerMode = { kind: "reply"; message: ChatMessage } | { kind: "edit"; message: ChatMessage } | null;

export interface ComposerProps {
  /** Whose chat it is, for the placeholder and labels. */
  target: string;
  /** False when the group's rules forbid me to send (SPEC §5): the input is disabled with a reason. */
  allowed: boolean;
  connected: boolean;
  /** Uploads, publishes; resolves true when the composer may clear. */
  onSend: (
    text: string,
    file: File | null,
    onProgress: (percent: number) => void,
    extras?: SendExtras,
  ) => Promise<boolean>;
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
}

const MAX_ROWS_PX = 160;

const failure = (error: unknown) =>
  error instanceof HttpError && error.serverMessage
    ? error.serverMessage
    : "The message could not be saved. Please try again.";

/**
 * Attach, text, Send. Enter sends, Shift+Enter starts a new line. It also answers a message (a reply
 * banner), edits one of mine (ArrowUp when empty, or Edit in a message's menu: Enter saves, Escape
 * cancels) and completes @mentions of a group's members.
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
}: ComposerProps) {
  const [text, setTextState] = useState(draft);
  const setText = (next: string) => {
    setTextState(next);
    onDraftChange?.(next);
  };
  const editing = mode?.kind === "edit" ? mode.message : null;
  const replying = mode?.kind === "reply" ? mode.message : null;
  // The edit's own text: the draft of a new message waits untouched underneath.
  const [edit, setEdit] = useState<{ id: number; text: string; error: string | null } | null>(null);
  const editState =
    editing && edit?.id === editing.id ? edit : editing ? { id: editing.id, text: editing.content, error: null } : null;
  const value = editState ? editState.text : text;

  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const ownRef = useRef<HTMLTextAreaElement | null>(null);
  const hintId = useId();
  const fileId = useId();
  const bannerId = useId();
  const listId = useId();

  // @mentions: the `@…` before the caret, unless Escape dismissed that one.
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const token = mentionable.length > 0 ? mentionAt(value, caret) : null;
  const suggestions = token && token.start !== dismissed ? suggestMentions(mentionable, token.query, me) : [];
  const listOpen = suggestions.length > 0;
  const activeIndex = Math.min(active, suggestions.length - 1);
  const pendingCaret = useRef<number | null>(null);

  // Grow with the text up to a limit, then scroll.
  useEffect(() => {
    const element = ownRef.current;
    if (!element) return;
    element.style.height = "auto";
    // Empty, it is one row whatever the placeholder's length.
    if (value === "") return;
    element.style.height = `${Math.min(element.scrollHeight, MAX_ROWS_PX)}px`;
  }, [value]);

  // A chosen mention, or an edit just begun, puts the caret after the text it placed.
  useLayoutEffect(() => {
    const element = ownRef.current;
    if (!element || pendingCaret.current === null) return;
    element.setSelectionRange(pendingCaret.current, pendingCaret.current);
    setCaret(pendingCaret.current);
    pendingCaret.current = null;
  });
  const editingId = editing?.id;
  useLayoutEffect(() => {
    if (editingId === undefined) return;
    setEdit(null);
    const element = ownRef.current;
    if (!element) return;
    element.setSelectionRange(element.value.length, element.value.length);
    setCaret(element.value.length);
  }, [editingId]);

  // The message being answered or edited was deleted meanwhile: nothing left to do with it.
  const gone = mode?.message.deleted === true;
  useEffect(() => {
    if (gone) onModeChange?.(null);
  }, [gone, onModeChange]);

  const tooLarge = file !== null && isTooLarge(file);
  const hasSomething = text.trim() !== "" || file !== null;
  // An edit is saved over HTTP: it does not wait for the live connection.
  const canSubmit = editState
    ? !sending && editState.text.trim() !== ""
    : allowed && connected && hasSomething && !sending && !tooLarge;

  function changeValue(next: string, caretAt: number) {
    setCaret(caretAt);
    setActive(0);
    if (editState) {
      setEdit({ ...editState, text: next, error: null });
      return;
    }
    setText(next);
    if (next.trim() !== "") onTyping?.();
  }

  function chooseMention(person: MentionCandidate) {
    if (!token) return;
    const next = insertMention(value, token.start, caret, person.username);
    pendingCaret.current = next.caret;
    changeValue(next.text, next.caret);
  }

  function chooseFile(chosen: File | null) {
    setFile(chosen);
    if (chosen && isTooLarge(chosen)) window.alert(chatMessages.tooLarge(formatBytes(chosen.size)));
  }

  function clearFile() {
    setFile(null);
    if (fileInput.current) fileInput.current.value = "";
  }

  function leaveMode() {
    onModeChange?.(null);
    setEdit(null);
    ownRef.current?.focus({ preventScroll: true });
  }

  async function saveEdit(message: ChatMessage, state: NonNullable<typeof editState>) {
    const parsed = editMessageSchema.safeParse({ content: state.text });
    if (!parsed.success) {
      setEdit({ ...state, error: parsed.error.issues[0]?.message ?? "A message needs text" });
      return;
    }
    if (parsed.data.content === message.content.trim()) {
      leaveMode();
      return;
    }
    setSending(true);
    try {
      await onSaveEdit?.(message, parsed.data.content);
      leaveMode();
    } catch (error) {
      setEdit({ ...state, text: state.text, error: failure(error) });
    } finally {
      setSending(false);
    }
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (sending) return;
    if (editing && editState) {
      await saveEdit(editing, editState);
      return;
    }
    if (!allowed) return;
    if (file && tooLarge) {
      window.alert(chatMessages.tooLarge(formatBytes(file.size)));
      return;
    }
    if (!hasSomething) return;
    if (!connected) {
      console.warn("chat: not connected, nothing was sent");
      return;
    }
    setSending(true);
    if (file) setProgress(0);
    try {
      const sent = await onSend(text, file, setProgress, replying ? { replyToId: replying.id } : {});
      if (sent) {
        setText("");
        clearFile();
        if (replying) onModeChange?.(null);
      }
    } finally {
      setSending(false);
      setProgress(null);
      // Still where the writer left it: keep the focus without scrolling the window.
      ownRef.current?.focus({ preventScroll: true });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    const composing = event.nativeEvent.isComposing;
    if (listOpen && !composing) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        setActive(moveActive(activeIndex, suggestions.length, event.key === "ArrowDown" ? 1 : -1));
        return;
      }
      if ((event.key === "Enter" && !event.shiftKey) || event.key === "Tab") {
        event.preventDefault();
        chooseMention(suggestions[activeIndex]!);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setDismissed(token?.start ?? null);
        return;
      }
    }
    if (event.key === "Escape" && mode) {
      event.preventDefault();
      leaveMode();
      return;
    }
    // Arrow-up in an empty composer edits my last message (as in the chat apps people know).
    if (
      event.key === "ArrowUp" &&
      !editing &&
      value === "" &&
      !file &&
      !event.shiftKey &&
      !event.altKey &&
      !event.metaKey &&
      !event.ctrlKey
    ) {
      const last = lastEditable?.();
      if (last) {
        event.preventDefault();
        onModeChange?.({ kind: "edit", message: last });
        return;
      }
    }
    if (isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: composing })) {
      event.preventDefault();
      void submit();
    }
  }

  const FileIcon = file?.type.startsWith("image/") ? ImageIcon : FileText;

  const banner = editing ? (
    <ModeBanner
      id={bannerId}
      icon={<Pencil aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-accent-600" />}
      title="Editing message"
      detail={excerptOf(editing.content, 90)}
      cancelLabel="Cancel editing"
      onCancel={leaveMode}
      error={editState?.error ?? null}
    />
  ) : replying ? (
    <ModeBanner
      id={bannerId}
      icon={<CornerUpLeft aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-accent-600" />}
      title={`Replying to ${displayName(replying.sender)}`}
      detail={replying.deleted ? deletedText : excerptOf(replying.content || replying.fileName || "", 90)}
      cancelLabel="Cancel reply"
      onCancel={leaveMode}
      error={null}
    />
  ) : null;

  return (
    <form onSubmit={submit} className="relative border-t border-steel-200 bg-white px-3 pt-2.5 pb-3 sm:px-4">
      {listOpen && (
        <MentionSuggestions
          id={listId}
          people={suggestions}
          active={activeIndex}
          onChoose={chooseMention}
          onHover={setActive}
        />
      )}
      {/* Read out when a reply or an edit begins; the banner itself says what and how to leave. */}
      <div aria-live="polite">{banner}</div>
      {file && (
        <div
          id={fileId}
          className={cx(
            "mb-2 flex items-center gap-3 rounded-xl border px-3 py-2",
            tooLarge ? "border-red-300 bg-red-50" : "border-steel-200 bg-steel-50",
          )}
        >
          <FileIcon aria-hidden="true" size={18} className={tooLarge ? "text-red-700" : "text-steel-600"} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold text-steel-900">{file.name}</p>
            <p className={cx("text-xs", tooLarge ? "font-semibold text-red-700" : "text-steel-500")}>
              {formatBytes(file.size)}
              {tooLarge && " (Too large!)"}
            </p>
            {progress !== null && (
              <div className="mt-1.5 flex items-center gap-2">
                <ProgressBar value={progress} label={`Uploading ${file.name}`} className="h-1.5" />
                <span className="w-9 text-right text-xs font-semibold text-steel-600 tabular-nums">{progress}%</span>
              </div>
            )}
          </div>
          <button
            type="button"
            onClick={clearFile}
            disabled={sending}
            aria-label={`Remove ${file.name}`}
            className="rounded-md p-1.5 text-steel-500 hover:bg-white hover:text-steel-900 disabled:opacity-50"
          >
            <X aria-hidden="true" size={16} />
          </button>
        </div>
      )}
      <div
        className={cx(
          "flex items-end gap-1.5 rounded-2xl border bg-white p-1.5 shadow-sm transition-colors focus-within:border-steel-500",
          allowed ? "border-steel-300" : "border-steel-200 bg-steel-50",
        )}
      >
        <input
          ref={fileInput}
          type="file"
          accept={chatAcceptAttribute}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
        />
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          disabled={!allowed || sending || editing !== null}
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
              ownRef.current = element;
              if (textareaRef) textareaRef.current = element;
            }}
            rows={1}
            value={value}
            onChange={(event) => changeValue(event.target.value, event.target.selectionStart)}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            disabled={!allowed && !editing}
            placeholder={allowed ? `Message ${target}` : chatMessages.noPermission}
            aria-describedby={cx(mode ? bannerId : undefined, allowed ? hintId : undefined) || undefined}
            aria-autocomplete={mentionable.length > 0 ? "list" : undefined}
            aria-controls={listOpen ? listId : undefined}
            aria-activedescendant={listOpen ? optionId(listId, activeIndex) : undefined}
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
          {sending ? (
            <Loader2 aria-hidden="true" size={16} className="animate-spin" />
          ) : (
            <SendHorizontal aria-hidden="true" size={16} />
          )}
          <span className="hidden sm:inline">{editing ? "Save" : "Send"}</span>
        </button>
      </div>
      {allowed && (
        <p id={hintId} className="mt-1.5 hidden px-1 text-[11px] text-steel-500 sm:block">
          {mode ? (
            <>
              <kbd className="font-sans font-semibold">Enter</kbd> to {editing ? "save" : "send"},{" "}
              <kbd className="font-sans font-semibold">Esc</kbd> to cancel
            </>
          ) : (
            <>
              <kbd className="font-sans font-semibold">Enter</kbd> to send,{" "}
              <kbd className="font-sans font-semibold">Shift + Enter</kbd> for a new line
              {mentionable.length > 0 && (
                <>
                  , <kbd className="font-sans font-semibold">@</kbd> to mention
                </>
              )}
            </>
          )}
          {!connected && (
            <span className="font-semibold text-amber-800"> · Offline: you can send once reconnected</span>
          )}
        </p>
      )}
    </form>
  );
}

/** "Replying to Alice: …" or "Editing message", with a way out (the X, or Escape in the text). */
function ModeBanner({
  id,
  icon,
  title,
  detail,
  cancelLabel,
  onCancel,
  error,
}: {
  id: string;
  icon: React.ReactNode;
  title: string;
  detail: string;
  cancelLabel: string;
  onCancel: () => void;
  error: string | null;
}) {
  return (
    <div className="mb-2 flex items-start gap-2.5 rounded-xl border-l-4 border-accent-500 bg-steel-50 py-2 pr-1.5 pl-3">
      {icon}
      <div id={id} className="min-w-0 flex-1">
        <p className="text-xs font-semibold text-steel-900">
          {title}
          <span className="sr-only">: </span>
        </p>
        <p className="truncate text-xs text-steel-600">{detail}</p>
        {error && (
          <p role="alert" className="mt-1 text-xs font-semibold text-red-700">
            {error}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={onCancel}
        aria-label={cancelLabel}
        title={`${cancelLabel} (Esc)`}
        className="rounded-md p-1 text-steel-500 hover:bg-white hover:text-steel-900"
      >
        <X aria-hidden="true" size={16} />
      </button>
    </div>
  );
}
