import { FrameImpl } from "@stomp/stompjs";
import { describe, expect, it } from "vitest";
import { concatBytes, decodeAll, framesOf, protocolError, utf8 } from "../../../test/helpers/stomp.ts";
import { FrameDecoder, StompProtocolError, unescapeFrameHeaders, unescapeHeaderText } from "./decode.ts";
import { ALL_COMMAND_SET, header } from "./frame.ts";

/** Decodes a stream that must hold exactly one frame. */
function decodeOne(stream: string | Uint8Array, decoder = new FrameDecoder({ commands: ALL_COMMAND_SET })) {
  const frames = framesOf(decoder.push(stream));
  expect(frames).toHaveLength(1);
  return frames[0]!;
}

/** What stompjs 7 puts on the wire for a frame (it escapes header values only once 1.2 is agreed). */
function stompjsWire(params: ConstructorParameters<typeof FrameImpl>[0]): Uint8Array {
  const wire = new FrameImpl(params).serialize();
  return typeof wire === "string" ? utf8(wire) : new Uint8Array(wire);
}

describe("FrameDecoder: what stompjs sends", () => {
  it("decodes the CONNECT frame with its headers in order and an empty body", () => {
    const wire = stompjsWire({
      command: "CONNECT",
      headers: {
        "accept-version": "1.2,1.1,1.0",
        "heart-beat": "10000,10000",
        Authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl",
        username: "alice",
      },
    });
    expect(new TextDecoder().decode(wire)).toBe(
      "CONNECT\naccept-version:1.2,1.1,1.0\nheart-beat:10000,10000\n" +
        "Authorization:Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl\nusername:alice\n\n\0",
    );
    const frame = decodeOne(wire, new FrameDecoder());
    expect(frame).toEqual({
      command: "CONNECT",
      headers: [
        ["accept-version", "1.2,1.1,1.0"],
        ["heart-beat", "10000,10000"],
        ["Authorization", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJl"],
        ["username", "alice"],
      ],
      body: new Uint8Array(0),
    });
  });

  it("never unescapes CONNECT or STOMP headers, so a backslash or colon there is taken literally", () => {
    for (const command of ["CONNECT", "STOMP"]) {
      const frame = decodeOne(`${command}\nlogin:dom\\tain\\user\npasscode:a:b\\c\n\n\0`, new FrameDecoder());
      expect(frame.headers).toEqual([
        ["login", "dom\\tain\\user"],
        ["passcode", "a:b\\c"],
      ]);
    }
  });

  it("decodes a SEND whose JSON body has emoji, using content-length in UTF-8 bytes", () => {
    const json = JSON.stringify({ to: "bob", content: "Привет 👋🏽 — ok 🎉" });
    const wire = stompjsWire({
      command: "SEND",
      headers: { destination: "/app/chat.private", "content-type": "application/json" },
      body: json,
      escapeHeaderValues: true,
    });
    const frame = decodeOne(wire, new FrameDecoder());
    expect(frame.command).toBe("SEND");
    expect(frame.headers).toEqual([
      ["destination", "/app/chat.private"],
      ["content-type", "application/json"],
      ["content-length", String(utf8(json).length)],
    ]);
    expect(utf8(json).length).toBeGreaterThan(json.length);
    expect(frame.body).toEqual(utf8(json));
    expect(JSON.parse(new TextDecoder().decode(frame.body))).toEqual(JSON.parse(json));
  });

  it("decodes a SEND without content-length (stompjs skipContentLengthHeader): the body ends at the first NUL", () => {
    const wire = stompjsWire({
      command: "SEND",
      headers: { destination: "/app/chat.group" },
      body: '{"text":"héllo"}',
      skipContentLengthHeader: true,
    });
    const frame = decodeOne(wire, new FrameDecoder());
    expect(frame.headers).toEqual([["destination", "/app/chat.group"]]);
    expect(new TextDecoder().decode(frame.body)).toBe('{"text":"héllo"}');
  });

  it("returns the header values stompjs escapes under 1.2 as they were; unescapeFrameHeaders restores them", () => {
    const wire = stompjsWire({
      command: "SEND",
      headers: { destination: "/queue/a:b", note: "back\\slash\nline\rreturn" },
      body: "x",
      escapeHeaderValues: true,
    });
    expect(new TextDecoder().decode(wire)).toContain("destination:/queue/a\\cb\nnote:back\\\\slash\\nline\\rreturn\n");
    const raw = decodeOne(wire, new FrameDecoder());
    expect(header(raw, "destination")).toBe("/queue/a\\cb");
    const frame = unescapeFrameHeaders(raw);
    expect(header(frame, "destination")).toBe("/queue/a:b");
    expect(header(frame, "note")).toBe("back\\slash\nline\rreturn");
  });

  it("decodes SUBSCRIBE, UNSUBSCRIBE, ACK and DISCONNECT with receipt", () => {
    const decoder = new FrameDecoder();
    const frames = framesOf(
      decoder.push(
        "SUBSCRIBE\nid:sub-0\ndestination:/user/queue/private\nack:client-individual\n\n\0" +
          "ACK\nid:msg-1\n\n\0" +
          "UNSUBSCRIBE\nid:sub-0\n\n\0" +
          "DISCONNECT\nreceipt:close-2\n\n\0",
      ),
    );
    expect(frames.map((frame) => [frame.command, frame.headers, frame.body.length])).toEqual([
      [
        "SUBSCRIBE",
        [
          ["id", "sub-0"],
          ["destination", "/user/queue/private"],
          ["ack", "client-individual"],
        ],
        0,
      ],
      ["ACK", [["id", "msg-1"]], 0],
      ["UNSUBSCRIBE", [["id", "sub-0"]], 0],
      ["DISCONNECT", [["receipt", "close-2"]], 0],
    ]);
  });
});

describe("FrameDecoder: the specification's examples and rules", () => {
  it("keeps the EOL before the NUL as part of the body (spec SEND example)", () => {
    const frame = decodeOne("SEND\ndestination:/queue/a\ncontent-type:text/plain\n\nhello queue a\n\0");
    expect(new TextDecoder().decode(frame.body)).toBe("hello queue a\n");
  });

  it("decodes server frames when asked to (MESSAGE, RECEIPT, ERROR, CONNECTED)", () => {
    const decoder = new FrameDecoder({ commands: ALL_COMMAND_SET });
    const frames = framesOf(
      decoder.push(
        "CONNECTED\nversion:1.2\nheart-beat:0,0\n\n\0" +
          "MESSAGE\nsubscription:0\nmessage-id:007\ndestination:/queue/a\ncontent-type:text/plain\n\nhello queue a\0" +
          "RECEIPT\nreceipt-id:message-12345\n\n\0" +
          "ERROR\nreceipt-id:message-12345\ncontent-type:text/plain\ncontent-length:12\nmessage:malformed frame received\n\nThe message:\0",
      ),
    );
    expect(frames.map((frame) => frame.command)).toEqual(["CONNECTED", "MESSAGE", "RECEIPT", "ERROR"]);
    expect(header(frames[3]!, "message")).toBe("malformed frame received");
    expect(new TextDecoder().decode(frames[3]!.body)).toBe("The message:");
  });

  it("reads exactly content-length bytes, NULs included, then requires the NUL", () => {
    const body = Uint8Array.of(0, 1, 0, 0, 255, 0);
    const wire = concatBytes([utf8(`SEND\ndestination:/a\ncontent-length:${body.length}\n\n`), body, Uint8Array.of(0)]);
    expect(decodeOne(wire).body).toEqual(body);

    const error = protocolError(() => new FrameDecoder().push("SEND\ncontent-length:2\n\nabc\0"));
    expect(error.code).toBe("missing-nul");
  });

  it("accepts content-length:0 on any frame and leading zeros in content-length", () => {
    expect(decodeOne("SUBSCRIBE\nid:1\ndestination:/a\ncontent-length:0\n\n\0").body).toEqual(new Uint8Array(0));
    expect(decodeOne("SEND\ndestination:/a\ncontent-length:003\n\nabc\0").body).toEqual(utf8("abc"));
  });

  it("unescapes each 1.2 sequence in names and values (unescapeFrameHeaders)", () => {
    const frame = unescapeFrameHeaders(decodeOne("SEND\na\\cb\\\\c:\\r|\\n|\\c|\\\\|\\\\n\n\n\0"));
    expect(frame.headers).toEqual([["a:b\\c", "\r|\n|:|\\|\\n"]]);
  });

  it("keeps the first of repeated headers for lookup and every repetition in order", () => {
    const frame = decodeOne("MESSAGE\nfoo:World\nfoo:Hello\ndestination:/a\n\n\0");
    expect(header(frame, "foo")).toBe("World");
    expect(frame.headers).toEqual([
      ["foo", "World"],
      ["foo", "Hello"],
      ["destination", "/a"],
    ]);
  });

  it("uses the first content-length when it is repeated", () => {
    expect(decodeOne("SEND\ncontent-length:1\ncontent-length:5\n\nx\0").body).toEqual(utf8("x"));
  });

  it("accepts CRLF line endings on the command and header lines", () => {
    const frame = decodeOne("SEND\r\ndestination:/queue/a\r\ncontent-type:text/plain\r\n\r\nhi\r\n\0");
    expect(frame.headers).toEqual([
      ["destination", "/queue/a"],
      ["content-type", "text/plain"],
    ]);
    expect(new TextDecoder().decode(frame.body)).toBe("hi\r\n");
  });

  it("never trims header names or values, and allows empty values and raw colons in values", () => {
    const frame = decodeOne("SEND\n destination : /queue/a \nempty:\nurl:http://x:80/\n\n\0");
    expect(frame.headers).toEqual([
      [" destination ", " /queue/a "],
      ["empty", ""],
      ["url", "http://x:80/"],
    ]);
  });

  it("reports EOLs between frames as heart-beats, in order, one per run", () => {
    const decoder = new FrameDecoder();
    const items = decoder.push("\n\r\nACK\nid:1\n\n\0\n\nNACK\nid:2\n\n\0\r\n");
    expect(items.map((item) => (item.type === "frame" ? item.frame.command : item.type))).toEqual([
      "heart-beat",
      "ACK",
      "heart-beat",
      "NACK",
      "heart-beat",
    ]);
    expect(decoder.push("\n")).toEqual([{ type: "heart-beat" }]);
    expect(decoder.bufferedBytes).toBe(0);
  });

  it("recognises a CRLF heart-beat split between two chunks", () => {
    const decoder = new FrameDecoder();
    expect(decoder.push("\r")).toEqual([]);
    expect(decoder.push("\n")).toEqual([{ type: "heart-beat" }]);
    expect(framesOf(decoder.push("ACK\nid:1\n\n\0"))).toHaveLength(1);
  });

  it("never unescapes: a frame sent before any version is agreed keeps its backslashes", () => {
    // A receipt of "a\\nb" before CONNECT once became a raw newline that the encoder refused (a crash).
    const frame = decodeOne("SUBSCRIBE\nid:0\ndestination:/a\nreceipt:a\\nb\n\n\0");
    expect(header(frame, "receipt")).toBe("a\\nb");
  });

  it("unescapeFrameHeaders leaves CONNECT and STOMP alone and refuses undefined escapes", () => {
    const connect = decodeOne("CONNECT\nlogin:a\\tb\n\n\0");
    expect(unescapeFrameHeaders(connect)).toBe(connect);
    expect(() => unescapeFrameHeaders(decodeOne("SEND\ndestination:/a\\tb\n\n\0"))).toThrow(StompProtocolError);
  });
});

describe("FrameDecoder: streaming", () => {
  it("decodes a frame delivered one byte per chunk, including inside UTF-8 characters", () => {
    const wire = utf8("SEND\ndestination:/topic/é😀\n\nbody ✓ 😀\0");
    const decoder = new FrameDecoder();
    const items = decodeAll(
      decoder,
      Array.from(wire, (_, i) => wire.subarray(i, i + 1)),
    );
    const [frame] = framesOf(items);
    expect(header(frame!, "destination")).toBe("/topic/é😀");
    expect(new TextDecoder().decode(frame!.body)).toBe("body ✓ 😀");
  });

  it("decodes the same frames whatever single cut point splits a stream", () => {
    const wire = utf8("\nSEND\r\nx-é:😀\r\ncontent-length:5\r\n\r\n\0é\0\0\0\nSEND\ndestination:/ü\n\nbody😀\0\r\n");
    const expected = framesOf(new FrameDecoder().push(wire));
    expect(expected).toHaveLength(2);
    for (let cut = 0; cut <= wire.length; cut++) {
      const decoder = new FrameDecoder();
      const frames = framesOf(decodeAll(decoder, [wire.subarray(0, cut), wire.subarray(cut)]));
      expect(frames, `cut at ${cut}`).toEqual(expected);
    }
  });

  it("accepts Node Buffers and strings, and returns bodies that do not alias the input", () => {
    const chunk = Buffer.from("SEND\ndestination:/a\n\nabc\0");
    const frame = decodeOne(chunk);
    chunk.fill(0);
    expect(frame.body).toEqual(utf8("abc"));
    expect(Buffer.isBuffer(frame.body)).toBe(false);
    expect(decodeOne("SEND\ndestination:/a\n\nabc\0").body).toEqual(utf8("abc"));
  });

  it("decodes a 1 MiB body fed one byte at a time in linear time", () => {
    const body = new Uint8Array(1024 * 1024).fill(0x61);
    const wire = concatBytes([utf8("SEND\ndestination:/a\n\n"), body, Uint8Array.of(0)]);
    const decoder = new FrameDecoder();
    let frames = 0;
    const started = performance.now();
    for (let i = 0; i < wire.length; i++) frames += framesOf(decoder.push(wire.subarray(i, i + 1))).length;
    expect(frames).toBe(1);
    // Quadratic re-scanning would need ~10^12 steps here; linear decoding takes well under a second.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe("FrameDecoder: protocol errors", () => {
  it.each([
    ["an unknown command", "FOO\n\n\0", "invalid-command"],
    ["a lower-case command", "send\n\n\0", "invalid-command"],
    ["a server command from a client", "MESSAGE\ndestination:/a\n\n\0", "invalid-command"],
    ["a NUL before a command", "\0ACK\nid:1\n\n\0", "invalid-command"],
    ["a lone CR between frames", "\rACK\nid:1\n\n\0", "invalid-command"],
    ["a header line without a colon", "SEND\nnocolon\n\n\0", "malformed-header"],
    ["a header with an empty name", "SEND\n:value\n\n\0", "malformed-header"],
    ["a bare CR inside a header line", "SEND\na:b\rc\n\n\0", "malformed-header"],
    ['content-length "abc"', "SEND\ncontent-length:abc\n\n\0", "invalid-content-length"],
    ['content-length "-1"', "SEND\ncontent-length:-1\n\n\0", "invalid-content-length"],
    ['content-length ""', "SEND\ncontent-length:\n\n\0", "invalid-content-length"],
    ['content-length "+1"', "SEND\ncontent-length:+1\n\nx\0", "invalid-content-length"],
    ['content-length " 1"', "SEND\ncontent-length: 1\n\nx\0", "invalid-content-length"],
    ['content-length "1.0"', "SEND\ncontent-length:1.0\n\nx\0", "invalid-content-length"],
    ['content-length "99999999999"', "SEND\ncontent-length:99999999999\n\n", "body-too-large"],
    ["a body on SUBSCRIBE", "SUBSCRIBE\nid:0\ndestination:/a\n\nhello\0", "body-not-allowed"],
    ["a content-length on SUBSCRIBE", "SUBSCRIBE\nid:0\ndestination:/a\ncontent-length:5\n\n", "body-not-allowed"],
    ["a body on DISCONNECT", "DISCONNECT\nreceipt:1\n\n\n\0", "body-not-allowed"],
    ["bytes after content-length instead of the NUL", "SEND\ncontent-length:1\n\nxy\0", "missing-nul"],
  ])("rejects %s", (_, input, code) => {
    const error = protocolError(() => new FrameDecoder().push(input));
    expect(error).toBeInstanceOf(StompProtocolError);
    expect(error.name).toBe("StompProtocolError");
    expect(error.code).toBe(code);
    // Safe to send back in an ERROR frame: short, one line, never an echo of the peer's input.
    expect(error.message.length).toBeLessThan(60);
    expect(error.message).not.toMatch(/[\n\r\0]|FOO|nocolon|abc|\\t/);
  });

  it.each([
    ["the undefined escape \\t", "SEND\ndestination:/a\\tb\n\n\0"],
    ["an escape in a header name", "SEND\nd\\x:1\n\n\0"],
    ["a trailing lone backslash", "SEND\ndestination:/a\\\n\n\0"],
  ])("unescapeFrameHeaders rejects %s", (_, input) => {
    const frame = decodeOne(input);
    const error = protocolError(() => unescapeFrameHeaders(frame));
    expect(error.code).toBe("invalid-escape");
    expect(error.message).not.toMatch(/[\n\r\0]|\\t/);
  });

  it("rejects invalid UTF-8 in a command or header", () => {
    expect(protocolError(() => new FrameDecoder().push(Uint8Array.of(0xc3, 0x0a, 0x0a, 0x00))).code).toBe(
      "invalid-command",
    );
    const wire = concatBytes([utf8("SEND\nx:"), Uint8Array.of(0xff, 0xfe), utf8("\n\n\0")]);
    expect(protocolError(() => new FrameDecoder().push(wire)).code).toBe("malformed-header");
  });

  it("detects an error as soon as the offending byte arrives, not at the end of the frame", () => {
    const decoder = new FrameDecoder();
    decoder.push("SUBSCRIBE\nid:0\n\n");
    expect(protocolError(() => decoder.push("h")).code).toBe("body-not-allowed");
  });

  it("stays failed: every later push throws the same error, even for valid input", () => {
    const decoder = new FrameDecoder();
    expect(framesOf(decoder.push("ACK\nid:1\n\n\0"))).toHaveLength(1);
    const error = protocolError(() => decoder.push("BOGUS\n"));
    expect(protocolError(() => decoder.push("ACK\nid:2\n\n\0"))).toBe(error);
    expect(protocolError(() => decoder.push(""))).toBe(error);
    expect(decoder.bufferedBytes).toBe(0);
  });
});

describe("FrameDecoder: limits hold while streaming", () => {
  /** Pushes `prefix`, then `filler` until the decoder fails; returns the error and the most it ever buffered. */
  function flood(decoder: FrameDecoder, prefix: string, filler: Uint8Array, maxPushes = 10_000) {
    decoder.push(prefix);
    let maxBuffered = decoder.bufferedBytes;
    for (let i = 0; i < maxPushes; i++) {
      try {
        decoder.push(filler);
      } catch (error) {
        if (!(error instanceof StompProtocolError)) throw error;
        return { error, maxBuffered, pushed: i + 1 };
      }
      maxBuffered = Math.max(maxBuffered, decoder.bufferedBytes);
    }
    throw new Error("the decoder never failed");
  }

  it("stops a command line that never ends", () => {
    const { error, maxBuffered } = flood(new FrameDecoder(), "", utf8("A"));
    expect(error.code).toBe("command-too-long");
    expect(maxBuffered).toBeLessThanOrEqual(33);
  });

  it("stops an oversized header line before buffering past the line limit", () => {
    const { error, maxBuffered, pushed } = flood(new FrameDecoder(), "SEND\nx:", new Uint8Array(1000).fill(0x61));
    expect(error.code).toBe("header-line-too-long");
    expect(maxBuffered).toBeLessThanOrEqual(8 * 1024 + 1);
    expect(pushed).toBe(9);
  });

  it("accepts a header line of exactly the limit, with or without CR", () => {
    // "id" + 97 × "v" + ":" is exactly 100 bytes.
    const value = "v".repeat(97);
    const decoder = new FrameDecoder({ maxHeaderLineLength: 100 });
    expect(framesOf(decoder.push(`ACK\nid${value}:\r\n\n\0`))).toHaveLength(1);
    expect(protocolError(() => decoder.push(`ACK\nid${value}:x\n\n\0`)).code).toBe("header-line-too-long");
  });

  it("stops too many headers at the first one past the count", () => {
    const decoder = new FrameDecoder();
    expect(framesOf(decoder.push(`ACK\n${"h:1\n".repeat(64)}\n\0`))).toHaveLength(1);
    const { error, maxBuffered } = flood(decoder, "ACK\n", utf8("h:1\n"));
    expect(error.code).toBe("too-many-headers");
    expect(maxBuffered).toBeLessThanOrEqual(64 * 4);
  });

  it("stops headers whose total size passes the limit, each line being under it", () => {
    const line = utf8(`h:${"v".repeat(4000)}\n`);
    const { error, maxBuffered } = flood(new FrameDecoder(), "SEND\n", line);
    expect(error.code).toBe("headers-too-large");
    expect(maxBuffered).toBeLessThanOrEqual(64 * 1024);
  });

  it("stops a NUL-terminated body at the body limit", () => {
    const { error, maxBuffered, pushed } = flood(
      new FrameDecoder(),
      "SEND\ndestination:/a\n\n",
      new Uint8Array(65536).fill(1),
    );
    expect(error.code).toBe("body-too-large");
    expect(maxBuffered).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024);
    expect(pushed).toBe(17);
  });

  it("refuses a content-length above the body limit before reading any of the body", () => {
    const decoder = new FrameDecoder({ maxBodyBytes: 10 });
    expect(framesOf(decoder.push("SEND\ncontent-length:10\n\n0123456789\0"))).toHaveLength(1);
    expect(protocolError(() => decoder.push("SEND\ncontent-length:11\n\n")).code).toBe("body-too-large");
  });

  it("holds only the bytes received of a declared body, not the declared size", () => {
    const decoder = new FrameDecoder();
    decoder.push("SEND\ncontent-length:1000000\n\n0123456789");
    expect(decoder.bufferedBytes).toBeLessThan(100);
  });
});

describe("unescapeHeaderText", () => {
  it("maps exactly the four 1.2 escapes", () => {
    expect(unescapeHeaderText("plain")).toBe("plain");
    expect(unescapeHeaderText("\\r\\n\\c\\\\")).toBe("\r\n:\\");
    expect(unescapeHeaderText("\\\\n")).toBe("\\n");
    for (const bad of ["\\t", "\\", "a\\b", "\\C", "\\N", "\\0", "\\:"]) {
      expect(() => unescapeHeaderText(bad), bad).toThrow(StompProtocolError);
    }
  });
});
