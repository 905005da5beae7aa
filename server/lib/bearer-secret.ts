import { createHash, timingSafeEqual } from "node:crypto";

/**
 * A fixed secret that callers present as `Authorization: Bearer <secret>` (METRICS_TOKEN, the
 * backup token): `matches` compares in constant time, over digests so that the lengths never differ.
 */
export function bearerSecret(secret: string) {
  const expected = digest(secret);
  return {
    matches(authorization: string | undefined): boolean {
      return authorization?.startsWith("Bearer ") === true && timingSafeEqual(digest(authorization.slice(7)), expected);
    },
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest();
