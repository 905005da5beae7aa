import { createHmac } from "node:crypto";
import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { captchaSolutions } from "../db/schema.ts";
import type { CaptchaCheck, CaptchaSolution } from "../lib/captcha-check.ts";
import { periodicTask } from "../lib/periodic-task.ts";
import { sharedSecret } from "../lib/secrets.ts";

/**
 * The proof of work (ALTCHA v2, deterministic mode): the visitor's browser tries counters from 0
 * until PBKDF2 (1000 rounds) gives the key whose prefix the challenge names. The counter is drawn
 * from 2000–4000: ~0.3 s in desktop Chromium, about a second on a mid-range phone (4 workers).
 */
export const captchaRules = {
  algorithm: "PBKDF2/SHA-256",
  cost: 1000,
  counterMin: 2000,
  counterMax: 4000,
  /** A challenge must be solved and sent within 10 minutes. */
  ttlMs: 10 * 60 * 1000,
  /** A real payload is ~700 characters; anything much longer is not one. */
  payloadMax: 4096,
} as const;

/**
 * The HMAC secrets challenges are signed with. Derived from JWT_SECRET when it is set, else
 * generated once and kept in the database: either way every instance behind a balancer agrees.
 */
export async function captchaKeys(db: Db, config: Pick<Config, "jwtSecret" | "dataDir">) {
  const master = config.jwtSecret
    ? createHmac("sha256", config.jwtSecret).update("altcha-hmac-key").digest("base64url")
    : await sharedSecret(db, "altchaHmacKey", { dataDir: config.dataDir });
  return {
    hmacSignatureSecret: master,
    hmacKeySignatureSecret: createHmac("sha256", master).update("altcha-key-signature").digest("base64url"),
  };
}

const hex = z.string().regex(/^[0-9a-f]+$/i);
/** The shape of a widget payload; the parsed JSON itself (not this output) is what gets verified. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(captchaRules.algorithm),
      nonce: hex,
      salt: hex,
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive(),
      keyPrefix: hex,
      expiresAt: z.number().positive(),
    }),
    signature: hex,
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: hex }),
});

/** Challenges for the ALTCHA widget, and the server side of the check: genuine, in time, used once. */
export function captchaService(db: Db, keys: Awaited<ReturnType<typeof captchaKeys>>) {
  return {
    /** A new signed challenge, valid for captchaRules.ttlMs. */
    create: (now = Date.now()): Promise<Challenge> =>
      createChallenge({
        algorithm: captchaRules.algorithm,
        cost: captchaRules.cost,
        counter: randomInt(captchaRules.counterMax, captchaRules.counterMin),
        deriveKey,
        expiresAt: new Date(now + captchaRules.ttlMs),
        ...keys,
      }),

    /** Checks the `altcha` field (base64 JSON from the widget); says nothing about earlier use. */
    async verify(field: string | undefined): Promise<CaptchaCheck> {
      if (field === undefined || field.trim() === "") return { ok: false, reason: "missing" };
      if (field.length > captchaRules.payloadMax) return { ok: false, reason: "invalid" };
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.from(field, "base64").toString("utf8"));
      } catch {
        return { ok: false, reason: "invalid" };
      }
      const shape = payloadSchema.safeParse(payload);
      if (!shape.success) return { ok: false, reason: "invalid" };
      const raw = payload as z.infer<typeof payloadSchema>;
      try {
        const result = await verifySolution({
          challenge: raw.challenge as Challenge,
          solution: raw.solution,
          deriveKey,
          ...keys,
        });
        if (result.expired) return { ok: false, reason: "expired" };
        if (!result.verified) return { ok: false, reason: "invalid" };
      } catch {
        return { ok: false, reason: "invalid" };
      }
      return {
        ok: true,
        solution: {
          signature: shape.data.challenge.signature.toLowerCase(),
          expiresAt: new Date(shape.data.challenge.parameters.expiresAt * 1000),
        },
      };
    },

    /**
     * Marks a solution used, in the caller's transaction; false when it already was (the insert is
     * atomic, so two instances cannot both accept the same solution).
     */
    async consume(tx: Pick<Db, "insert">, solution: CaptchaSolution): Promise<boolean> {
      const inserted = await tx
        .insert(captchaSolutions)
        .values(solution)
        .onConflictDoNothing()
        .returning({ signature: captchaSolutions.signature });
      return inserted.length > 0;
    },

    /** Forgets used solutions whose challenges have expired (they can never verify again). */
    async prune(now = new Date()): Promise<number> {
      const deleted = await db
        .delete(captchaSolutions)
        .where(lt(captchaSolutions.expiresAt, sql`${now.toISOString()}::timestamptz`))
        .returning({ signature: captchaSolutions.signature });
      return deleted.length;
    },
  };
}

export type CaptchaService = ReturnType<typeof captchaService>;

/** Used solutions are kept until their challenge expires; this clears the expired ones. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

declare module "fastify" {
  interface FastifyInstance {
    captcha: CaptchaService;
  }
}

/** Decorates `app.captcha`, the proof of work of the public forms, and prunes spent solutions. */
export const captchaPlugin = fp(
  async (app: FastifyInstance) => {
    const captcha = captchaService(app.db, await captchaKeys(app.db, app.config));
    app.decorate("captcha", captcha);
    periodicTask(app, { what: "captcha prune", everyMs: PRUNE_EVERY_MS, task: () => captcha.prune() });
  },
  { name: "captcha", dependencies: ["database"] },
);
