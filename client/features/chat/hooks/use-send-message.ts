import { useCallback } from "react";
import { formatBytes } from "../../../../shared/bytes.ts";
import { chatMessages } from "../../../../shared/chat.ts";
import { uploadAttachment } from "../api/upload-attachment.ts";
import type { ChatRef } from "../lib/chat-ref.ts";
import { composeDraft } from "../lib/composer.ts";
import type { Draft } from "./use-outbox.ts";

/**
 * The composer's Send: checks the text and file, uploads the file first (with progress), then hands
 * the message to the outbox. Resolves true when the composer may clear.
 */
export interface SendMessageOptions {
  openChat: () => ChatRef | null;
  queue: (draft: Draft) => void;
  /** A message went to the outbox in this chat. */
  onSent?: (chat: ChatRef) => void;
}

/** What goes with the text and file: the message it answers. */
export interface SendExtras {
  replyToId?: number;
}

export function useSendMessage({ openChat, queue, onSent }: SendMessageOptions) {
  return useCallback(
    async (
      text: string,
      file: File | null,
      onProgress: (percent: number) => void,
      extras: SendExtras = {},
    ): Promise<boolean> => {
      const chat = openChat();
      if (!chat) {
        console.warn("chat: no conversation selected, nothing was sent");
        return false;
      }
      const draft = composeDraft(text, file);
      if (!draft.ok) {
        if (draft.reason === "too-large" && file) window.alert(chatMessages.tooLarge(formatBytes(file.size)));
        return false;
      }
      let attachment: Pick<Draft, "fileUrl" | "fileType" | "fileName"> = {
        fileUrl: null,
        fileType: null,
        fileName: null,
      };
      if (draft.file) {
        try {
          attachment = await uploadAttachment(draft.file, { onProgress });
        } catch (error) {
          console.warn("chat: upload failed", error);
          window.alert(chatMessages.uploadFailed);
          return false;
        }
      }
      queue({
        chat,
        content: draft.content,
        ...attachment,
        ...(extras.replyToId === undefined ? {} : { replyToId: extras.replyToId }),
      });
      onSent?.(chat);
      return true;
    },
    [openChat, queue, onSent],
  );
}
