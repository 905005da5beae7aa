import { FileText, ImageIcon, Loader2, Paperclip, SendHorizontal, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { cx } from "~/components/ui/cx";
import { ProgressBar } from "~/components/ui/progress-bar";
import { chatAcceptAttribute, chatMessages } from "../../../../shared/chat.ts";
import { humanSize, isSendKey, isTooLarge } from "../lib/composer.ts";

export interface ComposerProps {
  /** Whose chat it is, for the placeholder and labels. */
  target: string;
  /** False when the group's rules forbid me to send (SPEC §5): the input is disabled with a reason. */
  allowed: boolean;
  connected: boolean;
  /** Uploads, publishes; resolves true when the composer may clear. */
  onSend: (text: string, file: File | null, onProgress: (percent: number) => void) => Promise<boolean>;
  /** Lets the view move focus here after choosing a chat. */
  textareaRef?: React.RefObject<HTMLTextAreaElement | null>;
  /** The unsent text this chat had when it was last left, and where to keep it. */
  draft?: string;
  onDraftChange?: (text: string) => void;
}

const MAX_ROWS_PX = 160;

/** Attach, text, Send. Enter sends, Shift+Enter starts a new line. */
export function Composer({
  target,
  allowed,
  connected,
  onSend,
  textareaRef,
  draft = "",
  onDraftChange,
}: ComposerProps) {
  const [text, setTextState] = useState(draft);
  const setText = (next: string) => {
    setTextState(next);
    onDraftChange?.(next);
  };
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const ownRef = useRef<HTMLTextAreaElement | null>(null);
  const hintId = useId();
  const fileId = useId();

  // Grow with the text up to a limit, then scroll.
  useEffect(() => {
    const element = ownRef.current;
    if (!element) return;
    element.style.height = "auto";
    // Empty, it is one row whatever the placeholder's length.
    if (text === "") return;
    element.style.height = `${Math.min(element.scrollHeight, MAX_ROWS_PX)}px`;
  }, [text]);

  const tooLarge = file !== null && isTooLarge(file);
  const hasSomething = text.trim() !== "" || file !== null;
  const canSubmit = allowed && connected && hasSomething && !sending && !tooLarge;

  function chooseFile(chosen: File | null) {
    setFile(chosen);
    if (chosen && isTooLarge(chosen)) window.alert(chatMessages.tooLarge(humanSize(chosen.size)));
  }

  function clearFile() {
    setFile(null);
    if (fileInput.current) fileInput.current.value = "";
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!allowed || sending) return;
    if (file && tooLarge) {
      window.alert(chatMessages.tooLarge(humanSize(file.size)));
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
      const sent = await onSend(text, file, setProgress);
      if (sent) {
        setText("");
        clearFile();
      }
    } finally {
      setSending(false);
      setProgress(null);
      // Still where the writer left it: keep the focus without scrolling the window.
      ownRef.current?.focus({ preventScroll: true });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) {
      event.preventDefault();
      void submit();
    }
  }

  const FileIcon = file?.type.startsWith("image/") ? ImageIcon : FileText;

  return (
    <form onSubmit={submit} className="border-t border-steel-200 bg-white px-3 pt-2.5 pb-3 sm:px-4">
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
              {humanSize(file.size)}
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
          disabled={!allowed || sending}
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
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            disabled={!allowed}
            placeholder={allowed ? `Message ${target}` : chatMessages.noPermission}
            aria-describedby={allowed ? hintId : undefined}
            className="block max-h-40 w-full resize-none bg-transparent px-1.5 py-1.5 text-base text-steel-950 placeholder:truncate placeholder:text-steel-400 focus:outline-none disabled:cursor-not-allowed disabled:text-steel-500 sm:text-sm"
          />
        </label>
        <button
          type="submit"
          disabled={!canSubmit}
          aria-label="Send"
          title={connected ? "Send (Enter)" : "Offline: sending resumes when the connection is back"}
          className="flex h-9 shrink-0 items-center justify-center gap-1.5 rounded-xl bg-accent-600 px-3 text-sm font-semibold text-white shadow-sm hover:bg-accent-700 disabled:cursor-not-allowed disabled:bg-steel-200 disabled:text-steel-500 disabled:shadow-none"
        >
          {sending ? (
            <Loader2 aria-hidden="true" size={16} className="animate-spin" />
          ) : (
            <SendHorizontal aria-hidden="true" size={16} />
          )}
          <span className="hidden sm:inline">Send</span>
        </button>
      </div>
      {allowed && (
        <p id={hintId} className="mt-1.5 hidden px-1 text-[11px] text-steel-500 sm:block">
          <kbd className="font-sans font-semibold">Enter</kbd> to send,{" "}
          <kbd className="font-sans font-semibold">Shift + Enter</kbd> for a new line
          {!connected && (
            <span className="font-semibold text-amber-800"> · Offline: you can send once reconnected</span>
          )}
        </p>
      )}
    </form>
  );
}
