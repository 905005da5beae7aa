import type { AccountRef } from "../../plugins/account-events.ts";

/** How long a yes is remembered. */
const REMEMBER_MS = 10_000;

interface Waiting {
  resolve: (account: AccountRef | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Which names are active accounts, for the send path: the database says, and a yes is remembered
 * for a few seconds (a disabled, renamed or deleted account is forgotten at once through the
 * account events), the lookups of one turn of the event loop sharing one query.
 */
export class ActiveAccounts {
  /** Accounts known to be active (by the name asked, lower-cased), until when (ms): saves a query per message under load. */
  private readonly known = new Map<string, { account: AccountRef; until: number }>();
  /** Names to look up at the end of this turn of the event loop, with who waits for each. */
  private pending: Map<string, Waiting[]> | undefined;

  /** `lookup`: the active accounts among these names (as asked), by name. */
  constructor(private readonly lookup: (names: readonly string[]) => Promise<Map<string, AccountRef>>) {}

  /** The active account called `name` (in any case), or undefined. */
  find(name: string): Promise<AccountRef | undefined> {
    const key = name.toLowerCase();
    const known = this.known.get(key);
    if (known && known.until > Date.now()) return Promise.resolve(known.account);
    return new Promise((resolve, reject) => {
      if (!this.pending) {
        this.pending = new Map();
        setImmediate(() => void this.runLookups());
      }
      const waiting = this.pending.get(key) ?? [];
      waiting.push({ resolve, reject });
      this.pending.set(key, waiting);
    });
  }

  /** Forget what is known about an account (disabled, deleted, renamed). */
  forget(account: AccountRef) {
    this.known.delete(account.username.toLowerCase());
    for (const [key, known] of this.known) {
      if (known.account.id === account.id) this.known.delete(key);
    }
  }

  /** The lookups asked for in one turn of the event loop, as one query. */
  private async runLookups(): Promise<void> {
    const batch = this.pending;
    this.pending = undefined;
    if (!batch) return;
    try {
      const active = await this.lookup([...batch.keys()]);
      const until = Date.now() + REMEMBER_MS;
      if (this.known.size > 50_000) this.known.clear();
      for (const [key, waiting] of batch) {
        const account = active.get(key);
        if (account) this.known.set(key, { account, until });
        else this.known.delete(key);
        for (const w of waiting) w.resolve(account);
      }
    } catch (error) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
    }
  }
}
