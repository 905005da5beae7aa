/**
 * The STOMP frame model shared by the encoder and the decoder.
 * https://stomp.github.io/stomp-specification-1.2.html
 */

/**
 * One STOMP frame. Headers keep their wire order and their repetitions
 * (the spec says the first occurrence of a repeated header wins, and a
 * relay must not lose the others); the body is raw bytes, never text.
 */
export type Frame = {
  command: string;
  headers: [string, string][];
  body: Uint8Array;
};

export const CLIENT_COMMANDS = [
  "CONNECT",
  "STOMP",
  "SEND",
  "SUBSCRIBE",
  "UNSUBSCRIBE",
  "ACK",
  "NACK",
  "BEGIN",
  "COMMIT",
  "ABORT",
  "DISCONNECT",
] as const;
export const SERVER_COMMANDS = ["CONNECTED", "MESSAGE", "RECEIPT", "ERROR"] as const;

export type ClientCommand = (typeof CLIENT_COMMANDS)[number];
export type ServerCommand = (typeof SERVER_COMMANDS)[number];
export type Command = ClientCommand | ServerCommand;

export const CLIENT_COMMAND_SET: ReadonlySet<string> = new Set(CLIENT_COMMANDS);
export const SERVER_COMMAND_SET: ReadonlySet<string> = new Set(SERVER_COMMANDS);
export const ALL_COMMAND_SET: ReadonlySet<string> = new Set([...CLIENT_COMMANDS, ...SERVER_COMMANDS]);

/** "Only the SEND, MESSAGE, and ERROR frames MAY have a body." */
const BODY_COMMANDS: ReadonlySet<string> = new Set(["SEND", "MESSAGE", "ERROR"]);

export function mayHaveBody(command: string): boolean {
  return BODY_COMMANDS.has(command);
}

/**
 * The CONNECT (alias STOMP) and CONNECTED frames are never escaped, whatever
 * the version: they are exchanged before a version is agreed, and 1.0 peers
 * do not know escapes.
 */
export function isHandshakeCommand(command: string): boolean {
  return command === "CONNECT" || command === "STOMP" || command === "CONNECTED";
}

/** The value of the first header called `name` (names are case-sensitive), as the spec requires for repeats. */
export function header(frame: Pick<Frame, "headers">, name: string): string | undefined {
  for (const [key, value] of frame.headers) {
    if (key === name) return value;
  }
  return undefined;
}
