import { apiFetch } from "~/lib/api-client";
import { chatPaths } from "../../../../shared/chat.ts";

/** DELETE /api/chat/messages/{id} (204): mine, or any group message for an admin; a tombstone stays. */
export const deleteMessage = (id: number) => apiFetch<void>(chatPaths.message(id), { method: "DELETE" });
