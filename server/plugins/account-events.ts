import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";

/** An account as other modules know it: its id, and its username at the time of the event. */
export interface AccountRef {
  id: number;
  username: string;
}

/** Why an account's standing changed: what a listener may have cached about it is stale. */
export type AccountChange = "renamed" | "disabled" | "deleted" | "sessions-ended";

export interface AccountListener {
  /**
   * Inside the deletion's transaction, before the row goes (and the foreign keys cascade or null
   * the rows that point to it): the last moment to copy anything of the account, its name above all.
   */
  deleting?(tx: Db, account: AccountRef): Promise<void>;
  /** After the change is committed. */
  changed?(account: AccountRef, change: AccountChange): void;
}

/**
 * What happens to accounts, for the modules that keep data about them (the chat): the accounts'
 * owner (employees) emits, without knowing who listens.
 */
export class AccountEvents {
  private readonly listeners: AccountListener[] = [];

  listen(listener: AccountListener) {
    this.listeners.push(listener);
  }

  async deleting(tx: Db, account: AccountRef): Promise<void> {
    for (const listener of this.listeners) await listener.deleting?.(tx, account);
  }

  changed(account: AccountRef, change: AccountChange): void {
    for (const listener of this.listeners) listener.changed?.(account, change);
  }
}

declare module "fastify" {
  interface FastifyInstance {
    accountEvents: AccountEvents;
  }
}

/** Decorates `app.accountEvents`: registered before the modules that emit or listen. */
export const accountEventsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("accountEvents", new AccountEvents());
  },
  { name: "account-events" },
);
