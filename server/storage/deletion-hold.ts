import type { ObjectStore } from "./object-store.ts";

/** A hold on deletions, taken by a backup (DESIGN §13) while it copies the files. */
export interface DeletionHold {
  /**
   * Keys whose removal was asked for so far during the hold. Taken just before the database
   * snapshot, these are files the snapshot no longer needs (see `holdingDeletions`).
   */
  removedSoFar(): Set<string>;
  /** Ends the hold: the removals it held back are carried out now (an AggregateError names those that failed). */
  release(): Promise<void>;
}

export interface HoldableStore extends ObjectStore {
  /** Holds back removals until released; resolves once removals already under way are done. */
  holdDeletions(): Promise<DeletionHold>;
  /** The store underneath, where a held-back removal's object is still there to read. */
  readonly underlying: ObjectStore;
}

/**
 * Wraps a store so that a backup can hold deletions back while it copies the files.
 *
 * Why this gives a consistent backup: every module puts a file before it commits the row naming
 * it, and removes a file only after the row no longer needs it (or, for an expired share, just
 * before marking its row erased, which a restart's sweep repeats). A backup takes the hold, then
 * the database snapshot, then lists and copies the files. A file some row in the snapshot names
 * was put before that row committed, so before the snapshot, and cannot have gone since: a
 * removal under way when the hold was taken is waited for, and any later one is held back. The
 * files whose removal was asked for before the snapshot (`removedSoFar`, taken just before it)
 * are left out of the copy: no row of the snapshot needs them. Files put after the snapshot may be
 * copied too; no row names them, and the restored server's reconciliation deletes them at start.
 *
 * While held, a removal returns at once and its key is hidden from get, stat and list, so the app
 * sees the file gone; the removal itself is done at release. Were the process to die during the
 * hold, those files stay behind: reconciliation deletes those no row names at the next start; an
 * expired share's file whose row was already marked erased stays until removed by hand.
 */
export function holdingDeletions(store: ObjectStore): HoldableStore {
  let held: Set<string> | undefined;
  const inFlight = new Set<Promise<unknown>>();
  const hidden = (key: string) => held?.has(key) === true;

  const removeNow = (key: string) => {
    const removal = store.remove(key);
    inFlight.add(removal);
    const settled = () => inFlight.delete(removal);
    removal.then(settled, settled);
    return removal;
  };

  return {
    location: store.location,
    underlying: store,

    async put(key, source, options) {
      const result = await store.put(key, source, options);
      // A new object under a key whose removal is held back replaces it: that removal is void.
      held?.delete(key);
      return result;
    },

    async get(key, range) {
      return hidden(key) ? undefined : store.get(key, range);
    },

    async stat(key) {
      return hidden(key) ? undefined : store.stat(key);
    },

    async remove(key) {
      if (held) {
        held.add(key);
        return;
      }
      await removeNow(key);
    },

    async *list(prefix) {
      for await (const object of store.list(prefix)) if (!hidden(object.key)) yield object;
    },

    sweepIncomplete: store.sweepIncomplete?.bind(store),
    close: () => store.close(),

    async holdDeletions() {
      if (held) throw new Error("deletions are already held (one backup at a time)");
      const keys = new Set<string>();
      held = keys;
      // A removal that began before the hold belongs to a row change committed before it.
      await Promise.allSettled([...inFlight]);
      return {
        removedSoFar: () => new Set(keys),
        async release() {
          if (held !== keys) return;
          held = undefined;
          const failed: unknown[] = [];
          for (const key of keys) await removeNow(key).catch((error: unknown) => failed.push(error));
          if (failed.length > 0) throw new AggregateError(failed, `${failed.length} held-back removals failed`);
        },
      };
    },
  };
}
