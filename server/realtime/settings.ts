import type { DecoderLimits } from "./stomp/decode.ts";
import type { ProtocolSettings } from "./stomp/protocol.ts";

/** Tuning of every STOMP connection (DESIGN §7, decision 012). */
export interface SessionSettings extends ProtocolSettings {
  /** A client silent for this many of its agreed intervals is dropped. */
  heartBeatTolerance: number;
  /** A socket that has not completed CONNECT (authentication included) by then gets ERROR and is closed. */
  connectTimeoutMs: number;
  /** A socket whose unsent data exceeds this is dropped (a client too slow to read); it reconnects and re-fetches. */
  maxBufferedBytes: number;
  /** Frames waiting for the previous one's work; beyond it the socket stops reading until the queue drains. */
  maxQueuedFrames: number;
  maxSubscriptions: number;
  /**
   * How often a connected session's token is checked again (ms, ±25 %; 0: never), so a session whose
   * revocation was missed (say, a password reset from the CLI) ends anyway.
   */
  revalidateMs: number;
  /** After a close, how long the peer has to answer it before the socket is destroyed. */
  closeGraceMs: number;
  /** On shutdown, how long frames already received may take to finish (their RECEIPTs go out) before the socket closes. */
  shutdownGraceMs: number;
  decoderLimits: Partial<DecoderLimits>;
}

export const DEFAULT_SESSION_SETTINGS: Readonly<SessionSettings> = Object.freeze({
  serverName: "steelcraft-realtime/1.0",
  heartBeatMs: 10_000,
  heartBeatTolerance: 2.5,
  connectTimeoutMs: 10_000,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxQueuedFrames: 32,
  maxSubscriptions: 256,
  maxTransactions: 8,
  maxTransactionFrames: 64,
  revalidateMs: 5 * 60_000,
  closeGraceMs: 2_000,
  shutdownGraceMs: 5_000,
  decoderLimits: {},
});
