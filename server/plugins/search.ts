import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AccountKind } from "../../shared/roles.ts";
import { type SearchGroup, type SearchItem, type SearchKind, searchKinds } from "../../shared/search.ts";

/** Who is searching: what they may read is decided by each kind from this. */
export interface Searcher {
  id: number;
  username: string;
  role: AccountKind;
}

/**
 * One kind's search: at most `limit` items matching `q` that `who` may read now, best first. A kind
 * the searcher may not read at all answers none.
 */
export type SearchProvider = (who: Searcher, q: string, limit: number) => Promise<SearchItem[]>;

/**
 * Search everything (DESIGN §15): each module adds the kinds it owns, so the search route knows no
 * module and no module knows another.
 */
export class SearchRegistry {
  private readonly providers = new Map<SearchKind, SearchProvider>();

  addKind(kind: SearchKind, provider: SearchProvider): void {
    if (this.providers.has(kind)) throw new Error(`search kind ${kind} is added twice`);
    this.providers.set(kind, provider);
  }

  /** The declared kinds (shared/search.ts) that no module added: none, once every module is registered. */
  missingKinds(): SearchKind[] {
    return searchKinds.filter((kind) => !this.providers.has(kind));
  }

  /** The kinds asked for (all by default) that have items, in the order of `searchKinds`. */
  async find(
    who: Searcher,
    q: string,
    kinds: readonly SearchKind[] | undefined,
    limit: number,
  ): Promise<SearchGroup[]> {
    const asked = searchKinds.filter((kind) => (kinds ? kinds.includes(kind) : true) && this.providers.has(kind));
    const found = await Promise.all(asked.map((kind) => this.providers.get(kind)!(who, q, limit)));
    return asked
      .map((kind, i) => ({ kind, items: found[i]!.slice(0, limit) }))
      .filter((group) => group.items.length > 0);
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** Search everything (not `search`: that is Fastify's shorthand for the HTTP SEARCH method). */
    finder: SearchRegistry;
  }
}

/** Decorates `app.finder`: registered before the modules that add their kinds. */
export const searchPlugin = fp(
  async (app: FastifyInstance) => {
    const finder = new SearchRegistry();
    app.decorate("finder", finder);
    // A kind the contract declares and no module answers would be left out of every search without
    // a word: the server does not start with one.
    app.addHook("onReady", async () => {
      const missing = finder.missingKinds();
      if (missing.length > 0) throw new Error(`search kinds with no provider: ${missing.join(", ")}`);
    });
  },
  { name: "search" },
);
