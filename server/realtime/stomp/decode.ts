import { CLIENT_COMMAND_SET, type Frame, header, isHandshakeCommand, mayHaveBody } from "./frame.ts";

const NUL = 0x00;
const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;

export type StompErrorCode =
  | "invalid-command"
  | "malformed-header"
  | "invalid-escape"
  | "invalid-content-length"
  | "body-not-allowed"
  | "missing-nul"
  | "command-too-long"
  | "header-line-too-long"
  | "too-many-headers"
  | "headers-too-large"
  | "body-too-large";

/**
 * A violation of the protocol by the peer. Its message is short and safe to
 * send back in an ERROR frame: it never quotes the peer's bytes.
 */
export class StompProtocolError extends Error {
  constructor(
    readonly code: StompErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "StompProtocolError";
  }
}

/** Limits in bytes (line lengths exclude the EOL), checked as bytes arrive so a peer cannot make us buffer more. */
export type DecoderLimits = {
  maxCommandLength: number;
  maxHeaders: number;
  maxHeaderLineLength: number;
  /** Every header line of a frame, EOLs included. */
  maxHeaderBytes: number;
  maxBodyBytes: number;
};

export const DEFAULT_DECODER_LIMITS: Readonly<DecoderLimits> = Object.freeze({
  // The longest command, UNSUBSCRIBE, has 11 characters.
  maxCommandLength: 32,
  maxHeaders: 64,
  maxHeaderLineLength: 8 * 1024,
  maxHeaderBytes: 64 * 1024,
  maxBodyBytes: 1024 * 1024,
});

export type DecoderOptions = Partial<DecoderLimits> & {
  /** Commands the peer may send; anything else is fatal. Defaults to the client commands (we are the server). */
  commands?: ReadonlySet<string>;
};

export type DecodedItem = { type: "frame"; frame: Frame } | { type: "heart-beat" };

const HEART_BEAT_ITEM: DecodedItem = Object.freeze({ type: "heart-beat" });

/** Unescapes a STOMP 1.2 header name or value; any escape but `\r` `\n` `\c` `\\` is fatal, as the spec demands. */
export function unescapeHeaderText(text: string): string {
  let backslash = text.indexOf("\\");
  if (backslash === -1) return text;
  let out = "";
  let from = 0;
  while (backslash !== -1) {
    out += text.slice(from, backslash);
    const escaped = UNESCAPES[text.charAt(backslash + 1)];
    if (escaped === undefined) throw new StompProtocolError("invalid-escape", "Invalid escape sequence in a header");
    out += escaped;
    from = backslash + 2;
    backslash = text.indexOf("\\", from);
  }
  return out + text.slice(from);
}

const UNESCAPES: Record<string, string> = { r: "\r", n: "\n", c: ":", "\\": "\\" };

/**
 * A frame of a STOMP 1.2 session with its header names and values unescaped. The decoder leaves
 * headers as they were on the wire: only the protocol layer knows which version was agreed when a
 * frame is handled (a frame pipelined behind CONNECT arrives before the answer), and 1.0/1.1 text
 * must never be unescaped. CONNECT and STOMP are never escaped. Throws a `StompProtocolError` for
 * an escape the spec does not define.
 */
export function unescapeFrameHeaders(frame: Frame): Frame {
  if (isHandshakeCommand(frame.command)) return frame;
  let changed = false;
  const headers = frame.headers.map(([name, value]): [string, string] => {
    const unescapedName = unescapeHeaderText(name);
    const unescapedValue = unescapeHeaderText(value);
    if (unescapedName !== name || unescapedValue !== value) changed = true;
    return [unescapedName, unescapedValue];
  });
  return changed ? { ...frame, headers } : frame;
}

type State =
  /** Between frames: a LF is a heart-beat, anything else starts a command line. */
  | "idle"
  | "command"
  | "headers"
  /** Body of SEND, MESSAGE or ERROR without content-length: up to the first NUL. */
  | "body-to-nul"
  /** Body of exactly `bodyRemaining` bytes (content-length), then a NUL. */
  | "body-fixed"
  | "nul-after-body"
  /** A frame that may not have a body: the NUL must follow the blank line at once. */
  | "nul-no-body";

/**
 * Incremental STOMP decoder for one connection. Feed it the connection's data
 * in whatever pieces it arrives; it returns the frames and heart-beats that
 * each piece completes. Work is linear in the input: every byte is looked at
 * once, and only an unfinished line or body is copied aside.
 *
 * Header names and values are returned as they were on the wire (never
 * unescaped: see `unescapeFrameHeaders`).
 *
 * The first protocol violation is thrown as a `StompProtocolError`, and every
 * later `push` throws it again: after a framing error the stream cannot be
 * resynchronised, so the connection must be closed. Frames completed earlier
 * in the failing chunk are dropped with it.
 */
export class FrameDecoder {
  private readonly limits: DecoderLimits;
  private readonly commands: ReadonlySet<string>;
  private readonly utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  private readonly encoder = new TextEncoder();

  private state: State = "idle";
  private failure: StompProtocolError | undefined;
  /** The unfinished command or header line, when a line spans chunks. */
  private readonly line: ByteBuffer;
  private readonly body = new ByteBuffer();
  private command = "";
  private headers: [string, string][] = [];
  private headerBytes = 0;
  private bodyRemaining = 0;

  constructor(options: DecoderOptions = {}) {
    const { commands, ...limits } = options;
    this.limits = { ...DEFAULT_DECODER_LIMITS, ...definedOnly(limits) };
    this.commands = commands ?? CLIENT_COMMAND_SET;
    this.line = new ByteBuffer();
  }

  /** Bytes held for the unfinished frame (header lines, the current line, the body so far): what the limits bound. */
  get bufferedBytes(): number {
    return this.headerBytes + this.line.length + this.body.length;
  }

  /**
   * Decodes the next piece of the stream. A string is taken as UTF-8 text;
   * pass bytes when you have them (a string cut inside a surrogate pair
   * would already have lost that character).
   */
  push(chunk: Uint8Array | string): DecodedItem[] {
    if (this.failure) throw this.failure;
    const bytes = typeof chunk === "string" ? this.encoder.encode(chunk) : chunk;
    const out: DecodedItem[] = [];
    try {
      this.consume(bytes, out);
    } catch (error) {
      if (error instanceof StompProtocolError) {
        this.failure = error;
        this.line.release();
        this.body.release();
        this.headers = [];
        this.headerBytes = 0;
      }
      throw error;
    }
    return out;
  }

  private consume(bytes: Uint8Array, out: DecodedItem[]): void {
    let i = 0;
    while (i < bytes.length) {
      switch (this.state) {
        case "idle":
          if (bytes[i] === LF) {
            i++;
            this.heartBeat(out);
          } else {
            this.state = "command";
          }
          break;
        case "command":
        case "headers":
          i = this.readLine(bytes, i, out);
          break;
        case "body-to-nul":
          i = this.readBodyToNul(bytes, i, out);
          break;
        case "body-fixed": {
          const take = Math.min(this.bodyRemaining, bytes.length - i);
          this.body.append(bytes, i, i + take, this.bodyRemaining + this.body.length);
          this.bodyRemaining -= take;
          i += take;
          if (this.bodyRemaining === 0) this.state = "nul-after-body";
          break;
        }
        case "nul-after-body":
        case "nul-no-body":
          if (bytes[i] !== NUL) {
            throw this.state === "nul-after-body"
              ? new StompProtocolError("missing-nul", "Frame body not followed by NUL")
              : new StompProtocolError("body-not-allowed", `A ${this.command} frame cannot have a body`);
          }
          i++;
          this.emitFrame(out);
          break;
      }
    }
  }

  /** Reads (part of) a command or header line starting at `from`; returns where it stopped. */
  private readLine(bytes: Uint8Array, from: number, out: DecodedItem[]): number {
    const isCommand = this.state === "command";
    const maxLength = isCommand ? this.limits.maxCommandLength : this.limits.maxHeaderLineLength;
    const lf = bytes.indexOf(LF, from);
    const end = lf === -1 ? bytes.length : lf;
    // Checked before anything is buffered. The +1 leaves room for the CR of a CRLF.
    const lineLength = this.line.length + (end - from);
    if (lineLength > maxLength + 1) throw this.lineTooLong(isCommand);
    if (!isCommand && this.headerBytes + lineLength > this.limits.maxHeaderBytes) throw this.headersTooLarge();

    if (lf === -1) {
      this.line.append(bytes, from, end, maxLength + 1);
      return bytes.length;
    }
    let line: Uint8Array;
    if (this.line.length === 0) {
      line = bytes.subarray(from, lf);
    } else {
      this.line.append(bytes, from, lf, maxLength + 1);
      line = this.line.view();
    }
    if (line[line.length - 1] === CR) line = line.subarray(0, line.length - 1);
    if (line.length > maxLength) throw this.lineTooLong(isCommand);
    if (isCommand) {
      this.onCommandLine(line, out);
    } else {
      this.headerBytes += lineLength + 1;
      if (this.headerBytes > this.limits.maxHeaderBytes) throw this.headersTooLarge();
      this.onHeaderLine(line);
    }
    this.line.clear();
    return lf + 1;
  }

  private onCommandLine(line: Uint8Array, out: DecodedItem[]): void {
    // A CRLF between frames lands here as an empty command line.
    if (line.length === 0) {
      this.state = "idle";
      this.heartBeat(out);
      return;
    }
    const command = this.decodeText(line, "invalid-command", "Unknown command");
    if (!this.commands.has(command)) throw new StompProtocolError("invalid-command", "Unknown command");
    this.command = command;
    this.state = "headers";
  }

  private onHeaderLine(line: Uint8Array): void {
    if (line.length === 0) {
      this.onHeadersEnd();
      return;
    }
    if (this.headers.length >= this.limits.maxHeaders) {
      throw new StompProtocolError("too-many-headers", `More than ${this.limits.maxHeaders} headers`);
    }
    // A CR is only allowed as part of the line's EOL (already removed); the colon
    // splits at its first occurrence, so a raw colon in a value is tolerated.
    const colon = line.indexOf(COLON);
    if (colon <= 0 || line.indexOf(CR) !== -1)
      throw new StompProtocolError("malformed-header", "Malformed header line");
    const name = this.decodeText(line.subarray(0, colon), "malformed-header", "Header is not valid UTF-8");
    const value = this.decodeText(line.subarray(colon + 1), "malformed-header", "Header is not valid UTF-8");
    this.headers.push([name, value]);
  }

  private onHeadersEnd(): void {
    const contentLength = header({ headers: this.headers }, "content-length");
    if (contentLength === undefined) {
      this.state = mayHaveBody(this.command) ? "body-to-nul" : "nul-no-body";
      return;
    }
    if (!/^[0-9]+$/.test(contentLength)) {
      throw new StompProtocolError("invalid-content-length", "Invalid content-length");
    }
    // Digits only, so Number() is exact up to 2^53 and merely large (or Infinity) beyond: still rejected.
    const length = Number(contentLength);
    if (length > this.limits.maxBodyBytes) throw this.bodyTooLarge();
    if (length > 0 && !mayHaveBody(this.command)) {
      throw new StompProtocolError("body-not-allowed", `A ${this.command} frame cannot have a body`);
    }
    this.bodyRemaining = length;
    this.state = length === 0 ? "nul-after-body" : "body-fixed";
  }

  private readBodyToNul(bytes: Uint8Array, from: number, out: DecodedItem[]): number {
    const nul = bytes.indexOf(NUL, from);
    const end = nul === -1 ? bytes.length : nul;
    if (this.body.length + (end - from) > this.limits.maxBodyBytes) throw this.bodyTooLarge();
    this.body.append(bytes, from, end, this.limits.maxBodyBytes);
    if (nul === -1) return bytes.length;
    this.emitFrame(out);
    return nul + 1;
  }

  private emitFrame(out: DecodedItem[]): void {
    out.push({ type: "frame", frame: { command: this.command, headers: this.headers, body: this.body.take() } });
    this.state = "idle";
    this.command = "";
    this.headers = [];
    this.headerBytes = 0;
    this.bodyRemaining = 0;
  }

  /** Consecutive EOLs in one chunk are reported once: they only prove the peer is alive, and a flood of them must stay cheap. */
  private heartBeat(out: DecodedItem[]): void {
    if (out[out.length - 1] !== HEART_BEAT_ITEM) out.push(HEART_BEAT_ITEM);
  }

  private decodeText(bytes: Uint8Array, code: StompErrorCode, message: string): string {
    try {
      return this.utf8.decode(bytes);
    } catch {
      throw new StompProtocolError(code, message);
    }
  }

  private lineTooLong(isCommand: boolean): StompProtocolError {
    return isCommand
      ? new StompProtocolError("command-too-long", "Command line too long")
      : new StompProtocolError("header-line-too-long", `Header line exceeds ${this.limits.maxHeaderLineLength} bytes`);
  }

  private headersTooLarge(): StompProtocolError {
    return new StompProtocolError("headers-too-large", `Headers exceed ${this.limits.maxHeaderBytes} bytes`);
  }

  private bodyTooLarge(): StompProtocolError {
    return new StompProtocolError("body-too-large", `Body exceeds ${this.limits.maxBodyBytes} bytes`);
  }
}

/**
 * A growable byte array. Capacity doubles (so many small chunks cost linear
 * time, not one allocation each) but never beyond the caller's cap, which is
 * the limit or the declared content-length.
 */
class ByteBuffer {
  private bytes = new Uint8Array(0);
  length = 0;

  append(source: Uint8Array, from: number, to: number, maxCapacity: number): void {
    const needed = this.length + (to - from);
    if (needed > this.bytes.length) {
      const capacity = Math.min(Math.max(needed, this.bytes.length * 2, 256), Math.max(needed, maxCapacity));
      const grown = new Uint8Array(capacity);
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(source.subarray(from, to), this.length);
    this.length = needed;
  }

  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }

  /** Hands the content over as a right-sized array and starts afresh. */
  take(): Uint8Array {
    const result = this.length === this.bytes.length ? this.bytes : this.bytes.slice(0, this.length);
    this.release();
    return result;
  }

  clear(): void {
    this.length = 0;
  }

  release(): void {
    this.bytes = new Uint8Array(0);
    this.length = 0;
  }
}

function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
