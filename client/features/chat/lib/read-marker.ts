import { chatLimits } from "../../../../shared/chat.ts";
import { type ChatRef, chatKey } from "./chat-ref.ts";

export interface ReadMarkerClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserClock: ReadMarkerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Mark {
  chat: ChatRef;
  /** The highest seq sent (and taken by the connection). */
  sent: number;
  /** The highest seq shown and not sent yet, or 0. */
  pending: number;
  lastSentAt: number;
  timer: unknown;
}

/**
 * DESIGN §10 reading, the client's half: the highest seq shown per conversation goes to the server
 * as a throttle with a trailing send. The first goes at once (within 1 s of the first new message),
 * then at most one per `everyMs` per conversation, always the highest shown; `flush` sends a
 * pending one at once (the conversation left, the tab hidden). A send the connection cannot take
 * now stays pending until `flush` after a reconnect. Never one per message.
 */
export class ReadMarker {
  private readonly marks = new Map<string, Mark>();

  constructor(
    /** Sends `{conversation, upToSeq}`; false when there is no connection to take it. */
    private readonly send: (chat: ChatRef, upToSeq: number) => boolean,
    private readonly everyMs: number = chatLimits.readSendEveryMs,
    private readonly clock: ReadMarkerClock = browserClock,
  ) {}

  /** `seq` of `chat` is on screen, to someone who can see it. */
  shown(chat: ChatRef, seq: number): void {
    const key = chatKey(chat);
    let mark = this.marks.get(key);
    if (!mark) {
      mark = { chat, sent: 0, pending: 0, lastSentAt: Number.NEGATIVE_INFINITY, timer: undefined };
      this.marks.set(key, mark);
    }
    if (seq <= Math.max(mark.sent, mark.pending)) return;
    mark.pending = seq;
    if (mark.timer !== undefined) return;
    const wait = mark.lastSentAt + this.everyMs - this.clock.now();
    if (wait <= 0) this.sendPending(mark);
    else mark.timer = this.clock.setTimeout(() => this.fire(key), wait);
  }

  /** Sends what is pending at once: for one chat (left), or all (hidden, reconnected). */
  flush(chat?: ChatRef): void {
    const marks = chat ? [this.marks.get(chatKey(chat))] : [...this.marks.values()];
    for (const mark of marks) if (mark) this.sendPending(mark);
  }

  /** Forgets everything (logged out): nothing pending is sent. */
  dispose(): void {
    for (const mark of this.marks.values()) this.clock.clearTimeout(mark.timer);
    this.marks.clear();
  }

  private fire(key: string): void {
    const mark = this.marks.get(key);
    if (!mark) return;
    mark.timer = undefined;
    this.sendPending(mark);
  }

  private sendPending(mark: Mark): void {
    if (mark.timer !== undefined) {
      this.clock.clearTimeout(mark.timer);
      mark.timer = undefined;
    }
    if (mark.pending <= mark.sent) return;
    if (!this.send(mark.chat, mark.pending)) return;
    mark.sent = mark.pending;
    mark.pending = 0;
    mark.lastSentAt = this.clock.now();
  }
}
