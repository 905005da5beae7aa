/**
 * Group commit: requests made while the database is busy wait together and are written as one
 * batch (one statement, one transaction) once the write before them is done. Each request's
 * promise settles only when its batch has committed. Under load this turns thousands of round
 * trips a second into a few dozen; alone, a request waits one turn of the event loop.
 *
 * `writeBatch` answers one result per item, in order. When a batch fails, its items are written
 * again one at a time, so one bad item fails alone.
 */
export class GroupCommit<Item, Result> {
  private queue: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  /** The drain in progress, if any. */
  private draining: Promise<void> | undefined;

  constructor(
    private readonly writeBatch: (items: Item[]) => Promise<Result[]>,
    private readonly maxBatch = 500,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.draining ??= this.drain();
    });
  }

  /** Resolves once everything submitted so far is written (or failed). */
  async flush(): Promise<void> {
    await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        // Let this turn's other requests (the rest of the sockets that were readable) join the batch.
        // Needed with PGlite above all: its queries resolve without returning to the event loop,
        // so without this yield every request would be a batch of one.
        await new Promise((resolve) => setImmediate(resolve));
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
