import type { Agent } from "node:https";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodType } from "zod";
import { chatDestinations, sendGroupSchema, sendPrivateSchema } from "../../../shared/chat.ts";
import { chatAttachments } from "../../db/schema.ts";
import { controlCharacterPaths } from "../../lib/control-characters.ts";
import { keysIn, reconcileUploads } from "../../lib/upload-reconciliation.ts";
import { uploadStore } from "../../lib/uploads.ts";
import { RealtimeRefusal } from "../../realtime/types.ts";
import { attachmentRoutes } from "./attachment-routes.ts";
import { groupRoutes } from "./group-routes.ts";
import { MessageWriter } from "./message-writer.ts";
import { PushService, vapidKeys } from "./push.ts";
import { pushRoutes } from "./push-routes.ts";
import { chatRepository } from "./repository.ts";
import { chatRoutes } from "./routes.ts";
import { ChatService } from "./service.ts";

export interface ChatModuleOptions {
  push?: {
    /** Tests: the HTTPS agent web push goes through (e.g. one trusting a local test CA). */
    agent?: Agent;
    /** Tests: endpoints to accept that the public-https rule would refuse (a local decrypting endpoint). */
    acceptEndpoint?: (endpoint: string) => boolean;
  };
}

/** An attachment uploaded but never sent is removed after this long. */
const UNSENT_ATTACHMENT_TTL_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;

declare module "fastify" {
  interface FastifyInstance {
    chat: { service: ChatService; writer: MessageWriter; push: PushService };
  }
}

/** A SEND body read with a shared schema; its first problem goes back to the sender. */
function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  // PostgreSQL cannot store NUL: such text is refused here, like on every HTTP route (plugins/input.ts).
  const [badField] = controlCharacterPaths(body);
  if (badField) throw new RealtimeRefusal(`The message is not valid (${badField}): it contains control characters.`);
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".");
  throw new RealtimeRefusal(`The message is not valid${field ? ` (${field})` : ""}: ${issue?.message ?? "bad input"}.`);
}

/**
 * The chat (DESIGN §7): storage, REST, the STOMP send handlers and subscription rules, attachments
 * and web push. Plugs into `app.realtime` (the transport).
 */
export const chatModule = fp<ChatModuleOptions>(
  async (app: FastifyInstance, options) => {
    const log = app.log.child({ module: "chat" });
    const repository = chatRepository(app.db);
    const writer = new MessageWriter(app.db);
    const store = uploadStore(path.join(app.config.dataDir, "chat-files"));
    await store.init();
    const push = new PushService({
      keys: vapidKeys(app.config.dataDir, app.config.vapid),
      repository,
      log,
      agent: options.push?.agent,
      acceptEndpoint: options.push?.acceptEndpoint,
    });
    const service = new ChatService(repository, writer, app.realtime, push, log);
    app.decorate("chat", { service, writer, push });

    app.realtime.registerSendHandler(chatDestinations.sendPrivate, (context) =>
      service.sendPrivate(context.user, parseBody(sendPrivateSchema, context.body)),
    );
    app.realtime.registerSendHandler(chatDestinations.sendGroup, (context) =>
      service.sendGroup(context.user, parseBody(sendGroupSchema, context.body)),
    );
    app.realtime.setSubscribeAuthorizer(async (user, topic) => {
      if (topic.kind === "user-status") return true;
      if (user.role === "admin") return true;
      if (await repository.isMember(topic.groupId, user.username)) return true;
      throw new RealtimeRefusal("You are not a member of this group.");
    });

    const removeFiles = async (keys: string[]) => {
      await Promise.all(keys.map((key) => store.remove(key)));
    };

    await app.register(chatRoutes(repository));
    await app.register(attachmentRoutes(repository, store));
    await app.register(
      async (api) => {
        await api.register(groupRoutes(repository, removeFiles));
        await api.register(pushRoutes(repository, push));
      },
      { prefix: "/api" },
    );

    // Attachments nobody sent within a day, and uploads that died mid-way, are removed.
    const sweep = async () => {
      const keys = await repository.removeUnsentAttachments(new Date(Date.now() - UNSENT_ATTACHMENT_TTL_MS));
      await Promise.all(keys.map((key) => store.remove(key)));
      await store.removeStaleTemps();
      if (keys.length > 0) log.info({ removed: keys.length }, "unsent chat attachments removed");
    };
    let sweeping: Promise<void> = Promise.resolve();
    const startSweep = () => {
      sweeping = sweep().catch((error: unknown) => log.warn({ err: error }, "chat sweep failed"));
    };
    const timer = setInterval(startSweep, SWEEP_EVERY_MS);
    timer.unref();
    app.addHook("onReady", async () => {
      // Before serving: attachment files whose row never committed (or was deleted) before a crash.
      await reconcileUploads(store, keysIn(app.db, chatAttachments.key), { log });
      startSweep();
    });
    // Let queued message writes and a running sweep finish before the database closes.
    app.addHook("preClose", async () => {
      clearInterval(timer);
      await Promise.all([writer.flush(), sweeping]);
    });
    app.addHook("onClose", async () => push.close());
  },
  { name: "chat", dependencies: ["database", "realtime", "auth"] },
);
