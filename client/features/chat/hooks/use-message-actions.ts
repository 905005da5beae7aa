import { useCallback, useMemo } from "react";
import { useToast } from "~/components/ui/toast";
import { messageFrom } from "~/lib/http-error";
import type { ChatMessage, Reactions } from "../../../../shared/chat.ts";
import { deleteMessage } from "../api/delete-message.ts";
import { editMessage } from "../api/edit-message.ts";
import { setReaction } from "../api/reactions.ts";
import { canAddReaction, reactionToggle, tombstone } from "../lib/messages.ts";

/** The server's own words for a refused action, when it gave them. */
const reason = (error: unknown) => messageFrom(error, "Please try again.");

export interface MessageActionsOptions {
  me: string;
  /** Puts the server's copy of a message into the open chat. */
  update: (message: ChatMessage) => void;
  setReactions: (messageId: number, reactions: Reactions) => void;
  announce: (text: string) => void;
}

/**
 * What can be done to a message once sent (DESIGN §10): edit, delete, react. Each shows its result
 * at once from the server's answer; the live event that follows for every open view changes nothing more.
 */
export function useMessageActions({ me, update, setReactions, announce }: MessageActionsOptions) {
  const toast = useToast();

  /** Saves an edit of my message; rejects with the server's reason (the composer shows it). */
  const edit = useCallback(
    async (message: ChatMessage, content: string) => update(await editMessage(message.id, content)),
    [update],
  );

  /** Deletes a message (after the confirmation): the tombstone shows at once. */
  const remove = useCallback(
    async (message: ChatMessage) => {
      try {
        await deleteMessage(message.id);
      } catch (error) {
        toast({ title: "The message was not deleted", description: reason(error), tone: "error" });
        throw error;
      }
      update(tombstone(message));
      announce("Message deleted");
    },
    [update, toast, announce],
  );

  /** Adds my reaction with `emoji`, or takes it back if it is there. */
  const react = useCallback(
    async (message: ChatMessage, emoji: string) => {
      const add = reactionToggle(message.reactions, emoji, me) === "add";
      if (add && !canAddReaction(message.reactions, emoji)) {
        toast({ title: "No room for another reaction", description: "A message holds at most 20.", tone: "info" });
        return;
      }
      try {
        const result = await setReaction(message.id, emoji, add);
        setReactions(result.messageId, result.reactions);
      } catch (error) {
        toast({ title: "The reaction was not saved", description: reason(error), tone: "error" });
      }
    },
    [me, setReactions, toast],
  );

  return useMemo(() => ({ edit, remove, react }), [edit, remove, react]);
}
