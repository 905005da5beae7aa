import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  chatLimits,
  chatMessageSchema,
  conversationKeySchema,
  editMessageSchema,
  reactionsResultSchema,
  readerSchema,
  readMarkSchema,
} from "../../../shared/chat.ts";
import { searchPageSchema } from "../../../shared/chat-search.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { currentUser } from "../../plugins/auth.ts";
import type { ChatActions } from "./actions.ts";

const messageParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const reactionParams = messageParams.extend({ emoji: z.string().min(1).max(chatLimits.maxEmojiChars) });

/** DESIGN §10 actions on messages, reads and search (/api/chat/…). Registered under /api. */
export const actionRoutes = (actions: ChatActions): FastifyPluginAsyncZod => {
  return async (app) => {
    const staff = { access: "staff" } as const;
    const tags = ["chat actions"];

    app.patch(
      "/chat/messages/:id",
      {
        config: staff,
        schema: {
          tags,
          summary: "Edit my message (within CHAT_EDIT_WINDOW_MIN minutes of sending it)",
          params: messageParams,
          body: editMessageSchema,
          response: { 200: chatMessageSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => actions.edit(currentUser(request), request.params.id, request.body.content),
    );

    app.delete(
      "/chat/messages/:id",
      {
        config: staff,
        schema: {
          tags,
          summary: "Delete a message (mine; an administrator: any in a group): a tombstone stays in its place",
          params: messageParams,
          response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await actions.remove(currentUser(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.put(
      "/chat/messages/:id/reactions/:emoji",
      {
        config: staff,
        schema: {
          tags,
          summary: `React with one emoji (at most ${chatLimits.maxReactionsPerMessage} different ones per message)`,
          params: reactionParams,
          response: { 200: reactionsResultSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => actions.react(currentUser(request), request.params.id, request.params.emoji, true),
    );

    app.delete(
      "/chat/messages/:id/reactions/:emoji",
      {
        config: staff,
        schema: {
          tags,
          summary: "Take my reaction back",
          params: reactionParams,
          response: { 200: reactionsResultSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => actions.react(currentUser(request), request.params.id, request.params.emoji, false),
    );

    app.get(
      "/chat/messages/:id/readers",
      {
        config: staff,
        schema: {
          tags,
          summary: "Who has read a message, and when (never its sender)",
          params: messageParams,
          response: { 200: z.array(readerSchema), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => actions.readers(currentUser(request), request.params.id),
    );

    app.get(
      "/chat/reads",
      {
        config: staff,
        schema: {
          tags,
          summary: "How far the other people of a conversation have read it",
          querystring: z.object({ conversation: conversationKeySchema }),
          response: { 200: z.array(readMarkSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => actions.readMarks(currentUser(request), request.query.conversation),
    );

    app.get(
      "/chat/search",
      {
        config: staff,
        schema: {
          tags,
          summary: "Search the messages I may read now, newest first",
          description:
            "Every word must appear; the last one matches as a prefix. `highlight` is the text as escaped HTML with the hits in <mark>.",
          querystring: z.object({
            q: z
              .string()
              .trim()
              .min(chatLimits.searchQueryMin, `At least ${chatLimits.searchQueryMin} characters`)
              .max(chatLimits.searchQueryMax, `At most ${chatLimits.searchQueryMax} characters`),
            conversation: conversationKeySchema.optional(),
            page: z.coerce.number().int().min(0).max(1_000).default(0),
            size: z.coerce.number().int().min(1).max(chatLimits.maxSearchPageSize).default(chatLimits.searchPageSize),
          }),
          response: { 200: searchPageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => actions.search(currentUser(request), request.query),
    );
  };
};
