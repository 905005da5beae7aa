import { apiFetch } from "~/lib/api-client";
import { type ChatMessage, chatMessageSchema, chatPaths } from "../../../../shared/chat.ts";

/** PATCH /api/chat/messages/{id} {content}: my message, edited within the window (DESIGN §10). */
export const editMessage = async (id: number, content: string): Promise<ChatMessage> =>
  chatMessageSchema.parse(await apiFetch<unknown>(chatPaths.message(id), { method: "PATCH", body: { content } }));
