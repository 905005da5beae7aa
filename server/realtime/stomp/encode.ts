import { ALL_COMMAND_SET, type Frame, header, isHandshakeCommand, mayHaveBody } from "./frame.ts";

/** A heart-beat is a bare EOL between frames. */
export const HEART_BEAT = "\n";

export type EncodeOptions = {
  /** STOMP 1.2 header escaping. Off for 1.0 sessions (and for 1.1 with stompjs, which escapes only under 1.2). */
  escapeHeaders: boolean;
};

const utf8 = new TextEncoder();

/** Escapes a header name or value the STOMP 1.2 way: `\` `LF` `CR` `:` become `\\` `\n` `\r` `\c`. */
export function escapeHeaderText(text: string): string {
  // Fast path: almost every header our server writes has nothing to escape.
  if (!/[\\\n\r:]/.test(text)) return text;
  return text.replace(/[\\\n\r:]/g, (char) => ESCAPES[char]!);
}

const ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", ":": "\\c" };

/**
 * Serializes a frame: COMMAND LF (name:value LF)* LF body NUL.
 * Adds `content-length` (in bytes) to a frame with a body unless given, so a
 * body may hold NUL bytes.
 *
 * Throws a plain Error, not a protocol error, for frames our own code must
 * never build: an unknown command, a body on a frame that may not have one,
 * a wrong `content-length`, or an unescaped header (CONNECTED, 1.0 sessions)
 * holding a line break or a colon in its name, which would inject headers.
 */
export function encodeFrame(frame: Frame, options: EncodeOptions): Uint8Array {
  const { command, headers, body } = frame;
  if (!ALL_COMMAND_SET.has(command)) throw new Error(`Cannot encode unknown STOMP command ${JSON.stringify(command)}`);
  if (body.length > 0 && !mayHaveBody(command)) throw new Error(`A STOMP ${command} frame cannot have a body`);

  const escaped = options.escapeHeaders && !isHandshakeCommand(command);
  let head = `${command}\n`;
  for (const [name, value] of headers) {
    if (name === "") throw new Error("Cannot encode a STOMP header with an empty name");
    if (escaped) {
      head += `${escapeHeaderText(name)}:${escapeHeaderText(value)}\n`;
    } else {
      if (/[\n\r:]/.test(name) || /[\n\r]/.test(value)) {
        throw new Error(`Cannot encode STOMP header ${JSON.stringify(name)} without escaping`);
      }
      head += `${name}:${value}\n`;
    }
  }

  const declaredLength = header(frame, "content-length");
  if (declaredLength === undefined) {
    if (body.length > 0) head += `content-length:${body.length}\n`;
  } else if (declaredLength !== String(body.length)) {
    throw new Error(`STOMP content-length ${JSON.stringify(declaredLength)} does not match a ${body.length}-byte body`);
  }
  head += "\n";

  const headBytes = utf8.encode(head);
  const out = new Uint8Array(headBytes.length + body.length + 1);
  out.set(headBytes, 0);
  out.set(body, headBytes.length);
  // The last byte stays 0: the NUL that ends the frame.
  return out;
}
