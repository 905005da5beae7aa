import type { ReadMarkerClock } from "./read-marker.ts";

type Timers = Pick<ReadMarkerClock, "setTimeout" | "clearTimeout">;

const browserTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** How long the live region is left empty before a text is set: a repeated text is then read again. */
export const ANNOUNCE_AFTER_MS = 50;

/** Texts said at once, as one: each ends as a sentence, in the order they came. */
export function together(texts: readonly string[]): string {
  return texts
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text, index, all) => (index < all.length - 1 && !/[.!?…:]$/.test(text) ? `${text}.` : text))
    .join(" ");
}

/**
 * The chat's polite live region. It is emptied first, and the text set `ANNOUNCE_AFTER_MS` later, so
 * that the same text twice is read twice; texts that come within that gap (two messages at once, a
 * message beside a catch-up) are set together, so that none replaces another before it was there.
 */
export class Announcements {
  private pending: string[] = [];
  private timer: unknown;

  constructor(
    private readonly show: (text: string) => void,
    private readonly timers: Timers = browserTimers,
  ) {}

  say(text: string): void {
    this.pending.push(text);
    if (this.timer !== undefined) return;
    this.show("");
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      const texts = this.pending;
      this.pending = [];
      this.show(together(texts));
    }, ANNOUNCE_AFTER_MS);
  }

  /** The region is gone: nothing is set later. */
  dispose(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
  }
}
