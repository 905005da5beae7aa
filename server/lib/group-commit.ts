/**
 * Group commit: requests made while the database is busy wait together and are written as one
 * batch (one statement, one transaction) once the write before them is done. Each request's
 * promise settles only when its batch has committed. Under load this turns thousands of round
 * trips a second into a few dozen; alone, a request waits one turn of the event loop.
 *
 * `writeBatch` answers one result per item, in order. When a batch fails, its items are written
 * again one at a time, so one bad item fails alone.
 *
 * With `gatherMs`, a batch instead waits for the next multiple of `gatherMs` on the wall clock (or
 * until `maxBatch` wait) before it is written: for writes nobody waits on at once, where fewer,
 * larger statements are the point (DESIGN §10 read marks: every 250 ms or when 500 wait). On the
 * clock's beat, not `gatherMs` after the first item, so that what follows a write (READ events,
 * throttled per second) keeps the beat too. `flush()` cuts the wait short.
 */
export class GroupCommit<Item, Result> {
  private queue: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  /** The drain in progress, if any. */
  private draining: Promise<void> | undefined;
  /** Ends the current gathering wait early (a full batch, or flush()). */
  private stopGathering: (() => void) | undefined;
  private flushing = 0;

  constructor(
    private readonly writeBatch: (items: Item[]) => Promise<Result[]>,
    private readonly maxBatch = 500,
    private readonly gatherMs = 0,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.queue.length >= this.maxBatch) this.stopGathering?.();
      this.draining ??= this.drain();
    });
  }

  /** How many items wait for their batch. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Resolves once everything submitted so far is written (or failed); a gathering batch goes at once. */
  async flush(): Promise<void> {
    this.flushing++;
    try {
      this.stopGathering?.();
      await this.draining;
    } finally {
      this.flushing--;
    }
  }

  /** Lets this turn's other requests join the batch, or, with `gatherMs`, the next moments' too. */
  private gather(): Promise<void> {
    if (this.gatherMs <= 0 || this.flushing > 0 || this.queue.length >= this.maxBatch) {
      // Needed with PGlite above all: its queries resolve without returning to the event loop,
      // so without this yield every request would be a batch of one.
      return new Promise((resolve) => setImmediate(resolve));
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.stopGathering = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.gatherMs - (Date.now() % this.gatherMs));
      this.stopGathering = done;
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        // Let other requests (the rest of the sockets that were readable) join the batch.
        await this.gather();
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const results = await this.written(batch.map((pending) => pending.item));
          for (const [i, pending] of batch.entries()) pending.resolve(results[i]!);
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
          // One bad item must not sink the others: write them one by one.
          else
            for (const pending of batch)
              await this.written([pending.item]).then(([result]) => pending.resolve(result!), pending.reject);
        }
      }
    } finally {
      // No await between the loop's last check and here: a submit() cannot slip in unseen.
      this.draining = undefined;
    }
  }

  private async written(items: Item[]): Promise<Result[]> {
    const results = await this.writeBatch(items);
    if (results.length !== items.length) throw new Error("the batch answered a different number of results");
    return results;
  }
}
