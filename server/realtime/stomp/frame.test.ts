import { describe, expect, it } from "vitest";
import {
  ALL_COMMAND_SET,
  CLIENT_COMMAND_SET,
  header,
  isHandshakeCommand,
  mayHaveBody,
  SERVER_COMMAND_SET,
} from "./frame.ts";

describe("header", () => {
  const frame = {
    headers: [
      ["foo", "World"],
      ["Foo", "case"],
      ["foo", "Hello"],
      ["empty", ""],
    ] as [string, string][],
  };

  it("returns the first occurrence of a repeated header", () => {
    expect(header(frame, "foo")).toBe("World");
  });

  it("matches names case-sensitively and tells an empty value from a missing header", () => {
    expect(header(frame, "Foo")).toBe("case");
    expect(header(frame, "FOO")).toBeUndefined();
    expect(header(frame, "empty")).toBe("");
    expect(header(frame, "missing")).toBeUndefined();
  });
});

describe("command sets", () => {
  it("splits the 1.2 commands between client and server", () => {
    expect([...CLIENT_COMMAND_SET].sort()).toEqual([
      "ABORT",
      "ACK",
      "BEGIN",
      "COMMIT",
      "CONNECT",
      "DISCONNECT",
      "NACK",
      "SEND",
      "STOMP",
      "SUBSCRIBE",
      "UNSUBSCRIBE",
    ]);
    expect([...SERVER_COMMAND_SET].sort()).toEqual(["CONNECTED", "ERROR", "MESSAGE", "RECEIPT"]);
    expect(ALL_COMMAND_SET.size).toBe(15);
  });

  it("lets only SEND, MESSAGE and ERROR carry a body", () => {
    expect([...ALL_COMMAND_SET].filter(mayHaveBody).sort()).toEqual(["ERROR", "MESSAGE", "SEND"]);
  });

  it("treats CONNECT, its alias STOMP, and CONNECTED as the never-escaped handshake", () => {
    expect([...ALL_COMMAND_SET].filter(isHandshakeCommand).sort()).toEqual(["CONNECT", "CONNECTED", "STOMP"]);
  });
});
