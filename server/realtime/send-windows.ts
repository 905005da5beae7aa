import type { SendLimit } from "./features.ts";

/**
 * One session's count of frames against each send limit, in fixed one-second windows: the first
 * `perSecond` of a window are admitted, the rest are not.
 */
export class SendWindows {
  private readonly windows = new Map<SendLimit, { second: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  admit(limit: SendLimit): boolean {
    const second = Math.floor(this.now() / 1_000);
    const window = this.windows.get(limit);
    if (!window || window.second !== second) {
      this.windows.set(limit, { second, count: 1 });
      return true;
    }
    window.count++;
    return window.count <= limit.perSecond;
  }
}
