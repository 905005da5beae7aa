/**
 * At most one emission per key per `everyMs`, none lost: the first goes at once, one that comes
 * sooner is held (merged with any other held for that key) and goes when the interval ends.
 * DESIGN §10's READ events: at most once per second per reader and conversation, a held one sent
 * late with the highest position, never dropped.
 */
export class TrailingThrottle<T> {
  private readonly keys = new Map<string, { lastAt: number; held?: T; timer?: NodeJS.Timeout }>();

  constructor(
    private readonly options: {
      everyMs: number;
      emit: (key: string, value: T) => void;
      /** The one value that stands for two held ones (say, the higher position). */
      merge: (held: T, next: T) => T;
      now?: () => number;
    },
  ) {}

  push(key: string, value: T): void {
    const now = this.now();
    const entry = this.keys.get(key);
    if (!entry || (entry.timer === undefined && now - entry.lastAt >= this.options.everyMs)) {
      this.keys.set(key, { lastAt: now });
      this.options.emit(key, value);
      this.forgetQuiet(now);
      return;
    }
    entry.held = entry.held === undefined ? value : this.options.merge(entry.held, value);
    entry.timer ??= setTimeout(() => this.release(key), Math.max(0, entry.lastAt + this.options.everyMs - now));
    entry.timer.unref?.();
  }

  /** Sends every held value now (on shutdown). */
  flush(): void {
    for (const key of [...this.keys.keys()]) this.release(key);
  }

  /** How many keys hold a value. */
  get holding(): number {
    let count = 0;
    for (const entry of this.keys.values()) if (entry.held !== undefined) count++;
    return count;
  }

  private release(key: string): void {
    const entry = this.keys.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    if (entry.held === undefined) return;
    const value = entry.held;
    entry.held = undefined;
    entry.lastAt = this.now();
    this.options.emit(key, value);
  }

  /** Keys with nothing held and a last emission older than the interval are forgotten (bounded memory). */
  private forgetQuiet(now: number): void {
    if (this.keys.size < 10_000) return;
    for (const [key, entry] of this.keys) {
      if (entry.timer === undefined && now - entry.lastAt >= this.options.everyMs) this.keys.delete(key);
    }
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
