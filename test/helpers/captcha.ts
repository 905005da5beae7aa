import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
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

/** A solved captcha for one submission: the `altcha` field value. */
export async function solvedCaptcha(t: TestApp): Promise<string> {
  const challenge = await fetchChallenge(t);
  return captchaPayload(challenge, await solve(challenge));
}
