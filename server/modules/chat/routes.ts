import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { chatLimits, chatUserSchema, messagePageSchema, unreadItemSchema } from "../../../shared/chat.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { currentUser } from "../../plugins/auth.ts";
import type { ChatRepository } from "./repository.ts";

const username = z.string().min(1).max(64);
const messageId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const pageQuery = {
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(chatLimits.maxPageSize).default(chatLimits.pageSize),
};

export const onlyOwn = "You can only see and change your own chat state.";

/** Chat REST of SPEC §7 outside /api (exact paths): users, unread, read marks, private history. */
export const chatRoutes = (repository: ChatRepository): FastifyPluginAsyncZod => {
  return async (app) => {
    const staff = { access: "staff" } as const;
    const tags = ["chat"];
    const ownOnly = (me: string, user: { username: string }) => {
      if (me !== user.username) throw forbidden(onlyOwn);
    };

    app.get(
      "/users",
      {
        config: staff,
        schema: {
          tags,
          summary: "Everyone one can chat with (active accounts but oneself), with their presence",
          response: { 200: z.array(chatUserSchema), ...errorResponses(401) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const accounts = await repository.listAccounts(user.username);
        const statuses = await app.realtime.getStatuses(accounts.map((account) => account.username));
        return accounts.map((account) => ({ ...account, status: statuses.get(account.username) ?? "OFFLINE" }));
      },
    );

    app.get(
      "/unread/:me",
      {
        config: staff,
        schema: {
          tags,
          summary: "My unread messages (only one's own)",
          params: z.object({ me: username }),
          response: { 200: z.array(unreadItemSchema), ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        ownOnly(request.params.me, currentUser(request));
        return repository.unreadFor(request.params.me);
      },
    );

    app.post(
      "/messages/:id/read",
      {
        config: staff,
        schema: {
          tags,
          summary: "Mark one message read for me",
          params: z.object({ id: messageId }),
          querystring: z.object({ username }),
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        ownOnly(request.query.username, user);
        const message = await repository.messageFor(request.params.id);
        if (!message) throw notFound("No such message.");
        await repository.markRead(message.id, user.username);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/private/history",
      {
        config: staff,
        schema: {
          tags,
          summary: "A private conversation, 20 per page, page 0 newest (participants only)",
          querystring: z.object({ user1: username, user2: username, ...pageQuery }),
          response: { 200: messagePageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { user1, user2, page, size } = request.query;
        if (user1 !== user.username && user2 !== user.username) {
          throw forbidden("Only the two people in a conversation can read it.");
        }
        return repository.privateHistory(user1, user2, page, size);
      },
    );

    app.post(
      "/private/:username/mark-read/:me",
      {
        config: staff,
        schema: {
          tags,
          summary: "Mark everything this user sent me read",
          params: z.object({ username, me: username }),
          response: { 200: z.object({ marked: z.number().int() }), ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        ownOnly(request.params.me, currentUser(request));
        return { marked: await repository.markPrivateRead(request.params.username, request.params.me) };
      },
    );
  };
};
