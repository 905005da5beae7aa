import type { Agent } from "node:https";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodType } from "zod";
import site from "../../../content/site.json" with { type: "json" };
import {
  chatDestinations,
  chatLimits,
  chatReadSchema,
  sendGroupSchema,
  sendPrivateSchema,
  typingSchema,
} from "../../../shared/chat.ts";
import { chatAttachments } from "../../db/schema.ts";
import { controlCharacterPaths } from "../../lib/control-characters.ts";
import { moveLegacyFiles } from "../../lib/legacy-files.ts";
import { periodicTask } from "../../lib/periodic-task.ts";
import { keysIn, reconcileUploads } from "../../lib/upload-reconciliation.ts";
import { refusalOf } from "../../realtime/refusals.ts";
import { RealtimeRefusal } from "../../realtime/types.ts";
import { actionRoutes } from "./action-routes.ts";
import { ChatActions } from "./actions.ts";
import { attachmentRoutes } from "./attachment-routes.ts";
import { groupRoutes, removedFromGroup } from "./group-routes.ts";
import { defaultRateLimit, MessageWriter, type RateLimit } from "./message-writer.ts";
import { PushService, vapidKeys } from "./push.ts";
import { pushRoutes } from "./push-routes.ts";
import { ReadRecorder } from "./read-recorder.ts";
import { ChatReads } from "./reads.ts";
import { chatRoutes } from "./routes.ts";
import { messageSearch } from "./search-kind.ts";
import { ChatService, chatRefusal } from "./service.ts";
import type { GroupStore } from "./store/groups.ts";
import { chatStore } from "./store/index.ts";

export interface ChatModuleOptions {
  push?: {
    /** Tests: the HTTPS agent web push goes through (e.g. one trusting a local test CA). */
    agent?: Agent;
    /** Tests: endpoints to accept that the public-https rule would refuse (a local decrypting endpoint). */
    acceptEndpoint?: (endpoint: string) => boolean;
  };
  /** DESIGN §10's limit per account (30 in 10 s); tests shorten the window, benchmarks raise it. */
  rateLimit?: Partial<RateLimit>;
}

/** An attachment uploaded but never sent is removed after this long. */
const UNSENT_ATTACHMENT_TTL_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;

declare module "fastify" {
  interface FastifyInstance {
    chat: {
      service: ChatService;
      actions: ChatActions;
      writer: MessageWriter;
      push: PushService;
      groups: ChatGroups;
    };
  }
}

/**
 * What another module may do to chat groups: a project keeps its group in step with its team
 * (DESIGN §16), in its own change's transaction, without reaching into the chat's store.
 */
export interface ChatGroups {
  create: GroupStore["createGroup"];
  /** Renames and re-members a group; removed members stop receiving it at once, on every instance. */
  reshape: GroupStore["reshapeGroup"];
}

/** The SEND body's own clientId, if it is one (DESIGN §10: 1–64 characters): refusals carry it back. */
function clientIdOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("clientId" in body)) return undefined;
  const { clientId } = body;
  return typeof clientId === "string" && clientId.length >= 1 && clientId.length <= chatLimits.clientIdMaxChars
    ? clientId
    : undefined;
}

/** A SEND body read with a shared schema; its first problem goes back to the sender (INVALID). */
function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  const clientId = clientIdOf(body);
  // PostgreSQL cannot store NUL: such text is refused here, like on every HTTP route (plugins/input.ts).
  const [badField] = controlCharacterPaths(body);
  if (badField) {
    throw chatRefusal(`The message is not valid (${badField}): it contains control characters.`, "INVALID", clientId);
  }
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".");
  throw chatRefusal(
    `The message is not valid${field ? ` (${field})` : ""}: ${issue?.message ?? "bad input"}.`,
    "INVALID",
    clientId,
  );
}

/**
 * The chat (DESIGN §7): storage, REST, the STOMP send handlers and subscription rules, attachments
 * and web push. Plugs into `app.realtime` (the transport).
 */
export const chatModule = fp<ChatModuleOptions>(
  async (app: FastifyInstance, options) => {
    const log = app.log.child({ module: "chat" });
    const store = chatStore(app.db);
    app.finder.addKind("message", messageSearch(store));
    const writer = new MessageWriter(
      app.db,
      { ...defaultRateLimit, ...options.rateLimit },
      { exclusive: app.database.driver === "pglite", onStored: (count) => app.metrics.chatMessagesStored(count) },
    );
    const files = app.storage.files("chat");
    // Attachments kept before the object store (DATA_DIR/chat-files) move into it once.
    await moveLegacyFiles(path.join(app.config.dataDir, "chat-files"), files, keysIn(app.db, chatAttachments.key), log);
    const push = new PushService({
      keys: await vapidKeys(app.db, app.config.dataDir, app.config.vapid),
      subscriptions: store,
      log,
      agent: options.push?.agent,
      acceptEndpoint: options.push?.acceptEndpoint,
    });
    const service = new ChatService({
      store,
      writer,
      realtime: app.realtime,
      push,
      log,
      getStatuses: app.presence.getStatuses,
      onDelivered: (count) => app.metrics.chatMessagesDelivered(count),
      notify: (recipientIds, notice) => void app.notifications.notify(recipientIds, notice),
    });
    const removeFiles = async (keys: string[]) => {
      await Promise.all(keys.map((key) => files.remove(key)));
    };
    const reads = new ChatReads(new ReadRecorder(app.db), app.realtime, log);
    const actions = new ChatActions({
      store,
      realtime: app.realtime,
      editWindowMs: app.config.chatEditWindowMs,
      removeFiles,
    });
    const groups: ChatGroups = {
      create: store.createGroup,
      async reshape(id, shape, also) {
        const changed = await store.reshapeGroup(id, shape, also);
        await Promise.all(
          changed.removed.map((member) =>
            app.realtime.revokeSubscriptions(member.username, chatDestinations.group(id), removedFromGroup),
          ),
        );
        return changed;
      },
    };
    app.decorate("chat", { service, actions, writer, push, groups });
    // DESIGN §15: a notification follows its person by web push while they are on no staff page.
    // Mentions are pushed by the send itself (with the message), so they are not pushed twice.
    app.notifications.onStored(({ recipientId, username, notification }) => {
      if (notification.kind === "mention") return;
      service.pushWhenOffline([{ id: recipientId, username }], {
        title: site.brand.name,
        body: notification.title,
        url: notification.url,
        notificationId: notification.id,
      });
    });
    // Accounts are the employees module's: the chat keeps a deleted account's name on its rows
    // (the foreign keys do the rest) and forgets what it cached about a changed one.
    app.accountEvents.listen({
      deleting: (tx, account) => store.keepNamesOf(tx, account),
      changed: (account) => service.forgetAccount(account),
    });

    app.realtime.register({
      name: "chat",
      sends: {
        [chatDestinations.sendPrivate]: (context) =>
          service.sendPrivate(context.user, parseBody(sendPrivateSchema, context.body)),
        [chatDestinations.sendGroup]: (context) =>
          service.sendGroup(context.user, parseBody(sendGroupSchema, context.body)),
        [chatDestinations.typing]: (context) => service.typing(context.user, parseBody(typingSchema, context.body)),
        [chatDestinations.read]: (context) => {
          const done = reads.upTo(context.user, parseBody(chatReadSchema, context.body));
          // The RECEIPT, when asked for, follows the write. Otherwise the session's next frames do
          // not wait for the flush, and a refusal found by it is still told on the errors queue.
          if (context.headers.receipt !== undefined) return done;
          done.catch((error: unknown) => {
            const refusal = refusalOf(error);
            if (refusal) context.sendError(refusal.message, refusal.code);
            else log.warn({ err: error }, "read mark failed");
          });
        },
      },
      sendLimits: [
        {
          destinations: [chatDestinations.read, chatDestinations.typing],
          perSecond: chatLimits.readTypingFramesPerSecond,
        },
      ],
      topics: [
        {
          // `/topic/group/*`: one destination per group, its id as the database writes it (no sign, no leading zeros).
          destination: `${chatDestinations.group(0).slice(0, -1)}*`,
          match: (id: string) =>
            /^[1-9][0-9]{0,15}$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : undefined,
          channel: (groupId: number) => `group:${groupId}`,
          authorize: async (user, groupId: number) => {
            if (user.role === "admin") return true;
            if (await store.isMember(groupId, user.id)) return true;
            throw new RealtimeRefusal("You are not a member of this group.", { code: "FORBIDDEN" });
          },
        },
      ],
    });

    await app.register(chatRoutes(store, reads));
    await app.register(attachmentRoutes(store, files));
    await app.register(
      async (api) => {
        await api.register(groupRoutes(store, removeFiles, reads));
        await api.register(actionRoutes(actions));
        await api.register(pushRoutes(store, push));
      },
      { prefix: "/api" },
    );

    // Attachments nobody sent within a day, and uploads that died mid-way, are removed.
    const sweep = async () => {
      const keys = await store.removeUnsentAttachments(new Date(Date.now() - UNSENT_ATTACHMENT_TTL_MS));
      await Promise.all(keys.map((key) => files.remove(key)));
      if (keys.length > 0) log.info({ removed: keys.length }, "unsent chat attachments removed");
    };
    app.addHook("onReady", async () => {
      // Before serving: attachment files whose row never committed (or was deleted) before a crash.
      await reconcileUploads(files, keysIn(app.db, chatAttachments.key), { before: app.storage.orphansBefore(), log });
    });
    // Registered after the reconciliation: its first run comes once that is done.
    periodicTask(app, { what: "chat sweep", everyMs: SWEEP_EVERY_MS, task: sweep });
    // Let queued message writes finish before the database closes (the sweep is waited for on close).
    app.addHook("preClose", async () => {
      await Promise.all([writer.flush(), reads.flush()]);
    });
    app.addHook("onClose", async () => push.close());
  },
  {
    name: "chat",
    dependencies: ["database", "account-events", "realtime", "presence", "auth", "metrics", "notifications"],
  },
);
