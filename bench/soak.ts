/**
 * npm run bench:soak — a long run of the chat under steady, mixed traffic, watching the server's
 * memory. Not a test: it prints one row a minute and a verdict at the end.
 *
 *   SOAK_MINUTES=10 SOAK_SESSIONS=500 SOAK_RATE=60 npm run bench:soak
 *
 * Environment (all optional):
 *   SOAK_MINUTES        10   minutes of traffic (minute 1 is warm-up, minute 2 the baseline)
 *   SOAK_SESSIONS       500  STOMP sessions, one per user
 *   SOAK_RATE           60   chat messages per second, private and group together
 *   SOAK_GROUP_SHARE    0.3  share of those messages sent to groups
 *   SOAK_GROUP_SIZE     25   members per group (every user is in one group)
 *   SOAK_PRESENCE_RATE  2    presence updates (ONLINE ⇄ ACTIVE) per second
 *   SOAK_RECONNECTS     6    sessions closed and reopened per minute (alternately DISCONNECT and a dropped socket)
 *   SOAK_REST_RATE      5    REST calls per second (users list, unread, histories, mark-read)
 *   DATABASE_URL             a fresh database on this PostgreSQL server instead of embedded PGlite
 *   REDIS_URL                realtime fan-out and presence through Redis
 *
 * A server process (buildApp on a fresh database, as bench/chat.ts runs it, node flags as
 * `npm run serve`) holds N users in groups of SOAK_GROUP_SIZE; this process opens one session per
 * user (subscribed to its private queue, its errors queue, /topic/user-status and its group, and
 * heart-beating every 10 s like the browser), then for SOAK_MINUTES sends messages at a fixed
 * rate from random users to random users or to the sender's group, presence updates, REST calls,
 * and closes and reopens a few sessions a minute (to catch leaks on session teardown). All
 * traffic goes to 127.0.0.1.
 *
 * Each minute one row: the server's RSS (median of samples every 5 s, read from /proc), then,
 * right after a full GC forced at the minute's end (the server runs with --expose-gc; the GC
 * pauses it for about 0.1–0.2 s once a minute), its RSS and V8 heap used; the database size, the sessions the
 * server holds, messages sent, recipient copies expected and delivered, delivery latency
 * (SEND → the recipient's MESSAGE) p50/p99, REST calls and their latency p50/p99, errors and
 * reconnects. At the end the table again, the growth from minute 2 (minute 1 is warm-up) to the
 * last minute and a verdict, flat / growing / inconclusive (the rule is `RULE` below), and
 * everything in bench/results/soak-<timestamp>.json (git-ignored).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type BenchUser, createBenchUsers, openBenchApp, Session, sleep } from "./lib/chat-bench.ts";
import { statusMb } from "./lib/proc-memory.ts";
import {
  benchRoot,
  liveTable,
  median,
  type Percentiles,
  percentiles,
  renderTable,
  round,
  writeResults,
} from "./lib/report.ts";

const { values } = parseArgs({ options: { role: { type: "string", default: "main" } } });
const self = fileURLToPath(import.meta.url);
const log = (message: string) => console.error(`bench:soak: ${message}`);

function envNumber(name: string, fallback: number, check: (n: number) => boolean, rule: string): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || !check(n)) {
    log(`${name} must be ${rule} (got ${JSON.stringify(raw)})`);
    process.exit(1);
  }
  return n;
}
const positiveInt = (n: number) => Number.isInteger(n) && n >= 1;
const nonNegative = (n: number) => n >= 0;

const settings = {
  minutes: envNumber("SOAK_MINUTES", 10, positiveInt, "a whole number ≥ 1"),
  sessions: envNumber("SOAK_SESSIONS", 500, (n) => Number.isInteger(n) && n >= 2, "a whole number ≥ 2"),
  rate: envNumber("SOAK_RATE", 60, nonNegative, "≥ 0"),
  groupShare: envNumber("SOAK_GROUP_SHARE", 0.3, (n) => n >= 0 && n <= 1, "between 0 and 1"),
  groupSize: envNumber("SOAK_GROUP_SIZE", 25, (n) => Number.isInteger(n) && n >= 2, "a whole number ≥ 2"),
  presenceRate: envNumber("SOAK_PRESENCE_RATE", 2, nonNegative, "≥ 0"),
  reconnectsPerMinute: envNumber("SOAK_RECONNECTS", 6, nonNegative, "≥ 0"),
  restRate: envNumber("SOAK_REST_RATE", 5, nonNegative, "≥ 0"),
};
const db: "pglite" | "postgres" = process.env.DATABASE_URL ? "postgres" : "pglite";

const MINUTE_MS = 60_000;
const RSS_SAMPLE_MS = 5_000;
/** A recipient copy not arrived after this long is lost. */
const LOST_AFTER_MS = 30_000;
/** After the last minute's traffic, how long in-flight messages may take to arrive. */
const DRAIN_MS = 15_000;
const HANDSHAKE_TIMEOUT_MS = 15_000;
/** stompjs waits 5 s before reconnecting after an unexpected close. */
const RECONNECT_AFTER_ERROR_MS = 5_000;
const REST_TIMEOUT_MS = 30_000;
const MAX_REST_IN_FLIGHT = 32;

// ---------------------------------------------------------------------------------------------
// Messages between the two processes.

interface SoakGroup {
  id: number;
  /** Indices into the users list. */
  members: number[];
}

interface ReadyMessage {
  type: "ready";
  port: number;
  users: BenchUser[];
  groups: SoakGroup[];
  broker: string;
  seedS: number;
  /** The server's temporary DATA_DIR, removed here if the server dies before it can. */
  dataDir: string;
}

interface ServerStats {
  type: "stats";
  id: number;
  gcMs: number;
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
  sessions: number;
  handles: number;
  dbMb: number;
}

// ---------------------------------------------------------------------------------------------
// Server process.

async function runServer() {
  const { eq, sql } = await import("drizzle-orm");
  const { users } = await import("../server/db/schema.ts");
  const started = performance.now();
  const bench = await openBenchApp({
    db,
    postgresUrl: process.env.DATABASE_URL ?? "",
    redisUrl: process.env.REDIS_URL,
    prefix: "bench-soak",
  });
  const { app } = bench;

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // Whatever happens, this process ends.
    setTimeout(() => process.exit(1), 30_000);
    try {
      await bench.close();
    } catch (error) {
      console.error(`bench:soak server: close failed: ${error instanceof Error ? error.message : String(error)}`);
      code = 1;
    }
    process.exit(code);
  };
  // Ctrl-C reaches the whole process group: the main process stops this one in order.
  process.on("SIGINT", () => {});
  // The main process is gone (killed): stop.
  process.on("disconnect", () => void stop(1));
  process.on("message", async (message: { type: string; id?: number }) => {
    if (message.type === "stop") void stop(0);
    else if (message.type === "stats") {
      // A full GC first (the process runs with --expose-gc), so that what is measured is what is
      // still referenced, not how far V8 let garbage pile up this time.
      const started = performance.now();
      globalThis.gc?.();
      const gcMs = performance.now() - started;
      const memory = process.memoryUsage();
      let dbMb = Number.NaN;
      try {
        const { rows } = (await app.db.execute(
          sql`select pg_database_size(current_database())::float8 as bytes`,
        )) as unknown as { rows: { bytes: number | string }[] };
        dbMb = Number(rows[0]?.bytes) / 2 ** 20;
      } catch {}
      process.send?.({
        type: "stats",
        id: message.id ?? 0,
        gcMs,
        rssMb: memory.rss / 2 ** 20,
        heapUsedMb: memory.heapUsed / 2 ** 20,
        externalMb: memory.external / 2 ** 20,
        sessions: app.realtime.localSessionCount(),
        handles: process.getActiveResourcesInfo().length,
        dbMb,
      } satisfies ServerStats);
    }
  });

  try {
    await app.ready();
    const people = await createBenchUsers(app, settings.sessions);
    // Groups, created as an admin does it (POST /api/group/create), every user in one of them.
    const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.username, "bench-admin"));
    if (!admin) throw new Error("no bench-admin account");
    const adminToken = await app.auth.signToken({
      id: admin.id,
      username: "bench-admin",
      kind: "admin",
      tokenVersion: 0,
    });
    const groupCount = Math.ceil(settings.sessions / settings.groupSize);
    const groups: SoakGroup[] = [];
    for (let g = 0; g < groupCount; g++) {
      const members = people.map((_, i) => i).filter((i) => i % groupCount === g);
      const response = await app.inject({
        method: "POST",
        url: "/api/group/create",
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { name: `Soak group ${g}`, members: members.map((i) => people[i]!.username) },
      });
      if (response.statusCode !== 201) throw new Error(`group create: ${response.statusCode} ${response.body}`);
      groups.push({ id: (response.json() as { id: number }).id, members });
    }
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    process.send?.({
      type: "ready",
      port: address.port,
      users: people,
      groups,
      broker: app.realtime.broker.kind,
      seedS: Number(((performance.now() - started) / 1000).toFixed(1)),
      dataDir: bench.dataDir,
    } satisfies ReadyMessage);
  } catch (error) {
    console.error(`bench:soak server: ${error instanceof Error ? error.message : String(error)}`);
    await stop(1);
  }
}

// ---------------------------------------------------------------------------------------------
// Main process: the sessions and the traffic, measured minute by minute.

/** Server RSS in MB, from /proc (Linux) or ps. */
function rssMb(pid: number): number {
  const fromProc = statusMb(pid, "VmRSS");
  if (fromProc !== undefined) return fromProc;
  try {
    return Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim()) / 1024;
  } catch {
    return Number.NaN;
  }
}

interface Minute {
  minute: number;
  /** Ended early (interrupted or the server died). */
  partial: boolean;
  rssSamplesMb: number[];
  sent: number;
  sentPrivate: number;
  sentGroup: number;
  /** Recipient copies: private 1, group the members with an open session (not the sender). */
  expected: number;
  delivered: number;
  deliveryMs: number[];
  /** Copies whose recipient session was closed (reconnect) before they arrived: not errors. */
  dropped: number;
  /** Copies to a session that was not expected to get them (it subscribed while the message was on its way). */
  unexpected: number;
  lost: number;
  statusEvents: number;
  presence: number;
  restCalls: number;
  restMs: number[];
  restByKind: Record<string, number>;
  reconnects: number;
  errors: Record<string, number>;
}

function newMinute(minute: number): Minute {
  return {
    minute,
    partial: false,
    rssSamplesMb: [],
    sent: 0,
    sentPrivate: 0,
    sentGroup: 0,
    expected: 0,
    delivered: 0,
    deliveryMs: [],
    dropped: 0,
    unexpected: 0,
    lost: 0,
    statusEvents: 0,
    presence: 0,
    restCalls: 0,
    restMs: [],
    restByKind: {},
    reconnects: 0,
    errors: {},
  };
}

interface Row {
  minute: number;
  partial: boolean;
  /** Median of the minute's samples (every 5 s, /proc/<pid>/status VmRSS), and their maximum. */
  rssMb: number;
  rssMaxMb: number;
  rssSamplesMb: number[];
  /** Right after a full GC at the minute's end: RSS, V8 heap used, external (ArrayBuffers: PGlite's memory, sockets' buffers). */
  rssGcMb: number;
  heapGcMb: number;
  externalGcMb: number;
  gcMs: number;
  dbMb: number;
  sessionsHeld: number;
  handles: number;
  sent: number;
  sentPrivate: number;
  sentGroup: number;
  expected: number;
  delivered: number;
  dropped: number;
  unexpected: number;
  lost: number;
  deliveryMs: Percentiles;
  statusEvents: number;
  presence: number;
  restCalls: number;
  restMs: Percentiles;
  restByKind: Record<string, number>;
  errors: number;
  errorsByKind: Record<string, number>;
  reconnects: number;
}

const columns: [string, (r: Row) => string][] = [
  ["min", (r) => `${r.minute}${r.partial ? "*" : ""}`],
  ["RSS MB", (r) => r.rssMb.toFixed(1)],
  ["RSS gc MB", (r) => r.rssGcMb.toFixed(1)],
  ["heap gc MB", (r) => r.heapGcMb.toFixed(1)],
  ["db MB", (r) => r.dbMb.toFixed(1)],
  ["held", (r) => String(r.sessionsHeld)],
  ["sent", (r) => String(r.sent)],
  ["copies", (r) => String(r.expected)],
  ["delivered", (r) => String(r.delivered)],
  ["dlv p50 ms", (r) => String(r.deliveryMs.p50)],
  ["dlv p99 ms", (r) => String(r.deliveryMs.p99)],
  ["REST", (r) => String(r.restCalls)],
  ["REST p50 ms", (r) => String(r.restMs.p50)],
  ["REST p99 ms", (r) => String(r.restMs.p99)],
  ["errors", (r) => String(r.errors)],
  ["reconnects", (r) => String(r.reconnects)],
];
const live = liveTable(columns.map(([header]) => header));

/** How one memory series moved from minute 2 (the baseline: minute 1 is warm-up) to the last minute. */
interface Trend {
  baselineMinute: number;
  baselineMb: number;
  lastMinute: number;
  lastMb: number;
  growthMb: number;
  growthPct: number;
  /** Least-squares slope over minutes 2..last, and the rise it fits over that span (% of the baseline). */
  slopeMbPerMin: number;
  fittedRisePct: number;
  /** Minute-to-minute steps in which the series went up. */
  risingSteps: string;
  growing: boolean;
}

const GROWTH_LIMIT_PCT = 10;
const RULE =
  `a series is growing when its last minute is more than ${GROWTH_LIMIT_PCT} % above minute 2 AND its least-squares ` +
  `trend over minutes 2..last also rises by more than ${GROWTH_LIMIT_PCT} % (a sustained rise, not one noisy sample). ` +
  "Verdict: growing if RSS after GC or heap after GC is growing, flat otherwise; inconclusive with fewer than 3 minutes " +
  "after the warm-up minute. The median RSS (no forced GC) follows V8's GC cycle and is shown, not judged.";

function trend(rows: Row[], value: (row: Row) => number): Trend | undefined {
  const points = rows.filter((r) => r.minute >= 2 && Number.isFinite(value(r)));
  const base = points[0];
  const last = points[points.length - 1];
  if (!base || !last) return undefined;
  const n = points.length;
  const meanX = points.reduce((s, r) => s + r.minute, 0) / n;
  const meanY = points.reduce((s, r) => s + value(r), 0) / n;
  const sxx = points.reduce((s, r) => s + (r.minute - meanX) ** 2, 0);
  const slope = sxx === 0 ? 0 : points.reduce((s, r) => s + (r.minute - meanX) * (value(r) - meanY), 0) / sxx;
  const growthMb = value(last) - value(base);
  const growthPct = (growthMb / value(base)) * 100;
  const fittedRisePct = ((slope * (last.minute - base.minute)) / value(base)) * 100;
  let rising = 0;
  for (let i = 1; i < n; i++) if (value(points[i]!) > value(points[i - 1]!)) rising++;
  return {
    baselineMinute: base.minute,
    baselineMb: round(value(base)),
    lastMinute: last.minute,
    lastMb: round(value(last)),
    growthMb: round(growthMb),
    growthPct: round(growthPct),
    slopeMbPerMin: round(slope, 2),
    fittedRisePct: round(fittedRisePct),
    risingSteps: `${rising}/${n - 1}`,
    growing: growthPct > GROWTH_LIMIT_PCT && fittedRisePct > GROWTH_LIMIT_PCT,
  };
}

interface Verdict {
  verdict: "flat" | "growing" | "inconclusive";
  note?: string;
  rule: string;
  rssAfterGc?: Trend;
  heapAfterGc?: Trend;
  rssMedian?: Trend;
}

function judge(rows: Row[]): Verdict {
  const rssAfterGc = trend(rows, (r) => r.rssGcMb);
  const heapAfterGc = trend(rows, (r) => r.heapGcMb);
  const rssMedian = trend(rows, (r) => r.rssMb);
  const after = rows.filter((r) => r.minute >= 2 && Number.isFinite(r.rssGcMb)).length;
  const judged: Omit<Verdict, "verdict"> = { rule: RULE, rssAfterGc, heapAfterGc, rssMedian };
  if (after < 3) {
    return {
      verdict: "inconclusive",
      note: `${after} minute(s) after the warm-up minute; at least 3 are needed (SOAK_MINUTES ≥ 4, default 10)`,
      ...judged,
    };
  }
  return { verdict: rssAfterGc?.growing || heapAfterGc?.growing ? "growing" : "flat", ...judged };
}

type SlotState = "connecting" | "ready" | "closing" | "waiting";

interface Slot {
  index: number;
  user: BenchUser;
  group: SoakGroup;
  session?: Session;
  state: SlotState;
  presence: "ONLINE" | "ACTIVE";
  /** Who last sent me a private message: where my history reads and mark-reads go. */
  lastSender?: string;
  bye?: () => void;
}

interface Outstanding {
  at: number;
  remaining: Set<number>;
}

async function main() {
  const child: ChildProcess = spawn(
    process.execPath,
    // As `npm run serve` runs the server, and with gc() for the measurement at each minute's end.
    ["--v8-pool-size=0", "--max-semi-space-size=64", "--expose-gc", "--import", "tsx", self, "--role", "server"],
    { stdio: ["ignore", "pipe", "inherit", "ipc"], cwd: benchRoot },
  );
  const pid = child.pid!;
  // The server's own log lines (warnings and worse) go to stderr, out of the table.
  let pending = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim() !== "") console.error(`server: ${line}`);
  });
  let serverExit: number | null | undefined;
  let wake: (() => void) | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      serverExit = code ?? (signal ? 128 : 1);
      wake?.();
      resolve();
    }),
  );

  let interrupted = false;
  const onSignal = () => {
    if (interrupted) {
      child.kill("SIGKILL");
      process.exit(130);
    }
    interrupted = true;
    log("interrupted: finishing this minute's row, stopping the server (again to kill)");
    wake?.();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  const stopServer = async () => {
    if (serverExit === undefined) {
      if (child.connected) child.send({ type: "stop" });
      else child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
    }
  };

  let exitCode = 0;
  let dataDir: string | undefined;
  try {
    log(
      `${db}: starting the server, ${settings.sessions} users in groups of ${settings.groupSize}` +
        (process.env.REDIS_URL ? ", Redis" : ""),
    );
    const ready = await Promise.race([
      new Promise<ReadyMessage>((resolve) =>
        child.on("message", (m: { type: string }) => {
          if (m.type === "ready") resolve(m as ReadyMessage);
        }),
      ),
      exited.then(() => {
        throw new Error(`the server exited during start-up (${serverExit})`);
      }),
    ]);
    dataDir = ready.dataDir;
    const wsUrl = `ws://127.0.0.1:${ready.port}/ws`;
    const httpBase = `http://127.0.0.1:${ready.port}`;

    // Stats from the server over IPC, answered by id.
    let statsId = 0;
    const serverStats = (): Promise<ServerStats | undefined> =>
      new Promise((resolve) => {
        if (!child.connected) return resolve(undefined);
        const id = ++statsId;
        const timer = setTimeout(() => {
          child.off("message", onMessage);
          resolve(undefined);
        }, 5_000);
        const onMessage = (m: ServerStats) => {
          if (m.type !== "stats" || m.id !== id) return;
          clearTimeout(timer);
          child.off("message", onMessage);
          resolve(m);
        };
        child.on("message", onMessage);
        child.send({ type: "stats", id });
      });

    // ---- state
    const groupOf = new Map<number, SoakGroup>();
    for (const group of ready.groups) for (const member of group.members) groupOf.set(member, group);
    const slots: Slot[] = ready.users.map((user, index) => ({
      index,
      user,
      group: groupOf.get(index)!,
      state: "waiting",
      presence: "ONLINE",
    }));
    const slotOf = new WeakMap<Session, Slot>();
    const outstanding = new Map<number, Outstanding>();
    let current = newMinute(0);
    let stopping = false;
    const error = (kind: string) => {
      current.errors[kind] = (current.errors[kind] ?? 0) + 1;
    };

    const onFrame = (session: Session, command: string, headers: Map<string, string>, body: string) => {
      const slot = slotOf.get(session);
      if (!slot) return;
      if (command === "RECEIPT" && headers.get("receipt-id") === "bye") {
        slot.bye?.();
        return;
      }
      // Frames of a session being set up or closed are not counted.
      if (slot.session !== session || slot.state !== "ready") return;
      if (command === "ERROR") {
        if (!stopping) error("stomp ERROR frame");
        return;
      }
      if (command !== "MESSAGE") return;
      const subscription = headers.get("subscription");
      if (subscription === "e") {
        error("refusal on /user/queue/errors");
        return;
      }
      if (subscription === "s0") {
        current.statusEvents++;
        return;
      }
      let message: { sender?: string; content?: string };
      try {
        message = JSON.parse(body) as typeof message;
      } catch {
        error("unparsable MESSAGE");
        return;
      }
      // Every sender gets its own private message back, and its group's.
      if (message.sender === session.username) return;
      if (subscription === "q" && message.sender) slot.lastSender = message.sender;
      const seq = Number(message.content?.slice("soak ".length));
      const entry = outstanding.get(seq);
      if (!entry?.remaining.delete(slot.index)) {
        current.unexpected++;
        return;
      }
      current.delivered++;
      current.deliveryMs.push(performance.now() - entry.at);
      if (entry.remaining.size === 0) outstanding.delete(seq);
    };

    /** This slot's session is going away: the copies it still waits for will not come. */
    const dropExpectations = (slot: Slot) => {
      for (const [seq, entry] of outstanding) {
        if (entry.remaining.delete(slot.index)) current.dropped++;
        if (entry.remaining.size === 0) outstanding.delete(seq);
      }
    };

    const handshakes: number[] = [];
    const openSession = (slot: Slot): Promise<boolean> =>
      new Promise((resolve) => {
        slot.state = "connecting";
        const started = performance.now();
        let settled = false;
        const finish = (failure?: Error) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          if (failure) {
            session.socket.terminate();
            slot.state = "waiting";
            return resolve(false);
          }
          handshakes.push(performance.now() - started);
          slot.session = session;
          slot.state = "ready";
          slot.presence = "ONLINE";
          session.socket.once("close", () => onClose(slot, session));
          resolve(true);
        };
        const timer = setTimeout(() => finish(new Error("handshake timeout")), HANDSHAKE_TIMEOUT_MS);
        const session = new Session(wsUrl, slot.user.username, slot.user.token, onFrame, finish, {
          subscriptions: ["/topic/user-status", `/topic/group/${slot.group.id}`],
        });
        slotOf.set(session, slot);
      });

    const reopening = new Set<Promise<void>>();
    /** Opens the slot's session again after `delayMs`, retrying every 5 s like stompjs, until the soak stops. */
    const reopen = (slot: Slot, delayMs: number) => {
      const task = (async () => {
        await sleep(delayMs);
        while (!stopping) {
          if (await openSession(slot)) {
            current.reconnects++;
            return;
          }
          error("connect failed");
          await sleep(RECONNECT_AFTER_ERROR_MS);
        }
      })();
      reopening.add(task);
      void task.finally(() => reopening.delete(task));
    };

    /** A close we did not ask for: counted, and the session comes back after 5 s like stompjs. */
    const onClose = (slot: Slot, session: Session) => {
      if (slot.session !== session || slot.state !== "ready" || stopping) return;
      error("unexpected close");
      dropExpectations(slot);
      slot.session = undefined;
      slot.state = "waiting";
      reopen(slot, RECONNECT_AFTER_ERROR_MS);
    };

    let reconnectCount = 0;
    /** Closes a session on purpose (DISCONNECT with a receipt, or the socket dropped) and reopens it after 1 s. */
    const cycle = async (slot: Slot) => {
      const session = slot.session!;
      const graceful = reconnectCount++ % 2 === 0;
      slot.state = "closing";
      dropExpectations(slot);
      const closed = new Promise<void>((resolve) => {
        if (session.socket.readyState === session.socket.CLOSED) resolve();
        else session.socket.once("close", () => resolve());
      });
      if (graceful) {
        const receipt = new Promise<void>((resolve) => {
          slot.bye = resolve;
        });
        session.socket.send("DISCONNECT\nreceipt:bye\n\n\0");
        await Promise.race([receipt, closed, sleep(5_000)]);
        slot.bye = undefined;
        session.socket.close(1000);
      } else {
        session.socket.terminate();
      }
      await Promise.race([closed, sleep(5_000)]);
      session.socket.terminate();
      slot.session = undefined;
      slot.state = "waiting";
      reopen(slot, 1_000);
    };

    /** A random slot (with an open session unless `ready` is false), never `not`. */
    const randomSlot = (ready = true, not?: Slot): Slot | undefined => {
      const start = Math.floor(Math.random() * slots.length);
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[(start + i) % slots.length]!;
        if ((!ready || slot.state === "ready") && slot !== not) return slot;
      }
      return undefined;
    };

    // ---- open the sessions, 100 handshakes at a time
    const opening = performance.now();
    for (let i = 0; i < slots.length; i += 100) {
      const results = await Promise.all(slots.slice(i, i + 100).map(openSession));
      const failed = results.filter((ok) => !ok).length;
      if (failed > 0) throw new Error(`${failed} sessions failed to open`);
    }
    const openingS = (performance.now() - opening) / 1000;
    const handshakeMs = percentiles(handshakes);
    log(
      `${ready.broker} broker; ${slots.length} sessions open in ${openingS.toFixed(1)} s (handshake p50 ${handshakeMs.p50} ms, p99 ${handshakeMs.p99} ms)`,
    );
    log(
      `${settings.minutes} min of ${settings.rate} msg/s (${Math.round(settings.groupShare * 100)} % to ${ready.groups.length} groups), ` +
        `${settings.presenceRate} presence/s, ${settings.reconnectsPerMinute} reconnects/min, ${settings.restRate} REST/s`,
    );

    // ---- heart-beats as browsers send them: every session every 10 s, each at its own moment
    let nextBeat = 0;
    const beat = setInterval(() => {
      for (let i = 0; i < Math.ceil(slots.length / 100); i++) {
        const slot = slots[nextBeat++ % slots.length]!;
        if (slot.state === "ready" && slot.session?.open) slot.session.socket.send("\n");
      }
    }, 100);

    // ---- traffic: every 20 ms, catch up to rate × elapsed for each kind (an open loop)
    let seq = 0;
    let presenceSent = 0;
    let restSent = 0;
    let cyclesStarted = 0;
    let restInFlight = 0;

    const sendMessage = (id: number) => {
      const sender = randomSlot();
      if (!sender) return error("no open session to send from");
      const toGroup = Math.random() < settings.groupShare;
      const remaining = new Set<number>();
      let body: string;
      let destination: string;
      if (toGroup) {
        for (const member of sender.group.members) {
          if (member !== sender.index && slots[member]!.state === "ready") remaining.add(member);
        }
        destination = "/app/group.sendMessage";
        body = JSON.stringify({ groupId: sender.group.id, content: `soak ${id}` });
        current.sentGroup++;
      } else {
        const recipient = randomSlot(true, sender);
        if (!recipient) return error("no open session to send to");
        remaining.add(recipient.index);
        destination = "/app/chat.sendPrivateMessage";
        body = JSON.stringify({ recipient: recipient.user.username, content: `soak ${id}` });
        current.sentPrivate++;
      }
      current.sent++;
      current.expected += remaining.size;
      if (remaining.size > 0) outstanding.set(id, { at: performance.now(), remaining });
      sender.session!.send(destination, body);
    };

    const sendPresence = () => {
      const slot = randomSlot();
      if (!slot) return;
      slot.presence = slot.presence === "ONLINE" ? "ACTIVE" : "ONLINE";
      slot.session!.send("/app/presence", JSON.stringify({ status: slot.presence }));
      current.presence++;
    };

    const restKinds: [number, string, (me: Slot) => [method: "GET" | "POST", path: string]][] = [
      [10, "users", () => ["GET", "/users"]],
      [25, "unread", (me) => ["GET", `/unread/${encodeURIComponent(me.user.username)}`]],
      [
        20,
        "private history",
        (me) => [
          "GET",
          `/private/history?${new URLSearchParams({ user1: me.user.username, user2: me.lastSender ?? randomSlot(false, me)!.user.username, page: "0", size: "20" })}`,
        ],
      ],
      [15, "group history", (me) => ["GET", `/api/group/${me.group.id}/messages?page=0&size=20`]],
      [
        20,
        "private mark-read",
        (me) => [
          "POST",
          `/private/${encodeURIComponent(me.lastSender ?? randomSlot(false, me)!.user.username)}/mark-read/${encodeURIComponent(me.user.username)}`,
        ],
      ],
      [
        10,
        "group mark-read",
        (me) => ["POST", `/api/group/${me.group.id}/mark-read/${encodeURIComponent(me.user.username)}`],
      ],
    ];
    const restWeight = restKinds.reduce((s, [w]) => s + w, 0);

    const restCall = async () => {
      const me = randomSlot(false)!;
      let pick = Math.random() * restWeight;
      let chosen = restKinds[0]!;
      for (const entry of restKinds) {
        pick -= entry[0];
        if (pick < 0) {
          chosen = entry;
          break;
        }
      }
      const [, kind, request] = chosen;
      const [method, url] = request(me);
      if (restInFlight >= MAX_REST_IN_FLIGHT) return error("REST skipped: too many in flight");
      restInFlight++;
      const started = performance.now();
      try {
        const response = await fetch(httpBase + url, {
          method,
          headers: { authorization: `Bearer ${me.user.token}` },
          signal: AbortSignal.timeout(REST_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        current.restCalls++;
        current.restMs.push(performance.now() - started);
        current.restByKind[kind] = (current.restByKind[kind] ?? 0) + 1;
        if (!response.ok) error(`REST ${kind} ${response.status}`);
      } catch (failure) {
        const cause = (failure as { cause?: { code?: string } }).cause?.code;
        if (!stopping) error(`REST ${kind} failed: ${cause ?? (failure instanceof Error ? failure.name : "error")}`);
      } finally {
        restInFlight--;
      }
    };

    const trafficStart = performance.now();
    const cyclesInFlight = new Set<Promise<void>>();
    const tick = setInterval(() => {
      const elapsed = performance.now() - trafficStart;
      for (const due = Math.floor((settings.rate * elapsed) / 1000); seq < due; ) sendMessage(++seq);
      for (const due = Math.floor((settings.presenceRate * elapsed) / 1000); presenceSent < due; presenceSent++) {
        sendPresence();
      }
      for (const due = Math.floor((settings.restRate * elapsed) / 1000); restSent < due; restSent++) void restCall();
      // The first reconnect half an interval in, then one every interval.
      const interval = MINUTE_MS / settings.reconnectsPerMinute;
      for (const due = Math.floor(elapsed / interval + 0.5); cyclesStarted < due; cyclesStarted++) {
        const slot = randomSlot();
        if (!slot) continue;
        const task = cycle(slot);
        cyclesInFlight.add(task);
        void task.finally(() => cyclesInFlight.delete(task));
      }
    }, 20);

    // Copies not arrived within 30 s are lost.
    const sweep = setInterval(() => {
      const now = performance.now();
      for (const [key, entry] of outstanding) {
        if (now - entry.at < LOST_AFTER_MS) continue;
        current.lost += entry.remaining.size;
        for (let i = 0; i < entry.remaining.size; i++) error("delivery lost (none within 30 s)");
        outstanding.delete(key);
      }
    }, 1_000);

    const sample = () => {
      const rss = rssMb(pid);
      if (Number.isFinite(rss)) current.rssSamplesMb.push(rss);
    };
    const sampler = setInterval(sample, RSS_SAMPLE_MS);

    const stopTraffic = () => {
      clearInterval(tick);
    };

    // ---- minute by minute
    const rows: Row[] = [];
    current = newMinute(1);
    console.log(live.head);
    for (let minute = 1; minute <= settings.minutes; minute++) {
      const end = trafficStart + minute * MINUTE_MS;
      while (performance.now() < end && !interrupted && serverExit === undefined) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, Math.min(1_000, end - performance.now()));
        });
      }
      const early = interrupted || serverExit !== undefined;
      const last = minute === settings.minutes || early;
      if (last) {
        stopTraffic();
        // Let what is in flight arrive (counted in this minute).
        for (let waited = 0; waited < DRAIN_MS && outstanding.size > 0 && serverExit === undefined; waited += 100) {
          await sleep(100);
        }
        for (const entry of outstanding.values()) {
          current.lost += entry.remaining.size;
          for (let i = 0; i < entry.remaining.size; i++) error("delivery lost (none within 30 s)");
        }
        outstanding.clear();
      }
      sample();
      const done = current;
      done.partial = early;
      current = newMinute(minute + 1);
      const stats = serverExit === undefined ? await serverStats() : undefined;
      const deliveryMs = percentiles(done.deliveryMs);
      const restMs = percentiles(done.restMs);
      const row: Row = {
        minute,
        partial: done.partial,
        rssMb: round(median(done.rssSamplesMb)),
        rssMaxMb: round(Math.max(...done.rssSamplesMb)),
        rssSamplesMb: done.rssSamplesMb.map((n) => round(n)),
        rssGcMb: round(stats?.rssMb ?? Number.NaN),
        heapGcMb: round(stats?.heapUsedMb ?? Number.NaN),
        externalGcMb: round(stats?.externalMb ?? Number.NaN),
        gcMs: round(stats?.gcMs ?? Number.NaN),
        dbMb: round(stats?.dbMb ?? Number.NaN),
        sessionsHeld: stats?.sessions ?? Number.NaN,
        handles: stats?.handles ?? Number.NaN,
        sent: done.sent,
        sentPrivate: done.sentPrivate,
        sentGroup: done.sentGroup,
        expected: done.expected,
        delivered: done.delivered,
        dropped: done.dropped,
        unexpected: done.unexpected,
        lost: done.lost,
        deliveryMs,
        statusEvents: done.statusEvents,
        presence: done.presence,
        restCalls: done.restCalls,
        restMs,
        restByKind: done.restByKind,
        errors: Object.values(done.errors).reduce((s, n) => s + n, 0),
        errorsByKind: done.errors,
        reconnects: done.reconnects,
      };
      rows.push(row);
      console.log(live.row(columns.map(([, cell]) => cell(row))));
      for (const [kind, n] of Object.entries(done.errors)) log(`minute ${minute}: ${n} × ${kind}`);
      if (early) break;
    }

    // ---- stop
    stopping = true;
    clearInterval(sweep);
    clearInterval(sampler);
    clearInterval(beat);
    await Promise.race([Promise.all([...cyclesInFlight, ...reopening]), sleep(10_000)]);
    for (const slot of slots) slot.session?.socket.terminate();
    if (serverExit !== undefined) {
      log(`the server exited during the soak (${serverExit})`);
      exitCode = 1;
    } else if (interrupted) exitCode = 130;

    // ---- report
    const verdict = judge(rows);
    console.log("");
    console.log(
      renderTable(
        columns.map(([header]) => header),
        rows.map((row) => columns.map(([, cell]) => cell(row))),
      ),
    );
    console.log("");
    const sum = (key: "sent" | "expected" | "delivered" | "dropped" | "lost" | "errors" | "reconnects" | "restCalls") =>
      rows.reduce((s, r) => s + r[key], 0);
    console.log(
      `totals: ${sum("sent")} messages sent, ${sum("delivered")}/${sum("expected")} recipient copies delivered ` +
        `(${sum("dropped")} dropped by reconnects, ${sum("lost")} lost), ${sum("restCalls")} REST calls, ` +
        `${sum("reconnects")} reconnects, ${sum("errors")} errors`,
    );
    const signed = (n: number) => `${n >= 0 ? "+" : ""}${n}`;
    const describe = (name: string, t: Trend | undefined) =>
      t
        ? `${name}, minute ${t.baselineMinute} → ${t.lastMinute}: ${signed(t.growthMb)} MB (${signed(t.growthPct)} %; ` +
          `${t.baselineMb} → ${t.lastMb} MB), trend ${signed(t.slopeMbPerMin)} MB/min, up in ${t.risingSteps} steps` +
          (t.growing ? "  ← growing" : "")
        : `${name}: n/a (no minute after the warm-up minute)`;
    console.log(describe("RSS after GC", verdict.rssAfterGc));
    console.log(describe("heap after GC", verdict.heapAfterGc));
    console.log(describe("RSS median (no forced GC)", verdict.rssMedian));
    console.log(`verdict: ${verdict.verdict}${verdict.note ? ` (${verdict.note})` : ""}`);
    console.log(`  rule: ${verdict.rule}`);
    if (rows.some((r) => r.partial)) console.log("  * partial minute (interrupted or the server died)");

    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = writeResults(`soak-${stamp}.json`, {
      date: new Date().toISOString(),
      cores: availableParallelism(),
      settings,
      db,
      broker: ready.broker,
      seedS: ready.seedS,
      opening: { seconds: round(openingS), handshakeMs },
      serverExit: serverExit ?? null,
      verdict,
      minutes: rows,
    });
    log(`wrote ${file}`);
  } catch (failure) {
    log(failure instanceof Error ? failure.message : String(failure));
    exitCode = 1;
  } finally {
    await stopServer();
    // Left behind only if the server died (with PostgreSQL its scratch database stays too: bench_soak_…).
    if (serverExit !== 0 && dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(exitCode);
}

if (values.role === "server") {
  await runServer();
} else {
  await main();
}
