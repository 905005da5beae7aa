import { FrameImpl, type IFrame, Parser } from "@stomp/stompjs";
import { describe, expect, it } from "vitest";
import { utf8 } from "../../../test/helpers/stomp.ts";
import { encodeFrame, escapeHeaderText, HEART_BEAT } from "./encode.ts";
import type { Frame } from "./frame.ts";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const on12 = { escapeHeaders: true };

/** Parses bytes the way the browser does: stompjs's own parser, then its header handling for a 1.2 session. */
function parseWithStompjs(wire: Uint8Array): IFrame[] {
  const frames: IFrame[] = [];
  const parser = new Parser(
    (raw) => frames.push(FrameImpl.fromRawFrame(raw, true)),
    () => {},
  );
  parser.parseChunk(wire.slice().buffer);
  return frames;
}

describe("encodeFrame", () => {
  it("writes COMMAND LF headers LF LF body NUL, adding content-length in UTF-8 bytes", () => {
    const body = utf8(JSON.stringify({ content: "hi 😀" }));
    const frame: Frame = {
      command: "MESSAGE",
      headers: [
        ["subscription", "sub-0"],
        ["message-id", "m-1"],
        ["destination", "/topic/group/7"],
        ["content-type", "application/json"],
      ],
      body,
    };
    expect(text(encodeFrame(frame, on12))).toBe(
      "MESSAGE\nsubscription:sub-0\nmessage-id:m-1\ndestination:/topic/group/7\ncontent-type:application/json\n" +
        'content-length:21\n\n{"content":"hi 😀"}\0',
    );
    // 21 bytes, though the string has 19 UTF-16 units: the emoji is 4 bytes of UTF-8.
    expect(JSON.stringify({ content: "hi 😀" })).toHaveLength(19);
  });

  it("writes a frame without a body without content-length", () => {
    const wire = encodeFrame(
      { command: "RECEIPT", headers: [["receipt-id", "close-2"]], body: new Uint8Array(0) },
      on12,
    );
    expect(wire).toEqual(utf8("RECEIPT\nreceipt-id:close-2\n\n\0"));
  });

  it("keeps a content-length already given and bodies with NUL bytes", () => {
    const body = Uint8Array.of(0, 0x41, 0);
    const wire = encodeFrame({ command: "SEND", headers: [["content-length", "3"]], body }, on12);
    expect(Array.from(wire)).toEqual([...utf8("SEND\ncontent-length:3\n\n"), 0, 0x41, 0, 0]);
  });

  it("escapes names and values under 1.2", () => {
    const wire = encodeFrame({ command: "MESSAGE", headers: [["a:b\\", "x\ny\r\\:z"]], body: new Uint8Array(0) }, on12);
    expect(text(wire)).toBe("MESSAGE\na\\cb\\\\:x\\ny\\r\\\\\\cz\n\n\0");
  });

  it("never escapes CONNECTED, even on a 1.2 session", () => {
    const wire = encodeFrame(
      {
        command: "CONNECTED",
        headers: [
          ["version", "1.2"],
          ["heart-beat", "10000,10000"],
          ["server", "steelcraft/1.0 (a:b\\c)"],
        ],
        body: new Uint8Array(0),
      },
      on12,
    );
    expect(text(wire)).toBe("CONNECTED\nversion:1.2\nheart-beat:10000,10000\nserver:steelcraft/1.0 (a:b\\c)\n\n\0");
  });

  it("does not escape on a 1.0 session, and refuses what would then inject a header", () => {
    const message = (headers: [string, string][]): Frame => ({ command: "MESSAGE", headers, body: new Uint8Array(0) });
    expect(text(encodeFrame(message([["destination", "/a:b\\c"]]), { escapeHeaders: false }))).toBe(
      "MESSAGE\ndestination:/a:b\\c\n\n\0",
    );
    expect(() => encodeFrame(message([["destination", "/a\nx-admin:true"]]), { escapeHeaders: false })).toThrow(
      /without escaping/,
    );
    expect(() => encodeFrame(message([["a\rb", "1"]]), { escapeHeaders: false })).toThrow(/without escaping/);
    expect(() => encodeFrame(message([["a:b", "1"]]), { escapeHeaders: false })).toThrow(/without escaping/);
    expect(() =>
      encodeFrame({ command: "CONNECTED", headers: [["server", "x\ny"]], body: new Uint8Array(0) }, on12),
    ).toThrow(/without escaping/);
  });

  it("refuses frames our code must never build", () => {
    const empty = new Uint8Array(0);
    expect(() => encodeFrame({ command: "HELLO", headers: [], body: empty }, on12)).toThrow(/unknown STOMP command/);
    expect(() => encodeFrame({ command: "RECEIPT", headers: [], body: utf8("x") }, on12)).toThrow(/cannot have a body/);
    expect(() => encodeFrame({ command: "SEND", headers: [["content-length", "2"]], body: utf8("x") }, on12)).toThrow(
      /does not match/,
    );
    expect(() => encodeFrame({ command: "MESSAGE", headers: [["", "x"]], body: empty }, on12)).toThrow(/empty name/);
  });

  it("exports the heart-beat as a lone LF", () => {
    expect(HEART_BEAT).toBe("\n");
  });
});

describe("encodeFrame, read by the browser's stompjs parser", () => {
  it("delivers MESSAGE headers and a binary-safe body intact", () => {
    const body = utf8('{"content":"Grüße 👋🏽","ok":true}');
    const wire = encodeFrame(
      {
        command: "MESSAGE",
        headers: [
          ["subscription", "sub-1"],
          ["message-id", "42"],
          ["destination", "/user/alice/queue/private"],
          ["note", "a:b\nc\\d"],
        ],
        body,
      },
      on12,
    );
    const [frame] = parseWithStompjs(wire);
    expect(frame?.command).toBe("MESSAGE");
    expect(frame?.headers).toMatchObject({
      subscription: "sub-1",
      "message-id": "42",
      destination: "/user/alice/queue/private",
      note: "a:b\nc\\d",
      "content-length": String(body.length),
    });
    expect(frame?.binaryBody).toEqual(body);
    expect(frame?.body).toBe('{"content":"Grüße 👋🏽","ok":true}');
  });

  it("delivers CONNECTED and heart-beats", () => {
    const pings: number[] = [];
    const frames: IFrame[] = [];
    const parser = new Parser(
      (raw) => frames.push(FrameImpl.fromRawFrame(raw, false)),
      () => pings.push(1),
    );
    parser.parseChunk(HEART_BEAT);
    const connected = encodeFrame(
      {
        command: "CONNECTED",
        headers: [
          ["version", "1.2"],
          ["heart-beat", "10000,10000"],
        ],
        body: new Uint8Array(0),
      },
      on12,
    );
    parser.parseChunk(connected.slice().buffer);
    parser.parseChunk(HEART_BEAT);
    expect(pings).toHaveLength(2);
    expect(frames.map((frame) => [frame.command, frame.headers])).toEqual([
      ["CONNECTED", { version: "1.2", "heart-beat": "10000,10000" }],
    ]);
  });
});

describe("escapeHeaderText", () => {
  it("escapes exactly backslash, LF, CR and colon", () => {
    expect(escapeHeaderText("plain /topic/x é")).toBe("plain /topic/x é");
    expect(escapeHeaderText("\\\n\r:")).toBe("\\\\\\n\\r\\c");
    expect(escapeHeaderText("\t")).toBe("\t");
  });
});
