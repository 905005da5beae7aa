import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { concatBytes, decodeAll, framesOf, splitAt } from "../../../test/helpers/stomp.ts";
import {
  type DecodedItem,
  type DecoderLimits,
  FrameDecoder,
  StompProtocolError,
  unescapeFrameHeaders,
  unescapeHeaderText,
} from "./decode.ts";
import { encodeFrame, escapeHeaderText } from "./encode.ts";
import { ALL_COMMAND_SET, type Frame, isHandshakeCommand, mayHaveBody } from "./frame.ts";

const COMMANDS = [...ALL_COMMAND_SET];

/** Any code point, weighted towards the characters the codec treats specially and multi-byte UTF-8. */
const headerChar = fc.oneof(
  fc.constantFrom(":", "\\", "\r", "\n", "\0", "c", "n", "r", " ", "é", "€", "😀", "\uFEFF"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
);
const headerText = fc.string({ unit: headerChar, maxLength: 20 });

/** What an unescaped frame (CONNECT, CONNECTED, or any frame of a 1.0 session) can carry. */
const rawName = headerText.filter((name) => name !== "" && !/[\r\n:]/.test(name));
const rawValue = headerText.filter((value) => !/[\r\n]/.test(value));

/** Frames our encoder accepts, the way it accepts them on a 1.2 session (escaping on) or a 1.0 one (off). */
function frameArb(escaped: boolean): fc.Arbitrary<Frame> {
  return fc.constantFrom(...COMMANDS).chain((command) => {
    const raw = !escaped || isHandshakeCommand(command);
    const name = (raw ? rawName : headerText.filter((text) => text !== "")).filter((n) => n !== "content-length");
    const value = raw ? rawValue : headerText;
    return fc.record({
      command: fc.constant(command),
      headers: fc.array(fc.tuple(name, value), { maxLength: 6 }),
      body: mayHaveBody(command) ? fc.uint8Array({ maxLength: 300 }) : fc.constant(new Uint8Array(0)),
    });
  });
}

/** The frame as it reads after the trip: the encoder appends content-length to a non-empty body. */
function expectedAfterTrip(frame: Frame): Frame {
  const headers = [...frame.headers];
  if (frame.body.length > 0) headers.push(["content-length", String(frame.body.length)]);
  return { ...frame, headers };
}

const heartBeats = fc.constantFrom("", "", "\n", "\r\n", "\n\n\r\n");

/** Several frames with heart-beats around them, encoded into one stream. */
const streamArb = fc
  .tuple(fc.array(fc.tuple(heartBeats, frameArb(true)), { minLength: 1, maxLength: 5 }), heartBeats)
  .map(([parts, trailing]) => {
    const encoder = new TextEncoder();
    const wire = concatBytes([
      ...parts.flatMap(([beats, frame]) => [encoder.encode(beats), encodeFrame(frame, { escapeHeaders: true })]),
      encoder.encode(trailing),
    ]);
    const hasHeartBeat = parts.some(([beats]) => beats !== "") || trailing !== "";
    return { frames: parts.map(([, frame]) => expectedAfterTrip(frame)), wire, hasHeartBeat };
  });

const anyCommands = { commands: ALL_COMMAND_SET };

/** What the protocol layer of a 1.2 session makes of a decoded item. */
const unescaped = (item: DecodedItem): DecodedItem =>
  item.type === "frame" ? { type: "frame", frame: unescapeFrameHeaders(item.frame) } : item;

describe("codec properties", () => {
  it("round-trips any valid frame through encode and decode (1.2 escaping)", () => {
    fc.assert(
      fc.property(frameArb(true), (frame) => {
        const decoder = new FrameDecoder(anyCommands);
        const items = decoder.push(encodeFrame(frame, { escapeHeaders: true }));
        expect(items.map(unescaped)).toEqual([{ type: "frame", frame: expectedAfterTrip(frame) }]);
        expect(decoder.bufferedBytes).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it("round-trips any valid frame of a 1.0 session (no escaping either way)", () => {
    fc.assert(
      fc.property(frameArb(false), (frame) => {
        const decoder = new FrameDecoder(anyCommands);
        const items = decoder.push(encodeFrame(frame, { escapeHeaders: false }));
        expect(items).toEqual([{ type: "frame", frame: expectedAfterTrip(frame) }]);
      }),
      { numRuns: 300 },
    );
  });

  it("decodes the same frames however a stream of several frames is cut", () => {
    fc.assert(
      fc.property(streamArb, fc.array(fc.nat(), { maxLength: 30 }), ({ frames, wire, hasHeartBeat }, cuts) => {
        const chunks = splitAt(
          wire,
          cuts.map((cut) => cut % (wire.length + 1)),
        );
        const items = decodeAll(new FrameDecoder(anyCommands), chunks);
        expect(framesOf(items).map(unescapeFrameHeaders)).toEqual(frames);
        expect(items.some((item) => item.type === "heart-beat")).toBe(hasHeartBeat);
      }),
      { numRuns: 300 },
    );
  });

  it("decodes the same frames when the stream arrives one byte at a time", () => {
    fc.assert(
      fc.property(streamArb, ({ frames, wire }) => {
        const decoder = new FrameDecoder(anyCommands);
        const items = decodeAll(
          decoder,
          Array.from(wire, (_, i) => wire.subarray(i, i + 1)),
        );
        expect(framesOf(items).map(unescapeFrameHeaders)).toEqual(frames);
        expect(decoder.bufferedBytes).toBe(0);
      }),
      { numRuns: 100 },
    );
  });

  it("round-trips any header text through escaping, and escaped text holds no CR, LF or colon", () => {
    fc.assert(
      fc.property(headerText, (text) => {
        const escaped = escapeHeaderText(text);
        expect(escaped).not.toMatch(/[\r\n:]/);
        expect(unescapeHeaderText(escaped)).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });

  it("unescapes any text or fails with a StompProtocolError", () => {
    fc.assert(
      fc.property(headerText, (text) => {
        try {
          unescapeHeaderText(text);
        } catch (error) {
          expect(error).toBeInstanceOf(StompProtocolError);
        }
      }),
    );
  });
});

describe("hostile input", () => {
  const limits: DecoderLimits = {
    maxCommandLength: 16,
    maxHeaders: 4,
    maxHeaderLineLength: 40,
    maxHeaderBytes: 100,
    maxBodyBytes: 200,
  };
  // The most one unfinished frame may hold: its headers plus its body.
  const maxHeld = limits.maxHeaderBytes + limits.maxBodyBytes;

  /** Random bytes, and valid streams with bytes flipped, cut short or spliced in, to reach deeper states. */
  const hostileBytes = fc.oneof(
    fc.uint8Array({ maxLength: 600 }),
    fc.uint8Array({ maxLength: 600 }).map((bytes) => bytes.map((byte) => [0, 10, 13, 58, 92, 65][byte % 6]!)),
    fc
      .tuple(streamArb, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }), fc.nat())
      .map(([{ wire }, flips, keep]) => {
        const bytes = wire.slice(0, (keep % wire.length) + 1);
        for (const [at, byte] of flips) bytes[at % bytes.length] = byte;
        return bytes;
      }),
  );

  it("never throws anything but a StompProtocolError, never buffers past the limits, and stays failed", () => {
    fc.assert(
      fc.property(hostileBytes, fc.array(fc.nat(), { maxLength: 20 }), (bytes, cuts) => {
        const decoder = new FrameDecoder({ ...limits, ...anyCommands });
        let failure: unknown;
        for (const chunk of splitAt(
          bytes,
          cuts.map((cut) => cut % (bytes.length + 1)),
        )) {
          try {
            decoder.push(chunk);
          } catch (error) {
            failure = error;
            break;
          }
          expect(decoder.bufferedBytes).toBeLessThanOrEqual(maxHeld);
        }
        if (failure !== undefined) {
          expect(failure).toBeInstanceOf(StompProtocolError);
          let again: unknown;
          try {
            decoder.push("\n");
          } catch (error) {
            again = error;
          }
          expect(again).toBe(failure);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("decodes strings with lone surrogates or any code point without crashing", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("\n", "\r", "\0", ":", "\\", "\uD800", "\uDC00", "A") }),
        (text) => {
          const decoder = new FrameDecoder();
          try {
            decoder.push(text);
          } catch (error) {
            expect(error).toBeInstanceOf(StompProtocolError);
          }
        },
      ),
    );
  });
});
