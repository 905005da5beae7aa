import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { hashPassword } from "../../lib/password-hashing.ts";

export interface FirstAdminResult {
  created: boolean;
  username?: string;
  /** Set only when the password was generated and must be shown once. */
  generatedPassword?: string;
}

/** Creates the first admin when no admin exists: from ADMIN_USERNAME/ADMIN_PASSWORD, else `admin` with a random password. */
export async function ensureFirstAdmin(
  db: Db,
  options: { username?: string; password?: string },
): Promise<FirstAdminResult> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.kind, "admin"));
  if ((existing?.n ?? 0) > 0) return { created: false };

  const username = options.username ?? "admin";
  const generatedPassword = options.password ? undefined : randomBytes(12).toString("base64url");
  const password = options.password ?? (generatedPassword as string);
  const inserted = await db
    .insert(users)
    .values({
      kind: "admin",
      name: "Administrator",
      email: `${username}@localhost`,
      jobRole: "Administrator",
      username,
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Another instance starting at the same moment may have won the race: that is fine.
  return inserted.length > 0 ? { created: true, username, generatedPassword } : { created: false };
}
