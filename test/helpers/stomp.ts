// Helpers for the STOMP codec's tests.
import { type DecodedItem, type FrameDecoder, StompProtocolError } from "../../server/realtime/stomp/decode.ts";
import type { Frame } from "../../server/realtime/stomp/frame.ts";

const encoder = new TextEncoder();

export const utf8 = (text: string): Uint8Array => encoder.encode(text);

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function framesOf(items: DecodedItem[]): Frame[] {
  return items.flatMap((item) => (item.type === "frame" ? [item.frame] : []));
}

/** Pushes each chunk in turn and returns everything decoded. */
export function decodeAll(decoder: FrameDecoder, chunks: (Uint8Array | string)[]): DecodedItem[] {
  return chunks.flatMap((chunk) => decoder.push(chunk));
}

/** The StompProtocolError that `run` throws; fails the test if it throws nothing or something else. */
export function protocolError(run: () => unknown): StompProtocolError {
  try {
    run();
  } catch (error) {
    if (error instanceof StompProtocolError) return error;
    throw new Error(`expected a StompProtocolError, got ${String(error)}`);
  }
  throw new Error("expected a StompProtocolError, nothing was thrown");
}

/** Cuts `bytes` at the given offsets (any order, out-of-range and repeated ones ignored). */
export function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.filter((cut) => cut > 0 && cut < bytes.length))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(from, point));
    from = point;
  }
  return chunks;
}
