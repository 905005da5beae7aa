import { apiFetch } from "~/lib/api-client";
import { chatPaths, type ReactionsResult, reactionsResultSchema } from "../../../../shared/chat.ts";

/** PUT (add mine) or DELETE (take it back) /api/chat/messages/{id}/reactions/{emoji}: the message's reactions now. */
export const setReaction = async (id: number, emoji: string, add: boolean): Promise<ReactionsResult> =>
  reactionsResultSchema.parse(
    await apiFetch<unknown>(chatPaths.reaction(id, emoji), { method: add ? "PUT" : "DELETE" }),
  );
