import { type Challenge, createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { captchaKeys, captchaRules } from "../../server/plugins/captcha.ts";
import type { TestApp } from "./app.ts";
import { randomAddress } from "./factories.ts";

/** The `altcha` field the widget would send for this challenge and solution. */
export const captchaPayload = (challenge: Challenge, solution: { counter: number; derivedKey: string }) =>
  Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");

/** Solves a challenge like the widget does, on several threads at once (PBKDF2 runs in libuv's pool). */
export async function solve(challenge: Challenge, threads = 4) {
  const controller = new AbortController();
  const attempts = Array.from({ length: threads }, (_, i) =>
    solveChallenge({ challenge, deriveKey, counterStart: i, counterStep: threads, controller }).then((solution) => {
      if (!solution) throw new Error("no solution");
      controller.abort();
      return solution;
    }),
  );
  return Promise.any(attempts);
}

/** A challenge from the API (as the widget fetches it). */
export async function fetchChallenge(t: TestApp): Promise<Challenge> {
  const response = await t.app.inject({ url: "/api/captcha/challenge", remoteAddress: randomAddress() });
  if (response.statusCode !== 200) throw new Error(`challenge: ${response.statusCode} ${response.body}`);
  return response.json() as Challenge;
}

/**
 * A solved captcha for one submission, the `altcha` field value, for tests whose subject is the
 * submission, not the captcha. The challenge is signed with the app's own keys, so the server's
 * check is the real one (signature, expiry, single use), but its counter is small: the API's
 * challenges take a browser 1-2 s of PBKDF2 each (captchaRules), which on CI's 2 cores was a
 * minute of every run (decision 045). public-form.test.ts solves the API's own challenges.
 */
export async function solvedCaptcha(t: TestApp, counter = 1 + Math.floor(Math.random() * 20)): Promise<string> {
  const challenge = await createChallenge({
    algorithm: captchaRules.algorithm,
    cost: captchaRules.cost,
    counter,
    deriveKey,
    expiresAt: new Date(Date.now() + captchaRules.ttlMs),
    ...(await captchaKeys(t.app.db, t.config)),
  });
  return captchaPayload(challenge, await solve(challenge, 1));
}
