/** The chat's search (DESIGN §10): GET /api/chat/search answers pages of hits. */
import { z } from "zod";
import { chatMessageSchema } from "./chat.ts";

/** GET /api/chat/search: one hit. `highlight` is escaped HTML with only the hits wrapped in <mark>. */
export const searchHitSchema = z.object({
  message: chatMessageSchema,
  conversation: z.string(),
  highlight: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchPageSchema = z.object({
  content: z.array(searchHitSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  last: z.boolean(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;
