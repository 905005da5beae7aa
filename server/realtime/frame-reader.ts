import type { WebSocket } from "ws";
import { type DecoderLimits, FrameDecoder, StompProtocolError } from "./stomp/decode.ts";
import type { Frame } from "./stomp/frame.ts";

/** What the reader needs from its connection. */
export interface ReaderHost {
  /** Handles one frame; the next one waits for it. */
  handle(frame: Frame): Promise<void>;
  /** The connection is closing: frames still waiting are dropped. */
  isClosing(): boolean;
  /** The bytes break STOMP: ERROR and close. */
  protocolError(message: string): void;
  /** An error nobody expected while handling a frame. */
  crash(error: unknown, context: string): void;
}

/**
 * Reading one socket: bytes decoded into frames, handled one at a time in arrival order (a SEND's
 * RECEIPT, and whatever the client sends next, wait for its handler). Past `maxQueuedFrames`
 * waiting, the socket stops reading until half of them are done.
 */
export class FrameReader {
  /** When the client last sent anything, heart-beats included (ms since the epoch). */
  lastReceivedAt = Date.now();
  private readonly decoder: FrameDecoder;
  private readonly queue: Frame[] = [];
  /** Whether a drain of `queue` is running (set and cleared synchronously: two messages may arrive in one tick). */
  private draining = false;
  /** The last drain started; settles when it ends (shutdown waits for it). */
  private drained: Promise<void> = Promise.resolve();
  /** Shutting down: no more frames are read; those received are still handled. */
  private stopped = false;
  private held = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly maxQueuedFrames: number,
    limits: Partial<DecoderLimits>,
    private readonly host: ReaderHost,
  ) {
    this.decoder = new FrameDecoder(limits);
  }

  /** Whether reading is held back by us: the client's bytes wait in the kernel, which is not its silence. */
  get paused(): boolean {
    return this.held;
  }

  /** Whether frames are being handled now. */
  get busy(): boolean {
    return this.draining;
  }

  /** One WebSocket message: its frames join the queue. Throws only on a bug (the caller guards it). */
  push(data: WebSocket.RawData): void {
    this.lastReceivedAt = Date.now();
    if (this.host.isClosing() || this.stopped) return;
    const chunks = Array.isArray(data) ? data : [data];
    try {
      for (const chunk of chunks) {
        const bytes = chunk instanceof ArrayBuffer ? new Uint8Array(chunk) : chunk;
        for (const item of this.decoder.push(bytes)) {
          if (item.type === "frame") this.queue.push(item.frame);
        }
      }
    } catch (error) {
      if (error instanceof StompProtocolError) {
        this.host.protocolError(error.message);
        return;
      }
      throw error;
    }
    if (this.queue.length > this.maxQueuedFrames && !this.held) {
      this.held = true;
      this.socket.pause();
    }
    if (!this.draining)
      this.drained = this.drain().catch((error: unknown) => this.host.crash(error, "handling a frame"));
  }

  /** Shutting down: reads nothing more (the frames already received are still handled). */
  stop(): void {
    this.stopped = true;
    this.socket.pause();
  }

  /** Resolves once the frames already received are handled, or after `graceMs`. */
  async settled(graceMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([this.drained, grace]);
    clearTimeout(timer);
  }

  /** Drops the frames still waiting. */
  clear(): void {
    this.queue.length = 0;
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0 && !this.host.isClosing()) {
        await this.host.handle(this.queue.shift()!);
        if (this.held && !this.stopped && this.queue.length <= this.maxQueuedFrames / 2) {
          this.held = false;
          this.socket.resume();
        }
      }
    } finally {
      this.draining = false;
    }
  }
}
