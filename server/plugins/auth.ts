import { randomBytes, webcrypto } from "node:crypto";
import DataLoader from "dataloader";
import { lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { realtimeTexts } from "../../shared/realtime.ts";
import type { AccountKind } from "../../shared/roles.ts";
import type { Db } from "../db/client.ts";
import { revokedSessions, users } from "../db/schema.ts";
import { forbidden, HttpError } from "../lib/errors.ts";
import { sharedSecret } from "../lib/secrets.ts";

export type Access = "public" | "staff" | "admin";

/** The account behind a valid token, as loaded from the database on every request. */
export interface AuthUser {
  id: number;
  username: string;
  role: AccountKind;
  name: string;
  /** The login session: the token's `jti`, and when the token expires (epoch ms). Logout ends just this one. */
  sessionId: string;
  sessionExpiresAt: number;
}

export interface RouteAccess {
  method: string;
  url: string;
  /** undefined: the route declared no rule and is refused (403) at runtime. */
  access: Access | undefined;
}

export interface AuthService {
  /** Signs a session token for an account (claims: sub, jti, username, role, ver). */
  signToken(user: { id: number; username: string; kind: AccountKind; tokenVersion: number }): Promise<string>;
  /** The account a token belongs to, or null when the token is invalid, expired or revoked. For the WebSocket layer. */
  verifyToken(token: string): Promise<AuthUser | null>;
  /**
   * The account behind a request, refused as a staff or admin route refuses it (401, 403): for a
   * public route whose access depends on what is sent (a resumable upload for a share).
   */
  require(request: FastifyRequest, access: "staff" | "admin"): Promise<AuthUser>;
  /** The account behind a request's bearer token (or `token` cookie on GET/HEAD), or null. */
  authenticate(request: FastifyRequest): Promise<AuthUser | null>;
  /** Ends one login session (logout): its token is refused from now on, by every instance. */
  endSession(user: Pick<AuthUser, "sessionId" | "sessionExpiresAt">): Promise<void>;
  /** Forgets ended sessions whose tokens have expired anyway; runs every hour by itself. */
  pruneEndedSessions(now?: Date): Promise<number>;
  /** Every route registered after this plugin, with its rule; complete once the app is ready. */
  routes(): RouteAccess[];
}

declare module "fastify" {
  interface FastifyInstance {
    auth: AuthService;
  }
  interface FastifyRequest {
    /** Set on staff and admin routes once the token has been checked; null on public routes. */
    user: AuthUser | null;
  }
}

export const TOKEN_ISSUER = "steelcraft-platform";
export const TOKEN_AUDIENCE = "steelcraft-staff";
export const TOKEN_TTL_SECONDS = 12 * 60 * 60;
const ALGORITHM = "HS256";
/** Most verified tokens remembered (oldest forgotten first). */
const VERIFIED_TOKENS_KEPT = 10_000;
/** A JWT longer than this is not one of ours: refused before any parsing. */
const MAX_TOKEN_LENGTH = 4096;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const accesses: readonly Access[] = ["public", "staff", "admin"];

/** What the access layer answers when it refuses a request (the authorization-matrix test looks for these). */
export const accessRefusals = {
  loginRequired: "Please log in.",
  sessionEnded: realtimeTexts.sessionEnded,
  adminOnly: "This needs an admin account.",
  noRule: "This route has no access rule.",
} as const;

const loginRequired = () =>
  new HttpError(401, accessRefusals.loginRequired, "UNAUTHORIZED", { headers: { "www-authenticate": "Bearer" } });
const sessionEnded = () =>
  new HttpError(401, accessRefusals.sessionEnded, "UNAUTHORIZED", {
    headers: { "www-authenticate": 'Bearer error="invalid_token"' },
  });

/** The token of an `Authorization: Bearer …` header: undefined without one, "" for a malformed one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== "string" || header === "") return undefined;
  return /^Bearer[ ]+(\S+)\s*$/i.exec(header)?.[1] ?? "";
}

/** The token a request carries: `Authorization: Bearer …`, else (GET/HEAD only, so no CSRF) the `token` cookie. */
function tokenOf(request: FastifyRequest): string | undefined {
  const bearer = bearerToken(request);
  if (bearer !== undefined) return bearer;
  if (request.method === "GET" || request.method === "HEAD") {
    const cookie = request.cookies?.token;
    if (cookie) return cookie;
  }
  return undefined;
}

/**
 * Marks every route registered in `instance` (and its children) as public unless it says otherwise.
 * For plugins that add their own routes: the site's pages and assets, the API docs.
 */
export function markRoutesPublic(instance: FastifyInstance) {
  instance.addHook("onRoute", (route) => {
    route.config = { ...route.config, access: route.config?.access ?? "public" };
  });
}

export interface AuthPluginOptions {
  /** JWT_SECRET; when unset a secret is generated once and kept in the database, shared by every instance. */
  secret?: string;
  dataDir: string;
}

interface SessionRow {
  username: string;
  kind: AccountKind;
  name: string;
  status: string;
  tokenVersion: number;
  /** Logged out (revoked_sessions). */
  ended: boolean;
}

/**
 * Looks up the account and session behind tokens, batched: every token checked in one turn of the
 * event loop (the poll phase reads many sockets) shares one query, nothing is cached across turns,
 * so a logout or a disabled account counts from the next request on. Measured in bench:chat
 * --live: one query per request was the largest cost of 2 000 mark-read calls a second on PGlite.
 */
function sessionLoader(db: Db) {
  return new DataLoader<{ id: number; sessionId: string }, SessionRow | undefined>(
    async (keys) => {
      const input = JSON.stringify(keys.map((key, n) => ({ n, id: key.id, session_id: key.sessionId })));
      const { rows } = (await db.execute(sql`
        SELECT k.n, u.username, u.kind, u.name, u.status, u.token_version,
               EXISTS (SELECT 1 FROM ${revokedSessions} r WHERE r.id = k.session_id) AS ended
        FROM jsonb_to_recordset(${input}::jsonb) AS k(n integer, id bigint, session_id text)
        -- LATERAL … LIMIT 1: one index lookup per token (joined, the planner would scan every account).
        JOIN LATERAL (SELECT * FROM ${users} WHERE ${users.id} = k.id LIMIT 1) u ON true`)) as unknown as {
        rows: {
          n: number;
          username: string;
          kind: AccountKind;
          name: string;
          status: string;
          token_version: number;
          ended: boolean;
        }[];
      };
      const found = new Map(rows.map((row) => [Number(row.n), row]));
      return keys.map((_, n) => {
        const row = found.get(n);
        return (
          row && {
            username: row.username,
            kind: row.kind,
            name: row.name,
            status: row.status,
            tokenVersion: Number(row.token_version),
            ended: row.ended,
          }
        );
      });
    },
    { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: 500 },
  );
}

/**
 * Sessions (JWT, HS256 pinned; every session of an account ends through users.token_version, one
 * session through revoked_sessions) and access control in one place: every route declares
 * `config.access`; a route without a rule is refused. Answers of staff and admin routes carry
 * personal data: they are never stored by a cache (`Cache-Control: no-store`), nor are the
 * answers of public writes (a form's answer).
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, options) => {
    const secret = options.secret ?? (await sharedSecret(app.db, "jwtSecret", { dataDir: options.dataDir }));
    // A CryptoKey imported once: given raw bytes (or a KeyObject), jose imports one on every sign and
    // verify (measured in bench:chat --live: a tenth of the server's time at 1 000 calls a second).
    const key = await webcrypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    const sessions = sessionLoader(app.db);
    // Tokens whose signature and claims checked out, until they expire: a browser sends the same
    // token for hours, and an HMAC check through WebCrypto costs a thread-pool round trip each time
    // (measured: 5–9 % of the server at 1 000 mark-read calls a second). Only the signature is
    // remembered: the account and session are read on every request, so a logout counts at once.
    const verified = new Map<string, JWTPayload>();

    const verifyToken = async (token: string): Promise<AuthUser | null> => {
      if (token === "" || token.length > MAX_TOKEN_LENGTH) return null;
      let payload = verified.get(token);
      if (payload !== undefined && (typeof payload.exp !== "number" || payload.exp * 1000 <= Date.now())) {
        verified.delete(token);
        payload = undefined;
      }
      if (payload === undefined) {
        try {
          ({ payload } = await jwtVerify(token, key, {
            algorithms: [ALGORITHM],
            issuer: TOKEN_ISSUER,
            audience: TOKEN_AUDIENCE,
            requiredClaims: ["sub", "exp", "iat", "jti"],
          }));
        } catch (error) {
          if (error instanceof joseErrors.JOSEError) return null;
          throw error;
        }
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, payload);
      }
      const id = Number(payload.sub);
      const sessionId = payload.jti;
      if (!Number.isSafeInteger(id) || id <= 0 || typeof payload.ver !== "number") return null;
      if (typeof sessionId !== "string" || sessionId.length > 64 || typeof payload.exp !== "number") return null;
      // The account, and whether this session was ended by a logout: one round trip for all the
      // requests and handshakes of one turn of the event loop.
      const row = await sessions.load({ id, sessionId });
      // Deleted, disabled, password changed (version bumped), a kind that no longer matches, or logged out: the session is over.
      if (row?.status !== "active" || row.tokenVersion !== payload.ver || row.kind !== payload.role) return null;
      if (row.ended) return null;
      return {
        id,
        username: row.username,
        role: row.kind,
        name: row.name,
        sessionId,
        sessionExpiresAt: payload.exp * 1000,
      };
    };

    // Method and URL are read now (Fastify reuses the options object for a prefix's "/" twin);
    // the rule is read later, so scopes that mark their routes public after this hook count.
    const registered: { method: string; url: string; options: RouteOptions }[] = [];

    const service: AuthService = {
      signToken: (user) =>
        new SignJWT({ username: user.username, role: user.kind, ver: user.tokenVersion })
          .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
          .setSubject(String(user.id))
          .setJti(randomBytes(16).toString("base64url"))
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE)
          .setIssuedAt()
          .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
          .sign(key),
      verifyToken,
      async require(request, access) {
        const token = tokenOf(request);
        if (token === undefined) throw loginRequired();
        const user = await verifyToken(token);
        if (!user) throw sessionEnded();
        if (access === "admin" && user.role !== "admin") throw forbidden(accessRefusals.adminOnly);
        return user;
      },
      async authenticate(request) {
        const token = tokenOf(request);
        return token === undefined ? null : verifyToken(token);
      },
      async endSession(user) {
        await app.db
          .insert(revokedSessions)
          .values({ id: user.sessionId, expiresAt: new Date(user.sessionExpiresAt) })
          .onConflictDoNothing();
      },
      async pruneEndedSessions(now = new Date()) {
        const deleted = await app.db
          .delete(revokedSessions)
          .where(lt(revokedSessions.expiresAt, now))
          .returning({ id: revokedSessions.id });
        return deleted.length;
      },
      routes: () => registered.map(({ method, url, options }) => ({ method, url, access: options.config?.access })),
    };
    app.decorate("auth", service);
    app.decorateRequest("user", null);

    const prune = setInterval(() => {
      service.pruneEndedSessions().catch((error) => app.log.warn({ err: error }, "could not prune ended sessions"));
    }, PRUNE_EVERY_MS);
    prune.unref();
    app.addHook("onClose", async () => clearInterval(prune));

    // Collect every route; requests are checked against the rule in the route's own config.
    app.addHook("onRoute", (route) => {
      registered.push({ method: String(route.method), url: route.url, options: route });
      const access = route.config?.access;
      if ((access === "staff" || access === "admin") && route.schema && !route.schema.hide) {
        route.schema = { ...route.schema, security: [{ bearer: [] }] } as typeof route.schema;
      }
    });

    app.addHook("onReady", async () => {
      for (const route of service.routes()) {
        if (route.access === undefined || !accesses.includes(route.access)) {
          app.log.warn(
            { method: route.method, url: route.url },
            "route has no access rule (config.access): every request to it is refused",
          );
        }
      }
    });

    app.addHook("onRequest", async (request, reply) => {
      // Unknown URLs: the not-found handler answers (it reveals nothing).
      if (request.is404) return;
      const access = request.routeOptions.config.access;
      // Set first, so refusals carry it too; a route may still choose otherwise for its own answer.
      if (access !== "public" || isPublicWrite(request)) reply.header("cache-control", "no-store");
      if (access === "public") return;
      if (access !== "staff" && access !== "admin") {
        request.log.error({ url: request.routeOptions.url }, "refused: route has no access rule");
        throw forbidden(accessRefusals.noRule);
      }
      request.user = await service.require(request, access);
    });
  },
  { name: "auth", dependencies: ["database"] },
);

/** A public form's answer echoes what was sent (names, e-mails): an API write, never a page or a file. */
const isPublicWrite = (request: FastifyRequest) =>
  request.method !== "GET" && request.method !== "HEAD" && request.url.startsWith("/api/");

/** The user of a staff or admin route (the access hook has already refused anonymous requests). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw loginRequired();
  return request.user;
}
