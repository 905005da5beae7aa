import { z } from "zod";
import {
  type CatchUpPage,
  catchUpPageSchema,
  chatLimits,
  type MessagePage,
  messagePageSchema,
} from "../../../shared/chat.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { MessageStore } from "./store/messages.ts";

const position = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * How history is asked for (SPEC §7, DESIGN §10): `page=` (newest first), `after=SEQ` (catch-up,
 * ascending) or `around=ID` (the page holding that message), one at a time.
 */
export const historyQuery = {
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
  after: position.optional(),
  around: position.min(1).optional(),
  size: z.coerce.number().int().min(1).max(chatLimits.maxCatchUpSize).optional(),
};

/** A page of history, or a catch-up page for `after=`. */
export const historyResponse = z.union([messagePageSchema, catchUpPageSchema]);

type HistoryQuery = { [K in keyof typeof historyQuery]?: number };

/** Answers a history query on one conversation (undefined: none yet, so nothing in it). */
export async function readHistory(
  store: MessageStore,
  conversationId: number | undefined,
  query: HistoryQuery,
): Promise<MessagePage | CatchUpPage> {
  const { page, after, around, size } = query;
  if ([page, after, around].filter((value) => value !== undefined).length > 1) {
    throw badRequest("Ask for one of page, after or around.");
  }
  if (after !== undefined) return store.after(conversationId, after, size ?? chatLimits.catchUpSize);
  const pageSize = size ?? chatLimits.pageSize;
  if (pageSize > chatLimits.maxPageSize) {
    throw badRequest("The page size is too large.", { size: `At most ${chatLimits.maxPageSize}` });
  }
  if (around === undefined) return store.history(conversationId, page ?? 0, pageSize);
  const found = await store.around(conversationId, around, pageSize);
  if (!found) throw notFound("No such message in this conversation.");
  return found;
}
