import { and, asc, eq } from "drizzle-orm";
import { privateConversation } from "../../../shared/chat.ts";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import type { SearchProvider } from "../../plugins/search.ts";
import { wordSearch } from "../activity/search.ts";

const matches = wordSearch([users.name, users.username, users.jobRole]);

/**
 * People in search everything (DESIGN §15): active accounts by name, username or job title, for
 * every staff member. An admin's result opens the person on the people page; an employee's, a
 * private chat with them.
 */
export const personSearch =
  (db: Db): SearchProvider =>
  async (who, q, limit) => {
    const rows = await db
      .select({ id: users.id, name: users.name, username: users.username, jobRole: users.jobRole, kind: users.kind })
      .from(users)
      .where(and(eq(users.status, "active"), matches(q)))
      .orderBy(asc(users.name), asc(users.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      title: row.name,
      subtitle: [`@${row.username}`, row.jobRole || (row.kind === "admin" ? "Admin" : "Employee")].join(" · "),
      url:
        who.role === "admin"
          ? staffAddresses.person(row.username)
          : staffAddresses.conversation(privateConversation(row.username)),
    }));
  };
