const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a session's timers need from it. */
export interface TimersHost {
  /** Runs a timer's work; an error in it ends the session, never the process. */
  guard(context: string, work: () => void): void;
  /** When the server last wrote to the client (ms since the epoch). */
  lastSentAt(): number;
  /** When the client last sent anything (ms since the epoch). */
  lastReceivedAt(): number;
  /** Reading is held back by the server: the client's bytes wait in the kernel, which is not its silence. */
  readingPaused(): boolean;
  sendHeartBeat(): void;
  /** The client has been silent too long. */
  missedHeartBeats(): void;
}

/** One session's timers, heart-beats among them: all stopped together when the session ends. */
export class SessionTimers {
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly host: TimersHost) {}

  /** Runs `run` after `ms` (guarded, unref'd); nothing once the timers are stopped. */
  after(ms: number, run: () => void): NodeJS.Timeout | undefined {
    if (this.stopped) return undefined;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.host.guard("a timer", run);
      },
      Math.min(ms, MAX_TIMER_MS),
    );
    timer.unref();
    this.timers.add(timer);
    return timer;
  }

  cancel(timer: NodeJS.Timeout | undefined): void {
    clearTimeout(timer);
    if (timer) this.timers.delete(timer);
  }

  /** Clears every timer; none is armed after this. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Sends a heart-beat whenever the server has been silent for `interval`. */
  sendHeartBeats(interval: number): void {
    // Early by a little rather than late: the client counts from its side of the network.
    const slack = Math.min(50, interval / 10);
    const tick = () => {
      const silence = Date.now() - this.host.lastSentAt();
      if (silence >= interval - slack) {
        this.host.sendHeartBeat();
        this.after(interval, tick);
      } else {
        this.after(interval - silence, tick);
      }
    };
    this.after(interval, tick);
  }

  /** Drops a client silent for `tolerance` of its intervals. */
  watchHeartBeats(interval: number, tolerance: number): void {
    const limit = interval * tolerance;
    const check = () => {
      if (!this.host.readingPaused() && Date.now() - this.host.lastReceivedAt() > limit) {
        this.host.missedHeartBeats();
        return;
      }
      this.after(Math.max(interval / 2, 10), check);
    };
    this.after(Math.max(interval / 2, 10), check);
  }
}
