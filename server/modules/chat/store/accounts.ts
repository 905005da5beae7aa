import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { AccountKind } from "../../../../shared/roles.ts";
import type { Db } from "../../../db/client.ts";
import { chatGroups, messages, users } from "../../../db/schema.ts";
import type { AccountRef } from "../../../plugins/account-events.ts";
import { activeAccountsNamed } from "../../accounts/active-accounts.ts";

export interface ChatAccount {
  id: number;
  username: string;
  name: string;
  role: AccountKind;
}

/** Accounts as chat users: people are ids in the chat's rows, usernames at its edges. */
export function accountStore(db: Db) {
  return {
    /** Active accounts, but one, by name. */
    async listAccounts(exceptId: number): Promise<ChatAccount[]> {
      return db
        .select({ id: users.id, username: users.username, name: users.name, role: users.kind })
        .from(users)
        .where(and(eq(users.status, "active"), ne(users.id, exceptId)))
        .orderBy(asc(users.name), asc(users.username));
    },

    /** The active accounts with these usernames (in any case), by the name as asked. */
    activeAccounts: (usernames: readonly string[]): Promise<Map<string, AccountRef>> =>
      activeAccountsNamed(db, usernames),

    /** The usernames of these accounts now (deleted ones are left out). */
    async usernames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.username]));
    },

    /** Inside an account's deletion: its rows keep the name it has now, for the others to read. */
    async keepNamesOf(tx: Db, account: AccountRef): Promise<void> {
      await tx.update(messages).set({ senderName: account.username }).where(eq(messages.senderId, account.id));
      await tx.update(messages).set({ recipientName: account.username }).where(eq(messages.recipientId, account.id));
      await tx
        .update(chatGroups)
        .set({ createdByName: account.username })
        .where(eq(chatGroups.createdById, account.id));
    },
  };
}

export type AccountStore = ReturnType<typeof accountStore>;
