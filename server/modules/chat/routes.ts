import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { chatUserSchema, unreadItemSchema } from "../../../shared/chat.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { currentUser } from "../../plugins/auth.ts";
import { historyQuery, historyResponse, readHistory } from "./history.ts";
import type { ChatReads } from "./reads.ts";
import type { ChatStore } from "./store/index.ts";

const username = z.string().min(1).max(64);
const messageId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const onlyOwn = "You can only see and change your own chat state.";

/** Whether a username in a path names the caller (usernames are unique regardless of case). */
export const isMe = (name: string, user: { username: string }) => name.toLowerCase() === user.username.toLowerCase();

/** Where mark-read calls go (DESIGN §10: they feed the read watermark). */
export type MarkRead = Pick<ChatReads, "message" | "conversation">;

/** Chat REST of SPEC §7 outside /api (exact paths): users, unread, read marks, private history. */
export const chatRoutes = (store: ChatStore, reads: MarkRead): FastifyPluginAsyncZod => {
  return async (app) => {
    const staff = { access: "staff" } as const;
    const tags = ["chat"];
    const ownOnly = (me: string, user: { username: string }) => {
      if (!isMe(me, user)) throw forbidden(onlyOwn);
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
        const accounts = await store.listAccounts(user.id);
        const statuses = await app.presence.getStatuses(accounts.map((account) => account.username));
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
        const user = currentUser(request);
        ownOnly(request.params.me, user);
        return store.unreadFor(user.id);
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
        if (!(await reads.message(user, request.params.id))) throw notFound("No such message.");
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/private/history",
      {
        config: staff,
        schema: {
          tags,
          summary: "A private conversation (participants only): 20 per page, page 0 newest; or after=SEQ; or around=ID",
          description:
            "`user2` (or `user1`) names the other person: the account with that username, or, when none has it, the deleted account that last had it.",
          querystring: z.object({ user1: username, user2: username, ...historyQuery }),
          response: { 200: historyResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { user1, user2, ...query } = request.query;
        if (!isMe(user1, user) && !isMe(user2, user)) {
          throw forbidden("Only the two people in a conversation can read it.");
        }
        const other = isMe(user1, user) ? user2 : user1;
        return readHistory(store, await store.privateConversation(user.id, other), query);
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
        const user = currentUser(request);
        ownOnly(request.params.me, user);
        const conversation = await store.privateConversation(user.id, request.params.username);
        const marked = await store.markConversationRead(conversation, user.id);
        if (conversation !== undefined) await reads.conversation(user, conversation);
        return { marked };
      },
    );
  };
};
