import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { Redis } from "ioredis";
import { positionOptionsFor } from "../shared/open-positions.ts";
import type { Config } from "./config.ts";
import { advisoryLocks } from "./db/advisory-lock.ts";
import { type Database, type Db, withAdvisoryLock } from "./db/client.ts";
import { ensureFirstAdmin } from "./modules/accounts/bootstrap.ts";
import { applicationAdminRoutes } from "./modules/applications/admin-routes.ts";
import { applicationPublicRoutes } from "./modules/applications/public-routes.ts";
import { type ApplicationRetentionOptions, applicationRetentionPlugin } from "./modules/applications/retention.ts";
import { type AuditRetentionOptions, auditRetentionPlugin } from "./modules/audit/retention.ts";
import { auditRoutes } from "./modules/audit/routes.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { captchaRoutes } from "./modules/captcha/routes.ts";
import { type ChatModuleOptions, chatModule } from "./modules/chat/index.ts";
import { employeeRoutes } from "./modules/employees/routes.ts";
import { fileRequestPageStatus, fileRequestRoutes } from "./modules/file-requests/routes.ts";
import { adminFileRoutes, shareLinkRoutes } from "./modules/files/routes.ts";
import { shareSweeper } from "./modules/files/sweeper.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { newsletterRoutes } from "./modules/newsletter/routes.ts";
import { notificationsLive } from "./modules/notifications/live.ts";
import { notificationRoutes } from "./modules/notifications/routes.ts";
import { presenceModule } from "./modules/presence/index.ts";
import { markupsLive } from "./modules/projects/markup-live.ts";
import { reviewPageStatus, reviewRoutes } from "./modules/projects/review-routes.ts";
import { rfiPageStatus, rfiPublicRoutes } from "./modules/projects/rfi-public-routes.ts";
import { projectRoutes } from "./modules/projects/routes.ts";
import { type ProjectsModuleOptions, transmittalRemindersPlugin } from "./modules/projects/transmittal-reminders.ts";
import { type QuoteRequestsModuleOptions, quoteRequestAdminRoutes } from "./modules/quote-requests/admin-routes.ts";
import { followUpNoticesPlugin } from "./modules/quote-requests/follow-up-notices.ts";
import { quoteRequestPublicRoutes } from "./modules/quote-requests/public-routes.ts";
import { searchRoutes } from "./modules/search/routes.ts";
import { siteImageRoutes } from "./modules/site/image-routes.ts";
import { type LivePagesOptions, livePagesPlugin } from "./modules/site/live-pages.ts";
import { sitePreviewRoutes } from "./modules/site/preview.ts";
import { siteRepository } from "./modules/site/repository.ts";
import { siteContentRoutes } from "./modules/site/routes.ts";
import { type SiteModuleOptions, scheduledPublishPlugin } from "./modules/site/scheduled-publish.ts";
import { accountEventsPlugin } from "./plugins/account-events.ts";
import { auditPlugin } from "./plugins/audit.ts";
import { authPlugin, markRoutesPublic } from "./plugins/auth.ts";
import { backupPlugin } from "./plugins/backup.ts";
import { captchaPlugin } from "./plugins/captcha.ts";
import { closingConnectionsPlugin } from "./plugins/closing-connections.ts";
import { databasePlugin } from "./plugins/database.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { inputPlugin } from "./plugins/input.ts";
import { mailerPlugin } from "./plugins/mailer.ts";
import { metricsPlugin } from "./plugins/metrics.ts";
import { notificationsPlugin } from "./plugins/notifications.ts";
import { readinessPlugin } from "./plugins/readiness.ts";
import { type RealtimePluginOptions, realtimePlugin } from "./plugins/realtime.ts";
import { requestIdOf, requestIdsPlugin } from "./plugins/request-ids.ts";
import { resumableUploadsPlugin } from "./plugins/resumable-uploads.ts";
import { searchPlugin } from "./plugins/search.ts";
import { type SitePluginOptions, sitePlugin } from "./plugins/site.ts";
import { type StoragePluginOptions, storagePlugin } from "./plugins/storage.ts";
import { DEFAULT_TIMEOUTS, serverTimeoutOptions, slowBodyPlugin, type TimeoutSettings } from "./plugins/timeouts.ts";

export interface BuildAppOptions {
  config: Config;
  /** Reuse an open database (tests); otherwise one is opened from config and closed with the app. */
  database?: Database;
  logger?: FastifyServerOptions["logger"];
  /** Serve the built client (default true). API tests turn it off. */
  serveClient?: boolean;
  /** Realtime tuning (tests: Redis key prefix, short heart-beats); Redis URL and origin come from config. */
  realtime?: RealtimePluginOptions;
  /** Chat tuning (tests: the web push agent and a local push endpoint). */
  chat?: ChatModuleOptions;
  /** How long stalled clients are waited for (DESIGN §14: 30 s; tests shorten them). */
  timeouts?: Partial<TimeoutSettings>;
  /** Quote requests' clock (tests move it). */
  quoteRequests?: QuoteRequestsModuleOptions;
  /** Applications' clock and retention sweep interval (tests move and shorten them). */
  applications?: ApplicationRetentionOptions;
  /** Projects' clock and transmittal reminder sweep interval (tests move and shorten them). */
  projects?: ProjectsModuleOptions;
  /** The site content's clock and scheduled-publishing sweep interval (tests move and lengthen them). */
  site?: SiteModuleOptions;
  /** How the public pages are rendered again on publish (default: the server build beside the client's, if any). */
  livePages?: LivePagesOptions;
  /** How the public pages swapped in are compressed at their best, after the swap (tests hold it). */
  publicPages?: Pick<SitePluginOptions, "bestBrotli">;
  /** The audit retention sweep's clock and interval (tests move and shorten them). */
  audit?: AuditRetentionOptions;
  /** The grace period before an unclaimed object in a shared store is an orphan (tests shorten it). */
  storage?: StoragePluginOptions;
}

/** Builds the whole product as one Fastify instance; `server/main.ts` and every test use this. */
export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // Without a proxy in front, X-Forwarded-For is the client's to forge: trust none by default.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: "idle",
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerBadUrl,
    genReqId: requestIdOf,
    ...serverTimeoutOptions(timeouts),
  }).withTypeProvider<ZodTypeProvider>();

  // A close ends every connection in time, however it was left (behind a balancer, mid-upgrade).
  await app.register(closingConnectionsPlugin);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);

  await app.register(requestIdsPlugin);
  await app.register(errorsPlugin);
  // A request body that trickles in is cut (idle sockets and slow headers: the server options above).
  await app.register(slowBodyPlugin, timeouts);
  // Text with control characters (NUL above all) is refused before any route sees it (DESIGN §14).
  await app.register(inputPlugin);
  await app.register(fastifyHelmet, {
    // API answers get the strictest policy; pages set their own hash-based CSP (plugins/site.ts).
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] }, useDefaults: false },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: config.publicOrigin?.startsWith("https:") ? undefined : false,
  });
  await app.register(fastifyCookie);
  // Counters shared by every instance when REDIS_URL is set; in memory otherwise.
  const rateLimitRedis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: true })
    : undefined;
  if (rateLimitRedis) {
    rateLimitRedis.on("error", (error) => app.log.warn({ err: error }, "rate-limit redis error"));
    app.addHook("onClose", async () => {
      rateLimitRedis.disconnect();
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    redis: rateLimitRedis,
    nameSpace: `${config.redisKeyPrefix}rate-limit:`,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  await app.register(databasePlugin, {
    database: options.database,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  // Employees emit what happens to accounts; the chat listens (neither imports the other).
  await app.register(accountEventsPlugin);
  // The audit log's one writer (DESIGN §11): modules record what admins do through app.audit.
  await app.register(auditPlugin);
  // The notifications' one writer (DESIGN §15): modules notify through app.notifications.
  await app.register(notificationsPlugin);
  // Search everything (DESIGN §15): modules add the kinds they own to app.finder.
  await app.register(searchPlugin);
  // What the public forms share: the proof of work and the e-mails (DESIGN §5–6).
  await app.register(captchaPlugin);
  await app.register(mailerPlugin);
  await app.register(storagePlugin, options.storage ?? {});
  // Before any route: it sees every route registered from here on and refuses those without a rule.
  await app.register(authPlugin, { secret: config.jwtSecret, dataDir: config.dataDir });
  acceptEmptyJsonOnDelete(app);
  // DESIGN §13: GET /metrics and app.metrics (its hooks time every route from here on), and
  // app.readiness for GET /api/health/ready (before realtime, so it turns "shutting down" first).
  await app.register(metricsPlugin);
  await app.register(readinessPlugin);
  // DESIGN §13: GET /internal/backup, what `npm run backup` asks a running server for.
  await app.register(backupPlugin);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Steel detailing platform API", version: "1.0.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
  // The docs UI and the site add their own routes: pages, assets and the API description are public.
  await app.register(async (docs) => {
    markRoutesPublic(docs);
    await docs.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  });

  // tus under /api/uploads/ (DESIGN §12); the files and file-request modules add what they take.
  await app.register(resumableUploadsPlugin);
  // DESIGN §17: publishing renders the public pages with the server build kept beside the client's.
  await app.register(livePagesPlugin, {
    renderDir: options.serveClient === false ? undefined : path.join(path.dirname(config.clientDir), "render"),
    ...options.livePages,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(employeeRoutes);
      await api.register(adminFileRoutes);
      await api.register(fileRequestRoutes);
      await api.register(captchaRoutes);
      await api.register(quoteRequestPublicRoutes);
      await api.register(applicationPublicRoutes, { openPositions: openPositionsOf(app.db) });
      await api.register(newsletterRoutes);
      await api.register(quoteRequestAdminRoutes, options.quoteRequests ?? {});
      await api.register(applicationAdminRoutes, options.applications ?? {});
      await api.register(auditRoutes);
      await api.register(notificationRoutes);
      await api.register(projectRoutes);
      await api.register(reviewRoutes);
      await api.register(rfiPublicRoutes);
      await api.register(searchRoutes);
      await api.register(siteContentRoutes);
    },
    { prefix: "/api" },
  );
  await app.register(shareLinkRoutes);
  await app.register(sitePreviewRoutes, { now: options.site?.now });
  await app.register(siteImageRoutes);
  await app.register(shareSweeper);
  await app.register(applicationRetentionPlugin, options.applications ?? {});
  await app.register(auditRetentionPlugin, options.audit ?? {});
  await app.register(followUpNoticesPlugin, options.quoteRequests ?? {});
  await app.register(transmittalRemindersPlugin, options.projects ?? {});
  await app.register(scheduledPublishPlugin, options.site ?? {});
  await app.register(realtimePlugin, options.realtime ?? {});
  await app.register(notificationsLive);
  await app.register(markupsLive);
  await app.register(presenceModule);
  await app.register(chatModule, options.chat ?? {});

  if (options.serveClient !== false) {
    await app.register(async (site) => {
      markRoutesPublic(site);
      await site.register(sitePlugin, {
        ...options.publicPages,
        clientDir: config.clientDir,
        // A client's file-request page (DESIGN §12): 404 or 410 as its request is unknown or ended.
        linkPages: [
          { url: "/upload/:token", status: fileRequestPageStatus(app.db) },
          // The answer page of an RFI (DESIGN §16): 404 unknown, 410 closed or void.
          { url: "/rfi/:token", status: rfiPageStatus(app.db) },
          // A client's review of a transmittal (DESIGN §16): 404 unknown, 410 withdrawn or expired.
          { url: "/review/:token", status: reviewPageStatus(app.db) },
        ],
      });
      app.livePages.serveWith(site.publicPages);
    });
  } else
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ message: `No route for ${request.method} ${request.url.split("?")[0]}.` }),
    );

  app.addHook("onReady", async () => {
    // Under a lock, so of instances starting together on an empty database one creates the admin
    // (and prints its password); the others then find it.
    const result = await withAdvisoryLock(app.database, advisoryLocks.firstAdmin, (db) =>
      ensureFirstAdmin(db, { username: config.adminUsername, password: config.adminPassword }),
    );
    if (result.generatedPassword) {
      // Printed once, on the console only: it is never stored in clear anywhere.
      console.log(
        `\n  First admin account created.\n  username: ${result.username}\n  password: ${result.generatedPassword}\n  Change it with: npm run admin -- reset ${result.username}\n`,
      );
    } else if (result.created) {
      app.log.info({ username: result.username }, "first admin account created from ADMIN_USERNAME");
    }
  });

  return app;
}

/**
 * Fastify refuses an empty body sent as application/json; some clients send that header on
 * every DELETE. Accept it there (as no body), keep the default parser's checks everywhere else.
 */
function acceptEmptyJsonOnDelete(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "" && request.method === "DELETE") return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}

/**
 * The positions the career form takes now (DESIGN §17): the site's published open jobs' titles and
 * Open application, read at each application. The app hands them over: modules do not import each other.
 */
function openPositionsOf(db: Db) {
  const site = siteRepository(db);
  return async () => {
    const { jobs } = await site.publicContent();
    return positionOptionsFor(
      jobs.map(({ title, closesAt }) => ({
        title: String(title),
        closesAt: typeof closesAt === "string" ? closesAt : null,
      })),
    );
  };
}

/** A malformed or over-long path: the same `{message}` as every other error, the path not echoed. */
function answerBadUrl(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
  reply.header("x-request-id", request.id);
  reply.code(tooLong ? 414 : 400).send({ message: tooLong ? "The address is too long." : "The address is not valid." });
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
  }
  interface FastifyContextConfig {
    /** Who may call a route: checked in one place (plugins/auth.ts). Every route must say. */
    access?: "public" | "staff" | "admin";
  }
}
