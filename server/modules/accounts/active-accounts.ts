import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { AccountRef } from "../../plugins/account-events.ts";

/** The active accounts with these usernames (in any case), by the name as asked. */
export async function activeAccountsNamed(db: Db, usernames: readonly string[]): Promise<Map<string, AccountRef>> {
  const found = new Map<string, AccountRef>();
  if (usernames.length === 0) return found;
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        eq(users.status, "active"),
        inArray(
          sql`lower(${users.username})`,
          usernames.map((name) => name.toLowerCase()),
        ),
      ),
    );
  const byLower = new Map(rows.map((row) => [row.username.toLowerCase(), row]));
  for (const name of usernames) {
    const account = byLower.get(name.toLowerCase());
    if (account) found.set(name, account);
  }
  return found;
}
