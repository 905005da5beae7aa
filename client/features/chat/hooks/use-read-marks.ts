import { useEffect, useMemo, useState } from "react";
import { type ChatMessage, chatDestinations } from "../../../../shared/chat.ts";
import type { ChatRef } from "../lib/chat-ref.ts";
import { conversationOf } from "../lib/conversation-key.ts";
import { ReadMarker } from "../lib/read-marker.ts";

export interface ReadMarksOptions {
  me: string;
  publish: (destination: string, body: unknown) => boolean;
  /** The open chat, once its messages are on screen (null while none is, or it is loading). */
  chat: ChatRef | null;
  messages: readonly ChatMessage[];
}

/** The document is visible: someone can see the open chat. */
function useVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === "visible");
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, []);
  return visible;
}

/**
 * DESIGN §10 reading: while the page is visible, the highest seq of the others' messages shown in
 * the open chat goes to `/app/chat.read`, throttled (ReadMarker); what is pending goes at once when
 * the chat is left or the tab hidden, and after a reconnect (`flush`). Opening a chat shows its
 * last page, so its last seq goes at once. Never one per message.
 */
export function useReadMarks({ me, publish, chat, messages }: ReadMarksOptions) {
  const marker = useMemo(
    () =>
      new ReadMarker((target, upToSeq) =>
        publish(chatDestinations.read, { conversation: conversationOf(target), upToSeq }),
      ),
    [publish],
  );
  useEffect(() => () => marker.dispose(), [marker]);
  const visible = useVisible();

  // My own messages are no news to me: only the others' count.
  const highest = useMemo(() => {
    let seq = 0;
    for (const message of messages) {
      if (message.seq > seq && message.sender.toLowerCase() !== me.toLowerCase()) seq = message.seq;
    }
    return seq;
  }, [messages, me]);

  useEffect(() => {
    if (chat && visible && highest > 0) marker.shown(chat, highest);
  }, [marker, chat, visible, highest]);

  // Left (another chat, or closed): what is pending for it goes now.
  useEffect(() => {
    if (!chat) return;
    return () => marker.flush(chat);
  }, [marker, chat]);

  useEffect(() => {
    if (!visible) marker.flush();
  }, [marker, visible]);

  return { flush: () => marker.flush() };
}
