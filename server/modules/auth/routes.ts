import { normalizeIP } from "@fastify/rate-limit";
import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUserSchema, loginRequestSchema, loginResponseSchema } from "../../../shared/auth.ts";
import { users } from "../../db/schema.ts";
import { HttpError, tooManyRequests } from "../../lib/errors.ts";
import { getDecoyHash, verifyPassword } from "../../lib/password-hashing.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { accessRefusals, currentUser } from "../../plugins/auth.ts";
import { accountKey, accountRule, type LoginAttempt, loginThrottle, pairRule } from "./login-throttle.ts";

/** Per address: 20 failed logins in 15 minutes. Successful logins do not count (an office shares one address). */
export const addressRule = { maxFailures: 20, windowMs: 15 * 60 * 1000 };

export const INVALID_LOGIN = "Invalid username or password.";
export const DISABLED_LOGIN = "This account is disabled.";

/** The username of a failed admin login is attacker-chosen text: it is kept to this many characters. */
export const AUDIT_USERNAME_MAX = 64;
const auditedUsername = (tried: string) => {
  // One line (the body refuses other control characters); long names cut, marked with an ellipsis.
  const username = tried.replace(/[\t\r\n]+/g, " ");
  const characters = Array.from(username);
  return characters.length > AUDIT_USERNAME_MAX ? `${characters.slice(0, AUDIT_USERNAME_MAX - 1).join("")}…` : username;
};

const invalidLogin = () => new HttpError(401, INVALID_LOGIN, "INVALID_LOGIN");
const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
const throttled = (seconds: number) =>
  tooManyRequests(
    `Too many failed login attempts. Please try again in ${minutes(seconds)} minute${minutes(seconds) === 1 ? "" : "s"}.`,
    seconds,
  );

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = loginThrottle(app.db);
  // @fastify/rate-limit's store (memory, or Redis when REDIS_URL is set), read before and bumped
  // only after a failure, so it counts failures rather than requests.
  const addressFailures = app.createRateLimit({
    max: addressRule.maxFailures,
    timeWindow: addressRule.windowMs,
    keyGenerator: (request) => `login-failures:${normalizeIP(request.ip)}`,
    skipOnError: true,
  });

  // Hash the decoy now, so the first unknown-user login costs what any other login costs.
  await getDecoyHash();

  const prune = setInterval(() => {
    throttle.prune().catch((error) => app.log.warn({ err: error }, "could not prune login failures"));
  }, pairRule.windowMs);
  prune.unref();
  app.addHook("onClose", async () => clearInterval(prune));

  app.post(
    "/auth/login",
    {
      config: { access: "public" },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ["auth"],
        summary: "Log in as an employee or an admin",
        description:
          "200 only when the password is right, the account's kind equals `role` and the account is active. " +
          `Failed attempts are throttled per account and address (${pairRule.maxFailures} / 15 min), per address ` +
          `(${addressRule.maxFailures} / 15 min), and per account with a back-off after ${accountRule.freeFailures} ` +
          "failures an hour that spares addresses the account has logged in from.",
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request) => {
      const { username, password, role } = request.body;
      const attempt: LoginAttempt = { account: accountKey(username), address: normalizeIP(request.ip) };

      const address = await addressFailures(request, { increment: false });
      if (!address.isAllowed && address.remaining <= 0 && address.ttlInSeconds > 0) {
        throw throttled(address.ttlInSeconds);
      }
      const [user] = await app.db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.username})`, attempt.account))
        .limit(1);
      // Someone else's failures never slow an account down from an address it has logged in from.
      // (Asked for unknown usernames too, id 0 matching nothing: the same work either way.)
      const known = await throttle.isKnownAddress(user?.id ?? 0, attempt.address);
      const retryAfter = await throttle.retryAfter(attempt, known);
      if (retryAfter > 0) throw throttled(retryAfter);

      // Always one argon2 verification, against a decoy when there is no such user: same work, same time.
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), password);

      if (user && passwordOk && user.kind === role) {
        if (user.status !== "active") {
          if (role === "admin") {
            await app.audit.record(request, {
              actor: user.username,
              action: "auth.loginFailed",
              target: `admin:${user.id}`,
              summary: "Admin login refused: the account is disabled",
            });
          }
          throw new HttpError(401, DISABLED_LOGIN, "ACCOUNT_DISABLED");
        }
        await throttle.recordSuccess(attempt, user.id);
        const token = await app.auth.signToken(user);
        if (role === "admin") {
          await app.audit.record(request, {
            actor: user.username,
            action: "auth.login",
            target: `admin:${user.id}`,
            summary: "Admin logged in",
          });
        }
        request.log.info({ username: user.username, ip: request.ip }, "login");
        return { username: user.username, role: user.kind, token };
      }

      await Promise.all([throttle.recordFailure(attempt), addressFailures(request)]);
      // Throttled attempts (429 above) are not recorded: the throttle bounds how many land here.
      if (role === "admin") {
        await app.audit.record(request, {
          actor: auditedUsername(username),
          action: "auth.loginFailed",
          target: null,
          summary: user?.kind === "admin" ? "Admin login failed: wrong password" : "Admin login failed",
        });
      }
      request.log.info({ username: attempt.account, ip: request.ip }, "failed login");
      throw invalidLogin();
    },
  );

  app.post(
    "/auth/logout",
    {
      config: { access: "staff" },
      schema: {
        tags: ["auth"],
        summary: "Log out: end this session (its token and its chat sockets) on every server instance",
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await app.auth.endSession(user);
      await app.realtime.endLoginSession(user.sessionId);
      request.log.info({ username: user.username }, "logout");
      // The browser drops this site's cookies too (the attachments cookie carries the ended token).
      return reply.status(204).header("clear-site-data", '"cookies"').send(null);
    },
  );

  app.get(
    "/auth/me",
    {
      config: { access: "staff" },
      schema: {
        tags: ["auth"],
        summary: "The logged-in account",
        response: { 200: currentUserSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const [row] = await app.db.select().from(users).where(eq(users.id, id)).limit(1);
      if (!row) throw new HttpError(401, accessRefusals.sessionEnded, "UNAUTHORIZED");
      return {
        id: row.id,
        username: row.username,
        role: row.kind,
        name: row.name,
        email: row.email,
        jobRole: row.jobRole,
        status: row.status,
        performance: row.performance,
        projects: row.projects,
      };
    },
  );
};
