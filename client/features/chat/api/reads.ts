import { z } from "zod";
import { apiFetch } from "~/lib/api-client";
import { chatPaths, type ReadMark, readMarkSchema } from "../../../../shared/chat.ts";
import type { ChatRef } from "../lib/chat-ref.ts";
import { conversationOf } from "../lib/conversation-key.ts";

const readMarksSchema = z.array(readMarkSchema);

/** GET /api/chat/reads?conversation=…: how far each other person of the chat has read it. */
export const getReadMarks = async (chat: ChatRef, signal?: AbortSignal): Promise<ReadMark[]> =>
  readMarksSchema.parse(await apiFetch<unknown>(chatPaths.reads(conversationOf(chat)), { signal }));
