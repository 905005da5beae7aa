import { z } from "zod";
import { apiFetch } from "~/lib/api-client";
import { chatPaths, type UnreadItem, unreadItemSchema } from "../../../../shared/chat.ts";

const unreadSchema = z.array(unreadItemSchema);

export interface UnreadList {
  items: UnreadItem[];
  /** When it was asked for: messages that arrive live after this are not in it. */
  requestedAt: number;
}

/** GET /unread/{me}: my unread messages, private and group. */
export async function getUnread(me: string, signal?: AbortSignal): Promise<UnreadList> {
  const requestedAt = Date.now();
  const items = unreadSchema.parse(await apiFetch<unknown>(chatPaths.unread(me), { signal }));
  return { items, requestedAt };
}
