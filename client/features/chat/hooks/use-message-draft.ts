import { type RefObject, useState } from "react";
import type { ChatMessage } from "../../../../shared/chat.ts";
import { sendBlocker } from "../lib/composer.ts";
import type { ComposerAttachments } from "./use-composer-attachments.ts";
import type { SendExtras } from "./use-send-message.ts";

/** Uploads, publishes; resolves true when the composer may clear. */
export type SendHandler = (
  text: string,
  file: File | null,
  onProgress: (percent: number) => void,
  extras?: SendExtras,
) => Promise<boolean>;

export interface MessageDraftOptions {
  /** The unsent text this chat had when it was last left, and where to keep it. */
  draft: string;
  onDraftChange?: (text: string) => void;
  /** I am typing a new message. */
  onTyping?: () => void;
  /** I emptied the draft without sending it. */
  onStopTyping?: () => void;
  allowed: boolean;
  connected: boolean;
  onSend: SendHandler;
  attachments: ComposerAttachments;
  /** The message this one answers, if any. */
  replyTo: ChatMessage | null;
  /** It went: the reply, if any, is done. */
  onSent: () => void;
  /** The composer's text field: it keeps the focus after sending. */
  field: RefObject<HTMLTextAreaElement | null>;
}

/** The new message being written: its text (kept per chat), the typing signal, and sending it. */
export function useMessageDraft(options: MessageDraftOptions) {
  const { allowed, connected, onDraftChange, onTyping, onStopTyping, attachments, replyTo, field } = options;
  const [text, setTextState] = useState(options.draft);
  const [sending, setSending] = useState(false);
  const blocker = sendBlocker({ allowed, connected, text, file: attachments.file });

  const setText = (next: string) => {
    setTextState(next);
    onDraftChange?.(next);
  };

  async function send() {
    if (blocker === "not-allowed" || blocker === "empty") return;
    if (blocker === "too-large") {
      attachments.refuse();
      return;
    }
    if (blocker === "offline") {
      console.warn("chat: not connected, nothing was sent");
      return;
    }
    setSending(true);
    try {
      const extras = replyTo ? { replyToId: replyTo.id } : {};
      const sent = await attachments.upload((file, onProgress) => options.onSend(text, file, onProgress, extras));
      if (sent) {
        setText("");
        attachments.clear();
        options.onSent();
      }
    } finally {
      setSending(false);
      // Still where the writer left it: keep the focus without scrolling the window.
      field.current?.focus({ preventScroll: true });
    }
  }

  return {
    text,
    write(next: string) {
      const wasEmpty = text.trim() === "";
      setText(next);
      if (next.trim() !== "") onTyping?.();
      else if (!wasEmpty) onStopTyping?.();
    },
    sending,
    /** Send would send now (when nothing else is under way). */
    ready: blocker === null,
    send,
  };
}
