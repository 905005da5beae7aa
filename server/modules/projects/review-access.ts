import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { gone, notFound, unauthorized } from "../../lib/errors.ts";
import { isStorageKey } from "../../lib/uploads.ts";
import { reviewLinkEnd, transmittalRepository } from "./transmittal-repository.ts";

/** The header a protected link's access key comes in, on every call of the review page. */
export const REVIEW_KEY_HEADER = "x-link-key";

const unknownMessage = "This link is not valid.";
const passwordMessage = "This link needs its password.";

/**
 * What a protected link's page sends once its password was right: a MAC of the token keyed with
 * the password's stored hash, which only the server holds. Checking it costs no argon2 run, and
 * changing the password (a new hash) ends every key given before.
 */
export const accessKey = (passwordHash: string, token: string) =>
  createHmac("sha256", passwordHash).update(`review:${token}`).digest("base64url");

const sameKey = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Who may use a review link (decision 048): `working` — the link's transmittal while it works (404
 * unknown, 410 withdrawn or expired), its password not asked; `reviewed` — the same, and when the
 * link has a password, the key it gives must be sent (401 otherwise). The review routes and the
 * markups' resumable uploads both ask here.
 */
export function reviewAccess(db: Db) {
  const repository = transmittalRepository(db);
  async function working(token: string) {
    const found = isStorageKey(token) ? await repository.byToken(token) : undefined;
    if (!found) throw notFound(unknownMessage);
    const end = reviewLinkEnd(found.transmittal);
    if (end) throw gone(end);
    return found;
  }
  return {
    working,
    async reviewed(token: string, key: unknown) {
      const found = await working(token);
      const hash = found.transmittal.passwordHash;
      if (hash && (typeof key !== "string" || !sameKey(key, accessKey(hash, token)))) {
        throw unauthorized(passwordMessage);
      }
      return found;
    },
  };
}
