// A STOMP fuzzer over real WebSockets: generated and mutated frames, cut at random, sent before and
// after CONNECT under every protocol version. Whatever a client sends, the server stays up, its
// bystanders keep chatting, and every answer is a valid frame or a clean close (never 1011, never
// an error in the log). Seeded: a failure names the seed and case to replay.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { chatDestinations } from "../../shared/chat.ts";
import {
  RawClient,
  type RealtimeTestApp,
  type StompTestClient,
  staffUser,
  startApp,
  stompClient,
  waitFor,
} from "../../test/helpers/realtime.ts";
import { FrameDecoder } from "../realtime/stomp/decode.ts";
import { CLIENT_COMMANDS, type Frame, header, SERVER_COMMAND_SET } from "../realtime/stomp/frame.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CASES = Number(process.env.FUZZ_CASES ?? 1000);
const CONCURRENCY = 6;
/** A case whose input leaves the server waiting for more bytes (an unfinished frame) is given up after this. */
const QUIET_MS = 1_500;
/**
 * Closes a fuzz client may see: normal, going away, protocol error, a text message that is not
 * UTF-8 (ws), policy violation, message too big. Never 1011 (a server error).
 */
const CLEAN_CLOSES = new Set([1000, 1001, 1002, 1007, 1008, 1009]);

/** mulberry32: a small, seedable PRNG, so every run sends the same cases. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof prng>;

const enc = new TextEncoder();

interface Fixture {
  token: string;
  peer: string;
  groupId: number;
  /** Whether this case may break rules (else it stays plausible, to reach deep into the session). */
  hostile?: boolean;
}

function headerText(rng: Rng, fixture: Fixture): string {
  // Mostly text a server should take in its stride; now and then text that breaks a rule.
  if (fixture.hostile && rng.chance(0.12)) {
    return rng.pick([
      () => "bad\\tescape",
      () => "trailing\\",
      () => "z".repeat(rng.pick([5_000, 9_000])),
      () => "\u0001\u0002",
    ])();
  }
  return rng.pick([
    () => "plain",
    () => "a\\nb", // the escape that once ended the process
    () => "a\\r\\n\\c\\\\b",
    () => "x:y:z",
    () => "",
    () => " padded ",
    () => "é😀\u200b",
    () => "9".repeat(rng.int(30) + 1),
    () => "z".repeat(100),
    () => `/user/${fixture.peer}/queue/private`,
    () => chatDestinations.errorsQueue,
    () => `/topic/group/${fixture.groupId}`,
    () => chatDestinations.sendPrivate,
    () => chatDestinations.sendGroup,
    () => chatDestinations.typing,
    () => chatDestinations.read,
    () => "/app/presence",
  ])();
}

function headerName(rng: Rng, fixture: Fixture): string {
  if (fixture.hostile && rng.chance(0.05)) return rng.pick(["", "bad\\q", "x\\cy", "content-length", "transaction"]);
  return rng.pick([
    "destination",
    "destination",
    "id",
    "receipt",
    "receipt",
    "ack",
    "content-type",
    "accept-version",
    "heart-beat",
    "Authorization",
    "subscription",
    "message-id",
  ]);
}

function bodyText(rng: Rng, fixture: Fixture): string {
  return rng.pick([
    () => "",
    () => JSON.stringify({ recipient: fixture.peer, content: `fuzz ${rng.int(1e6)}` }),
    () => JSON.stringify({ groupId: fixture.groupId, content: "fuzz in a group" }),
    () => JSON.stringify({ recipient: fixture.peer, content: "nul \u0000 inside" }),
    () => JSON.stringify({ recipient: fixture.peer, content: "x".repeat(rng.pick([10, 5_000, 70_000])) }),
    () => JSON.stringify({ status: rng.pick(["ONLINE", "ACTIVE", "OFFLINE", 7]) }),
    () =>
      JSON.stringify({
        conversation: rng.pick([`private:${fixture.peer}`, `group:${fixture.groupId}`, "group:0", "private:"]),
        upToSeq: rng.pick([0, 1, -1, 1.5, 2 ** 63, "1", rng.int(1e6)]),
      }),
    () => JSON.stringify({ recipient: fixture.peer, stopped: rng.pick([true, false, "yes"]) }),
    () => JSON.stringify({ recipient: { $ne: null }, content: ["a"], __proto__: { admin: true } }),
    () => "{not json",
    () => "null",
    () => "[]",
    () => "😀".repeat(rng.int(50)),
  ])();
}

const COMMAND_WEIGHTS: readonly string[] = [
  ...Array<string>(5).fill("SEND"),
  ...Array<string>(3).fill("SUBSCRIBE"),
  "UNSUBSCRIBE",
  "ACK",
  "NACK",
  "BEGIN",
  "COMMIT",
  "ABORT",
  "DISCONNECT",
  "CONNECT",
];

function destination(rng: Rng, fixture: Fixture, command: string): string {
  if (rng.chance(0.25)) return headerText(rng, fixture);
  if (command === "SEND") {
    return rng.pick([
      chatDestinations.sendPrivate,
      chatDestinations.sendGroup,
      chatDestinations.typing,
      chatDestinations.read,
      "/app/presence",
    ]);
  }
  return rng.pick([
    chatDestinations.errorsQueue,
    chatDestinations.errorsQueue,
    `/user/${fixture.peer}/queue/private`,
    "/user/queue/private",
    chatDestinations.userStatus,
    `/topic/group/${fixture.groupId}`,
  ]);
}

/** One frame's bytes, built by hand: it may break any rule the encoder would enforce. */
function frameBytes(rng: Rng, fixture: Fixture): string {
  const command = !fixture.hostile
    ? rng.pick(COMMAND_WEIGHTS.filter((name) => name !== "CONNECT"))
    : rng.chance(0.93)
      ? rng.pick(COMMAND_WEIGHTS)
      : rng.pick(["MESSAGE", "RECEIPT", "send", "CONNECTED", "X".repeat(40), "", "SEND\r", ...CLIENT_COMMANDS]);
  const headers: string[] = [];
  // A plausible frame has the headers its command needs; a hostile one usually has.
  const usually = () => !fixture.hostile || rng.chance(0.9);
  let prefix = "";
  const transaction = () => {
    const id = `t${rng.int(1e9)}`;
    if (!fixture.hostile || rng.chance(0.8)) prefix = `BEGIN\ntransaction:${id}\n\n\0`;
    return id;
  };
  if ((command === "SEND" || command === "SUBSCRIBE") && usually()) {
    headers.push(`destination:${destination(rng, fixture, command)}`);
  }
  if ((command === "SUBSCRIBE" || command === "UNSUBSCRIBE") && usually()) {
    headers.push(`id:${rng.chance(0.8) ? `s${rng.int(4)}` : headerText(rng, fixture)}`);
  }
  if ((command === "ACK" || command === "NACK") && usually()) headers.push(`id:${rng.int(1000)}`);
  if (command === "BEGIN" && usually()) headers.push(`transaction:t${rng.int(1e9)}`);
  if ((command === "COMMIT" || command === "ABORT") && usually()) headers.push(`transaction:${transaction()}`);
  if (command === "SEND" && rng.chance(0.1)) {
    headers.push(`transaction:${transaction()}`);
  }
  if (rng.chance(0.5)) headers.push(`receipt:${rng.chance(0.5) ? `r${rng.int(100)}` : headerText(rng, fixture)}`);
  for (let i = rng.int(3); i > 0; i--) headers.push(`${headerName(rng, fixture)}:${headerText(rng, fixture)}`);
  if (fixture.hostile && rng.chance(0.02)) for (let i = 0; i < 70; i++) headers.push(`h${i}:v`);
  const body = command === "SEND" || rng.chance(0.03) ? bodyText(rng, fixture) : "";
  const length = enc.encode(body).length;
  if (rng.chance(0.4)) {
    // Mostly right; sometimes off by a little (the server waits, or finds no NUL), or not a number.
    const declared =
      !fixture.hostile || rng.chance(0.85)
        ? String(length)
        : rng.pick([String(length + rng.int(20)), String(Math.max(0, length - 1)), "-1", "abc", "99999999999"]);
    headers.push(`content-length:${declared}`);
  }
  const eol = rng.chance(0.2) ? "\r\n" : "\n";
  const frame = `${command}${eol}${headers.map((line) => line + eol).join("")}${eol}${body}\0`;
  // A transaction's SEND is followed by its COMMIT or ABORT, so the work happens (or is dropped).
  const end = headers.find((line) => line.startsWith("transaction:") && command === "SEND");
  const close = end ? `${rng.pick(["COMMIT", "ABORT"])}\n${end}\nreceipt:tx${rng.int(100)}\n\n\0` : "";
  return `${prefix}${frame}${close}${rng.chance(0.2) ? "\n" : ""}`;
}

function connectFrame(rng: Rng, fixture: Fixture): string {
  const version = fixture.hostile
    ? rng.pick(["1.2", "1.1", "1.0", "1.2,1.1,1.0", "2.0", ""])
    : rng.pick(["1.2", "1.2", "1.1", "1.0", "1.2,1.1,1.0"]);
  const lines = [rng.chance(0.85) ? "CONNECT" : "STOMP"];
  if (version) lines.push(`accept-version:${version}`);
  if (!fixture.hostile || rng.chance(0.9)) {
    lines.push(`Authorization:Bearer ${!fixture.hostile || rng.chance(0.9) ? fixture.token : "forged.token.x"}`);
  }
  if (rng.chance(0.5)) {
    lines.push(`heart-beat:${fixture.hostile ? rng.pick(["0,0", "100,100", "x,y", "0,100"]) : "0,0"}`);
  }
  if (rng.chance(0.2)) lines.push(`receipt:${headerText(rng, fixture)}`);
  return `${lines.join("\n")}\n\n\0`;
}

/** Flips, drops or duplicates a few bytes: framing may break anywhere. */
function mutate(rng: Rng, bytes: Uint8Array): Uint8Array {
  const out = [...bytes];
  for (let n = rng.int(4) + 1; n > 0 && out.length > 0; n--) {
    const at = rng.int(out.length);
    const action = rng.int(4);
    if (action === 0) out[at] = rng.int(256);
    else if (action === 1) out.splice(at, 1);
    else if (action === 2) out.splice(at, 0, rng.pick([0x00, 0x0a, 0x0d, 0x3a, 0x5c, 0xff]));
    else out.splice(at, 0, ...out.slice(at, at + rng.int(16)));
  }
  return Uint8Array.from(out);
}

interface FuzzCase {
  index: number;
  protocols: string[];
  messages: { data: Uint8Array; binary: boolean }[];
  describe: string;
}

function generateCase(rng: Rng, index: number, base: Fixture): FuzzCase {
  const fixture = { ...base, hostile: rng.chance(0.6) };
  const protocols = rng.pick([["v12.stomp"], ["v11.stomp"], ["v10.stomp"], ["v12.stomp", "v11.stomp", "v10.stomp"]]);
  const phase = rng.pick(["before-connect", "after-connect", "pipelined", "after-connect"] as const);
  let text = phase === "before-connect" ? "" : connectFrame(rng, fixture);
  const frames = rng.int(6) + 1;
  for (let i = 0; i < frames; i++) text += (rng.chance(0.2) ? "\n" : "") + frameBytes(rng, fixture);
  // Ends as stompjs does, so a session still standing answers and closes (a hostile case may not get there).
  if (phase !== "before-connect") text += "DISCONNECT\nreceipt:end\n\n\0";
  let bytes: Uint8Array = enc.encode(text);
  const mutated = fixture.hostile && rng.chance(0.4);
  if (mutated) bytes = mutate(rng, bytes);
  // The CONNECT goes alone first unless pipelined; the rest is cut at random into WebSocket messages.
  const messages: { data: Uint8Array; binary: boolean }[] = [];
  let from = 0;
  if (phase === "after-connect") {
    const connectLength = enc.encode(text.slice(0, text.indexOf("\0") + 1)).length;
    from = Math.min(connectLength, bytes.length);
    messages.push({ data: bytes.subarray(0, from), binary: false });
  }
  const cuts = Array.from({ length: rng.int(6) }, () => from + rng.int(bytes.length - from + 1)).sort((a, b) => a - b);
  for (const cut of [...cuts, bytes.length]) {
    if (cut > from) messages.push({ data: bytes.subarray(from, cut), binary: rng.chance(0.5) });
    from = Math.max(from, cut);
  }
  return {
    index,
    protocols,
    messages,
    describe: `case ${index} (${phase}${mutated ? ", mutated" : ""}, ${protocols.join("+")})`,
  };
}

interface Outcome {
  frames: Frame[];
  close?: { code: number; reason: string };
  invalidOutput?: string;
  gaveUp: boolean;
}

/** Sends one case and watches until the server closes or falls quiet. */
async function runCase(url: string, fuzzCase: FuzzCase): Promise<Outcome> {
  const socket = new WebSocket(url, fuzzCase.protocols);
  const decoder = new FrameDecoder({ commands: SERVER_COMMAND_SET, maxBodyBytes: 2 * 1024 * 1024 });
  const outcome: Outcome = { frames: [], gaveUp: false };
  let lastActivity = Date.now();
  socket.on("message", (data: Buffer) => {
    try {
      for (const item of decoder.push(new Uint8Array(data))) {
        // Heart-beats go on forever on a session that agreed them: only frames count as activity.
        if (item.type !== "frame") continue;
        outcome.frames.push(item.frame);
        lastActivity = Date.now();
      }
    } catch (error) {
      outcome.invalidOutput ??= String(error);
    }
  });
  const closed = new Promise<void>((resolve) => {
    socket.on("close", (code, reason) => {
      outcome.close = { code, reason: reason.toString() };
      resolve();
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
    socket.once("unexpected-response", (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
  });
  for (const message of fuzzCase.messages) {
    if (socket.readyState !== socket.OPEN) break;
    socket.send(message.data, { binary: message.binary });
  }
  lastActivity = Date.now();
  // Done when the server closed, or has said nothing for a while (it awaits the rest of a frame).
  for (;;) {
    const quiet = new Promise<void>((resolve) => setTimeout(resolve, 50));
    await Promise.race([closed, quiet]);
    if (outcome.close) break;
    if (Date.now() - lastActivity > QUIET_MS) {
      outcome.gaveUp = true;
      socket.terminate();
      await closed;
      break;
    }
  }
  return outcome;
}

let t: RealtimeTestApp;
const errorLogs: string[] = [];
let alice: StompTestClient;
let bobInbox: { messages: { body: string }[] };
let bob: StompTestClient;
let fixture: Fixture;
let bobName: string;

beforeAll(async () => {
  t = await startApp(
    { broker: "memory", session: { connectTimeoutMs: 1_000, heartBeatMs: 200, heartBeatTolerance: 2 } },
    {
      logger: {
        level: "error",
        stream: { write: (line: string) => void errorLogs.push(line) },
      },
    },
  );
  const [a, b, fuzzer] = [await staffUser(t), await staffUser(t), await staffUser(t)];
  bobName = b.username;
  alice = await stompClient(t.url, a);
  bob = await stompClient(t.url, b);
  bobInbox = await bob.subscribe(chatDestinations.privateQueue(b.username));
  fixture = { token: fuzzer.token, peer: b.username, groupId: 1 };
});

afterAll(async () => {
  await alice?.close();
  await bob?.close();
  await t?.close();
});

/** The bystanders still chat: a private message is stored (RECEIPT) and delivered. */
async function bystandersStillChat(label: string) {
  const content = `still here after ${label}`;
  expect(await alice.send(chatDestinations.sendPrivate, { recipient: bobName, content })).toBe("done");
  await waitFor(
    () => bobInbox.messages.some((message) => message.body.includes(content)),
    5_000,
    "the bystander's message",
  );
  expect(alice.socketClosed || bob.socketClosed).toBe(false);
}

describe("STOMP fuzzer", () => {
  it(`survives ${CASES} generated and mutated cases (seed ${SEED})`, { timeout: 170_000 }, async () => {
    const rng = prng(SEED);
    const cases = Array.from({ length: CASES }, (_, index) => generateCase(rng, index, fixture));
    const tally = { closedByServer: 0, gaveUp: 0, frames: 0, errors: 0, receipts: 0, messages: 0 };
    const failures: string[] = [];
    const reasons = new Map<string, number>();
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const fuzzCase = cases[next++]!;
        const outcome = await runCase(t.url, fuzzCase);
        if (outcome.invalidOutput)
          failures.push(`${fuzzCase.describe}: invalid server output: ${outcome.invalidOutput}`);
        if (outcome.close && !outcome.gaveUp && !CLEAN_CLOSES.has(outcome.close.code)) {
          failures.push(`${fuzzCase.describe}: closed ${outcome.close.code} ${outcome.close.reason}`);
        }
        for (const frame of outcome.frames) {
          if (frame.command === "ERROR" && header(frame, "message") === undefined) {
            failures.push(`${fuzzCase.describe}: ERROR without a message`);
          }
          if (frame.command === "ERROR" && header(frame, "message") === "Internal server error") {
            failures.push(`${fuzzCase.describe}: internal server error`);
          }
          if (frame.command === "RECEIPT" && header(frame, "receipt-id") === undefined) {
            failures.push(`${fuzzCase.describe}: RECEIPT without receipt-id`);
          }
        }
        for (const frame of outcome.frames) {
          if (frame.command === "ERROR") {
            const reason = header(frame, "message") ?? "";
            reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
          }
        }
        tally.frames += outcome.frames.length;
        tally.errors += outcome.frames.filter((frame) => frame.command === "ERROR").length;
        tally.receipts += outcome.frames.filter((frame) => frame.command === "RECEIPT").length;
        tally.messages += outcome.frames.filter((frame) => frame.command === "MESSAGE").length;
        if (outcome.gaveUp) tally.gaveUp++;
        else tally.closedByServer++;
        if (fuzzCase.index % 100 === 99) await bystandersStillChat(fuzzCase.describe);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await bystandersStillChat("the last case");
    console.log(`STOMP fuzzer: seed ${SEED}, ${CASES} cases, ${JSON.stringify(tally)}`);
    console.log(`most common ERRORs: ${JSON.stringify([...reasons].sort((a, b) => b[1] - a[1]).slice(0, 8))}`);
    expect(failures).toEqual([]);
    expect(errorLogs).toEqual([]);
    // The generator reaches both ends: cases the server closed and cases it still waited on.
    // The generator reaches deep: many cases get past CONNECT to RECEIPTs and refusals.
    expect(tally.closedByServer).toBeGreaterThan(CASES / 2);
    expect(tally.receipts).toBeGreaterThan(CASES / 4);
    expect(tally.messages).toBeGreaterThan(CASES / 50);
  });
});

describe("the frames that once ended the process", () => {
  const killers = [
    "SUBSCRIBE\nid:0\ndestination:/topic/user-status\nreceipt:a\\nb\n\n\0",
    "SEND\ndestination:/app/x\nreceipt:a\\nb\n\nhi\0",
    "ACK\nid:1\nreceipt:a\\nb\n\n\0",
    "DISCONNECT\nreceipt:a\\nb\n\n\0",
  ];
  it.each(killers)("before CONNECT: %j gets ERROR and a clean close", async (frame) => {
    const label = frame.slice(0, frame.indexOf("\n"));
    const client = await RawClient.open(t.url);
    client.write(frame);
    const error = await client.next();
    expect(error.command).toBe("ERROR");
    expect(header(error, "receipt-id")).toBe("a\\nb");
    expect((await client.waitClosed()).code).toBe(1002);
    await bystandersStillChat(`a ${label} before CONNECT`);
  });

  it.each(["1.0", "1.1"])("a %s session's pipelined frames are never unescaped", async (version) => {
    const user = await staffUser(t);
    const client = await RawClient.open(t.url);
    client.write(
      `CONNECT\naccept-version:${version}\nAuthorization:Bearer ${user.token}\n\n\0` +
        "SUBSCRIBE\nid:a\\nb\ndestination:/user/queue/errors\nreceipt:a\\nb\n\n\0",
    );
    expect((await client.next()).command).toBe("CONNECTED");
    const receipt = await client.next();
    expect(receipt.command).toBe("RECEIPT");
    expect(header(receipt, "receipt-id")).toBe("a\\nb");
    expect(client.closed).toBeUndefined();
    client.close();
  });

  it("a 1.2 subscription id holding a newline works, escaped on the way back", async () => {
    const user = await staffUser(t);
    const { client } = await RawClient.connect(t.url, user.token);
    client.write("SUBSCRIBE\nid:a\\nb\ndestination:/user/queue/private\nreceipt:r\\c1\n\n\0");
    expect(header(await client.next(), "receipt-id")).toBe("r\\c1"); // escaped on the wire
    await t.app.realtime.publishToUser(user.username, "/queue/private", { hello: true });
    const message = await client.next();
    expect(message.command).toBe("MESSAGE");
    expect(header(message, "subscription")).toBe("a\\nb"); // as sent on the wire: escaped
    expect(client.closed).toBeUndefined();
    client.close();
  });
});
