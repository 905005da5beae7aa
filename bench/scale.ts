/**
 * npm run bench:scale — what a second instance buys (DESIGN §13, issue 16): the product behind the
 * balancer with one instance and with two, on this machine. Not a test.
 *
 *   npm run bench:scale -- [--quick] [--duration 6] [--rounds 3] [--connections 64] [--accounts 1800]
 *                          [--step 5] [--rates 250,500,750,1000,1500,2000,2500,3000,3500,4000,4500]
 *
 * test/helpers/topology.ts starts two topologies side by side, one with 1 instance and one with 2
 * (server/main.ts processes with NODE_ENV=production, each topology on a fresh PostgreSQL database
 * and its own Redis prefix and s3rver, behind its own Debian nginx running
 * deploy/nginx/steelcraft.conf: round robin, no sticky sessions), and measures them in turn, the
 * same load on one then on the other, so that whatever else the machine is doing meanwhile falls on
 * both alike; the topology not being measured idles (its CPU is shown). --accounts employee accounts
 * are inserted into each database and their tokens signed with the JWT_SECRET the instances are
 * given (as bench:chat does: the bench is about throughput, not argon2, and 1 800 logins would take
 * minutes). Then, through nginx:
 *
 *   REST   wrk (Debian package `wrk`; the bench stops and says so if it is absent), one thread,
 *          --connections kept-alive connections, a 2 s warm-up, then --rounds runs of --duration s
 *          per topology, alternating (1, 2, then 2, 1, …); the median run counts. Endpoints:
 *            GET /api/auth/me   staff: the token checked, the session and the account read from
 *                               PostgreSQL (tokens rotated over 200 accounts by a Lua script)
 *            GET /services      public: a prerendered page served from the instance's memory
 *          req/s and wrk's latency p50/p99 (closed loop: latency at saturation, not at a target
 *          rate). Each instance's http_request_duration_seconds_count shows how nginx split them.
 *   Chat   per topology a child process plays the browsers (so the servers are what is measured):
 *          one STOMP session per account over WebSocket (stomp_sessions on each instance's /metrics
 *          shows where they landed), then private messages SENT to /app/chat.sendPrivateMessage
 *          (with a RECEIPT, as the browser asks) at a fixed offered rate for --step s, senders in
 *          turn, recipients at random (with two instances half the messages cross through Redis).
 *          The rate steps up --rates, each rate on one topology then the other, until on that
 *          topology the delivery p99 (SEND → the recipient's MESSAGE) passes 50 ms or a message is
 *          lost (a rate that does not hold is tried once more: one pause of another process's can
 *          spoil a few seconds' p99), then once more halfway between the last rate that held and the
 *          first that did not. The result is the highest rate that held. The per-account limit (30
 *          in 10 s, shared/chat.ts) is kept out of the way by the number of accounts: no rate above
 *          0.9 × accounts × 30 / 10 s is offered, and any refusal marks the step.
 *
 * Over every measured interval the CPU time of each process is read from /proc/<pid>/stat: each
 * instance, nginx (one worker), the load generator (wrk, or the chat's client process), PostgreSQL
 * (its own processes and the topology's backends; other databases' backends are someone else's)
 * and Redis, this process (which also runs the s3rvers), the idle topology, and the machine's total
 * from /proc/stat: interrupts (loopback networking, counted apart from processes), steal, and
 * "other", what none of these accounts for (other work on the machine; its busiest are named).
 * Those figures say what limits the second instance's gain.
 *
 * Prints one table (1 instance, 2 instances, ratio), the CPU table and a note on what limits it;
 * writes everything to bench/results/scale-<timestamp>.json (git-ignored). --quick: one 3 s REST
 * run, 3 s chat steps, 1 000 accounts, fewer rates. Needs PostgreSQL (DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/postgres), Redis (REDIS_URL or redis://127.0.0.1:6379), nginx
 * and build/client (the instances serve the site).
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { SignJWT } from "jose";
import pg from "pg";
import { chatLimits } from "../shared/chat.ts";
import type { Topology } from "../test/helpers/topology.ts";
import { wholeNumber } from "./lib/args.ts";
import { heartbeats, openSessions, type Session, sleep } from "./lib/chat-bench.ts";
import { type CpuUse, cpuUse, type Machine, otherProcesses, type Roles, RUN_QUEUE } from "./lib/cpu-use.ts";
import { clockTicksPerSecond, readCpuSnapshot, readProcesses } from "./lib/proc-cpu.ts";
import { benchRoot, type Percentiles, percentiles, renderTable, round, writeResults } from "./lib/report.ts";
import { runWrk, wrkPath } from "./lib/run-wrk.ts";
import { wrkScript } from "./lib/wrk.ts";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    duration: { type: "string" },
    rounds: { type: "string" },
    connections: { type: "string", default: "64" },
    accounts: { type: "string" },
    step: { type: "string" },
    rates: { type: "string" },
    // Internal: which process this is.
    role: { type: "string", default: "main" },
  },
});

const self = fileURLToPath(import.meta.url);
const log = (message: string) => console.error(`bench:scale: ${message}`);
const P99_LIMIT_MS = 50;
const WARMUP_S = 2;
/** How long after a step's last SEND its messages may still arrive before the missing ones count as lost. */
const DRAIN_MS = 5_000;

const settings = {
  quick: values.quick,
  restSeconds: wholeNumber("bench:scale", "duration", values.duration ?? (values.quick ? "3" : "6"), 1, 120),
  rounds: wholeNumber("bench:scale", "rounds", values.rounds ?? (values.quick ? "1" : "3"), 1, 20),
  connections: wholeNumber("bench:scale", "connections", values.connections, 1, 1000),
  // Each session is two connections in nginx (4 096 per worker): at most 1 900 with wrk's beside them.
  accounts: wholeNumber("bench:scale", "accounts", values.accounts ?? (values.quick ? "1000" : "1800"), 10, 1900),
  stepSeconds: wholeNumber("bench:scale", "step", values.step ?? (values.quick ? "3" : "5"), 1, 60),
  rates: (
    values.rates ?? (values.quick ? "250,500,1000,2000,3000" : "250,500,750,1000,1500,2000,2500,3000,3500,4000,4500")
  )
    .split(",")
    .map((r) => wholeNumber("bench:scale", "rates", r.trim(), 1, 100_000))
    .sort((a, b) => a - b),
};
/** The most an account may send in the limit's window, kept 10 % below it. */
const maxRate = Math.floor(
  (0.9 * settings.accounts * chatLimits.rateLimitMessages * 1000) / chatLimits.rateLimitWindowMs,
);

// ---------------------------------------------------------------------------------------------
// CPU time per process, from /proc (lib/proc-cpu.ts, lib/cpu-use.ts).

const machine: Machine = { clockTicks: clockTicksPerSecond(), cores: os.availableParallelism(), self: process.pid };
/** PostgreSQL's titles name a backend's database: whose is whose. */
const snapshot = () => readCpuSnapshot({ titleOf: (comm) => comm === "postgres" });

async function measured<T>(
  roles: () => Roles,
  work: () => Promise<T>,
): Promise<{ result: T; cpu: CpuUse; others: string[] }> {
  const before = snapshot();
  const result = await work();
  const after = snapshot();
  return {
    result,
    cpu: cpuUse(before, after, roles(), machine),
    others: otherProcesses(before, after, roles(), machine),
  };
}

// ---------------------------------------------------------------------------------------------
// Accounts and the instances' metrics.

interface Account {
  username: string;
  token: string;
}

async function createAccounts(databaseUrl: string, jwtSecret: string, count: number): Promise<Account[]> {
  const { TOKEN_AUDIENCE, TOKEN_ISSUER } = await import("../server/plugins/auth.ts");
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const { rows } = await pool.query<{ id: string; username: string }>(
      `insert into users (kind, name, email, username, password_hash)
       select 'employee', 'Scale User ' || n, 'scale' || n || '@example.com', 'scale.u' || lpad(n::text, 5, '0'), 'not-a-login'
       from generate_series(0, $1::int - 1) as n
       returning id, username`,
      [count],
    );
    const key = new TextEncoder().encode(jwtSecret);
    return Promise.all(
      rows.map(async (row) => ({
        username: row.username,
        token: await new SignJWT({ username: row.username, role: "employee", ver: 0 })
          .setProtectedHeader({ alg: "HS256", typ: "JWT" })
          .setSubject(String(row.id))
          .setJti(randomBytes(16).toString("base64url"))
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE)
          .setIssuedAt()
          .setExpirationTime("2h")
          .sign(key),
      })),
    );
  } finally {
    await pool.end();
  }
}

/** The sum of a metric's samples on one instance, read from its own /metrics (loopback may). */
async function metric(base: string, name: string): Promise<number> {
  const response = await fetch(`${base}/metrics`);
  if (!response.ok) throw new Error(`${base}/metrics answered ${response.status}`);
  const line = new RegExp(`^${name}(\\{.*\\})? `);
  return (await response.text())
    .split("\n")
    .filter((row) => line.test(row))
    .reduce((sum, row) => sum + Number(row.slice(row.lastIndexOf(" ") + 1)), 0);
}

const perInstance = (topology: Topology, name: string) =>
  Promise.all(topology.instances.map((one) => metric(one.base, name)));

// ---------------------------------------------------------------------------------------------
// REST: wrk through nginx.

interface RestResult {
  endpoint: string;
  requestsPerS: number;
  latencyMs: { p50: number; p99: number; max: number };
  requests: number;
  errors: number;
  non2xx: number;
  /** Requests each instance counted during the run (warm-up excluded). */
  perInstance: number[];
  cpu: CpuUse;
  /** The busiest processes not the bench's (cores): what "other" is. */
  others: string[];
  /** req/s of every run (the figures above are the median run's). */
  runs?: number[];
}

function writeWrkScript(dir: string, endpoint: Endpoint, accounts: Account[]): string {
  const file = path.join(dir, `${endpoint.name}.lua`);
  writeFileSync(file, wrkScript(endpoint.path, endpoint.authenticated ? accounts.map((a) => a.token) : undefined));
  return file;
}

async function restRun(
  url: string,
  script: string,
  seconds: number,
): Promise<Omit<RestResult, "perInstance" | "cpu" | "others">> {
  const result = await runWrk({ url, script, seconds, connections: settings.connections });
  return { endpoint: new URL(url).pathname, ...result };
}

interface Endpoint {
  name: string;
  path: string;
  authenticated: boolean;
  label: string;
}

const endpoints: Endpoint[] = [
  { name: "me", path: "/api/auth/me", authenticated: true, label: "GET /api/auth/me (staff, PostgreSQL)" },
  { name: "page", path: "/services", authenticated: false, label: "GET /services (public page)" },
];

/** Median of the runs by req/s; every run is kept in the JSON. */
function medianRun(runs: RestResult[]): RestResult {
  return [...runs].sort((x, y) => x.requestsPerS - y.requestsPerS)[Math.floor((runs.length - 1) / 2)]!;
}

/** Each endpoint on both topologies, runs alternating between them (1, 2, then 2, 1, …). */
async function benchRest(both: Running[]): Promise<RestResult[][]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-scale-"));
  const results: RestResult[][] = both.map(() => []);
  try {
    for (const endpoint of endpoints) {
      const script = writeWrkScript(dir, endpoint, both[0]!.accounts.slice(0, 200));
      for (const t of both) {
        // The answer is what the bench thinks it is before it is counted.
        const check = await fetch(`${t.topology.url}${endpoint.path}`, {
          headers: endpoint.authenticated ? { authorization: `Bearer ${t.accounts[0]!.token}` } : {},
        });
        await check.arrayBuffer();
        if (check.status !== 200) throw new Error(`GET ${endpoint.path} answered ${check.status} through nginx`);
        // Each topology signs its own tokens: its own script.
        t.script = writeWrkScript(dir, { ...endpoint, name: `${endpoint.name}-${t.count}` }, t.accounts.slice(0, 200));
        await restRun(`${t.topology.url}${endpoint.path}`, t.script, WARMUP_S);
      }
      const runs: RestResult[][] = both.map(() => []);
      for (let round = 0; round < settings.rounds; round++) {
        const order = round % 2 === 0 ? both : [...both].reverse();
        for (const t of order) {
          const url = `${t.topology.url}${endpoint.path}`;
          const before = await perInstance(t.topology, "http_request_duration_seconds_count");
          const { result, cpu, others } = await measured(
            () => t.roles({ wrk: true }),
            () => restRun(url, t.script ?? script, settings.restSeconds),
          );
          const after = await perInstance(t.topology, "http_request_duration_seconds_count");
          const run: RestResult = { ...result, perInstance: after.map((n, i) => n - before[i]!), cpu, others };
          log(
            `  ${t.count} inst. ${endpoint.path}: ${run.requestsPerS} req/s, p50 ${run.latencyMs.p50} ms, p99 ${run.latencyMs.p99} ms` +
              ` (per instance ${run.perInstance.join(" / ")}; errors ${run.errors}, non-2xx ${run.non2xx})`,
          );
          runs[both.indexOf(t)]!.push(run);
        }
      }
      runs.forEach((r, i) => {
        results[i]!.push({ ...medianRun(r), runs: r.map((x) => x.requestsPerS) });
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Chat: the client process (the browsers) and the steps.

interface StepReport {
  offeredPerS: number;
  seconds: number;
  sent: number;
  delivered: number;
  receipts: number;
  refusals: number;
  deliveredPerS: number;
  deliveryMs: Percentiles;
  receiptMs: Percentiles;
  /** Sessions still open after the step. */
  alive: number;
}

type ToClients =
  | { type: "plan"; wsUrl: string; accounts: Account[] }
  | { type: "step"; rate: number; seconds: number }
  | { type: "end" };
type FromClients =
  | { type: "connected"; opened: number; handshakeMs: Percentiles }
  | { type: "step"; report: StepReport }
  | { type: "failed"; message: string };

async function runClients() {
  const next = () => new Promise<ToClients>((resolve) => process.once("message", (m) => resolve(m as ToClients)));
  const reply = (message: FromClients) => process.send?.(message);
  const plan = (await next()) as Extract<ToClients, { type: "plan" }>;

  let sentAt = new Map<number, number>();
  let deliveryMs: number[] = [];
  let receiptMs: number[] = [];
  let delivered = 0;
  let receipts = 0;
  let refusals = 0;
  let lastDeliveryAt = 0;
  let prefix = "";

  const onFrame = (session: Session, command: string, headers: Map<string, string>, body: string) => {
    const now = performance.now();
    if (command === "RECEIPT") {
      const id = headers.get("receipt-id") ?? "";
      if (!id.startsWith(prefix)) return;
      const started = sentAt.get(Number(id.slice(prefix.length)));
      receipts++;
      if (started !== undefined) receiptMs.push(now - started);
    } else if (command === "MESSAGE") {
      if (headers.get("subscription") === "e") {
        refusals++;
        return;
      }
      const message = JSON.parse(body) as { type?: string; recipient?: string; content?: string };
      // The recipient's copy (the sender gets an echo too), of this step.
      if (message.recipient !== session.username || !message.content?.startsWith(prefix)) return;
      const started = sentAt.get(Number(message.content.slice(prefix.length)));
      delivered++;
      lastDeliveryAt = now;
      if (started !== undefined) deliveryMs.push(now - started);
    }
  };

  let opened: Awaited<ReturnType<typeof openSessions>>;
  try {
    opened = await openSessions(plan.wsUrl, plan.accounts, onFrame);
  } catch (error) {
    reply({ type: "failed", message: `a session did not open: ${String(error)}` });
    return;
  }
  const { sessions, handshakes } = opened;
  const stopBeats = heartbeats(sessions);
  reply({ type: "connected", opened: sessions.length, handshakeMs: percentiles(handshakes) });

  let stepNumber = 0;
  let nextSender = 0;
  for (;;) {
    const order = await next();
    if (order.type !== "step") break;
    stepNumber++;
    prefix = `s${stepNumber}-`;
    sentAt = new Map();
    deliveryMs = [];
    receiptMs = [];
    delivered = 0;
    receipts = 0;
    refusals = 0;
    // Open loop: every 5 ms, catch up to rate × elapsed messages; senders in turn (each sends
    // rate / accounts a second), recipients at random.
    let seq = 0;
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        const elapsed = Math.min(performance.now() - started, order.seconds * 1000);
        const due = Math.floor((order.rate * elapsed) / 1000);
        for (; seq < due; ) {
          const senderIndex = nextSender++ % sessions.length;
          const sender = sessions[senderIndex]!;
          const offset = 1 + Math.floor(Math.random() * (sessions.length - 1));
          const recipient = sessions[(senderIndex + offset) % sessions.length]!;
          seq++;
          sentAt.set(seq, performance.now());
          const body = JSON.stringify({ recipient: recipient.username, content: `${prefix}${seq}` });
          sender.send("/app/chat.sendPrivateMessage", body, [`receipt:${prefix}${seq}`]);
        }
        if (elapsed >= order.seconds * 1000) {
          clearInterval(tick);
          resolve();
        }
      }, 5);
    });
    const sentEnd = performance.now();
    while (performance.now() - sentEnd < DRAIN_MS && (delivered < seq || receipts < seq)) await sleep(20);
    const seconds = Math.max(order.seconds, (lastDeliveryAt - started) / 1000);
    reply({
      type: "step",
      report: {
        offeredPerS: order.rate,
        seconds: round(seconds, 2),
        sent: seq,
        delivered,
        receipts,
        refusals,
        deliveredPerS: Math.round(delivered / seconds),
        deliveryMs: percentiles(deliveryMs),
        receiptMs: percentiles(receiptMs),
        alive: sessions.filter((session) => session.open).length,
      },
    });
  }
  stopBeats();
  for (const session of sessions) session.socket.terminate();
  process.exit(0);
}

function nextFromClients<T extends FromClients["type"]>(
  child: ChildProcess,
  type: T,
): Promise<Extract<FromClients, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the client process exited (${code})`));
    const onMessage = (message: FromClients) => {
      if (message.type === "failed") {
        child.off("message", onMessage);
        child.off("exit", onExit);
        reject(new Error(message.message));
      } else if (message.type === type) {
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(message as Extract<FromClients, { type: T }>);
      }
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

interface ChatStep extends StepReport {
  held: boolean;
  why: string;
  /** 1, or 2 when the first try at this rate did not hold (it is in `steps` too). */
  attempt: number;
  cpu: CpuUse;
  others: string[];
}

interface ChatResult {
  sessions: number;
  /** stomp_sessions on each instance once every session was open. */
  sessionsPerInstance: number[];
  handshakeMs: Percentiles;
  /** The highest offered rate that held (0 if none did), and its step. */
  heldPerS: number;
  best: ChatStep | undefined;
  /** The first step that did not hold, if any: what gave way. */
  firstFailed: ChatStep | undefined;
  ceilingReached: boolean;
  steps: ChatStep[];
}

function verdict(step: StepReport): { held: boolean; why: string } {
  if (step.refusals > 0) return { held: false, why: `${step.refusals} refused (rate limit)` };
  if (step.delivered < step.sent) return { held: false, why: `${step.sent - step.delivered} lost` };
  if (!(step.deliveryMs.p99 <= P99_LIMIT_MS)) return { held: false, why: `p99 ${step.deliveryMs.p99} ms` };
  return { held: true, why: "" };
}

interface ChatState {
  t: Running;
  child: ChildProcess;
  connected: Extract<FromClients, { type: "connected" }>;
  sessionsPerInstance: number[];
  steps: ChatStep[];
  best?: ChatStep;
  firstFailed?: ChatStep;
}

/** The browsers of one topology: a client process with one session per account. */
async function openChat(t: Running): Promise<ChatState> {
  const child = fork(self, ["--role", "clients"], { execArgv: ["--v8-pool-size=0", "--import", "tsx"] });
  t.clients = child.pid;
  child.send({ type: "plan", wsUrl: t.topology.wsUrl, accounts: t.accounts } satisfies ToClients);
  const connected = await nextFromClients(child, "connected");
  const sessionsPerInstance = await perInstance(t.topology, "stomp_sessions");
  log(
    `  ${t.count} inst.: ${connected.opened} sessions open (handshake p50 ${connected.handshakeMs.p50} ms, ` +
      `p99 ${connected.handshakeMs.p99} ms); stomp_sessions per instance: ${sessionsPerInstance.join(" / ")}`,
  );
  if (sessionsPerInstance.some((n) => n === 0)) log(`  warning: an instance of ${t.count} holds no session`);
  return { t, child, connected, sessionsPerInstance, steps: [] };
}

async function chatStep(state: ChatState, rate: number, seconds: number, attempt = 1): Promise<ChatStep> {
  const { result, cpu, others } = await measured(
    () => state.t.roles({}),
    async () => {
      state.child.send({ type: "step", rate, seconds } satisfies ToClients);
      return (await nextFromClients(state.child, "step")).report;
    },
  );
  return { ...result, ...verdict(result), attempt, cpu, others };
}

/** One rate on one topology; a rate that does not hold is tried once more. */
async function chatRate(state: ChatState, rate: number): Promise<ChatStep> {
  const once = async (attempt: number) => {
    const result = await chatStep(state, rate, settings.stepSeconds, attempt);
    log(
      `  ${state.t.count} inst. ${rate}/s offered${attempt > 1 ? " (again)" : ""}: ${result.deliveredPerS}/s delivered, ` +
        `p50 ${result.deliveryMs.p50} ms, p99 ${result.deliveryMs.p99} ms, ${result.delivered}/${result.sent} delivered` +
        `${result.held ? "" : ` — does not hold (${result.why})`}`,
    );
    state.steps.push(result);
    return result;
  };
  // On a shared machine one pause of another process's can spoil a few seconds' p99: a rate holds if either try did.
  const first = await once(1);
  const result = first.held || first.refusals > 0 ? first : await once(2);
  if (result.held) state.best = result;
  else state.firstFailed ??= result;
  return result;
}

/** The chat on both topologies: the same rate on one, then on the other, up the ladder. */
async function benchChat(both: Running[]): Promise<ChatResult[]> {
  const states: ChatState[] = [];
  try {
    for (const t of both) states.push(await openChat(t));
    for (const state of states) {
      const warmup = await chatStep(state, settings.rates[0]!, WARMUP_S);
      log(`  ${state.t.count} inst. warm-up ${warmup.offeredPerS}/s: p99 ${warmup.deliveryMs.p99} ms`);
    }
    let round = 0;
    for (const rate of settings.rates.filter((r) => r <= maxRate)) {
      const order = round++ % 2 === 0 ? states : [...states].reverse();
      const going = order.filter((state) => !state.firstFailed);
      if (going.length === 0) break;
      for (const state of going) await chatRate(state, rate);
    }
    // Once more halfway between the last rate that held and the first that did not.
    for (const state of states) {
      if (!state.firstFailed) continue;
      const low = state.best?.offeredPerS ?? 0;
      const middle = Math.round((low + state.firstFailed.offeredPerS) / 2 / 50) * 50;
      if (middle > low && middle < state.firstFailed.offeredPerS) {
        const failed = state.firstFailed;
        const result = await chatRate(state, middle);
        if (!result.held) state.firstFailed = result;
        else state.firstFailed = failed;
      }
    }
    return states.map((state) => ({
      sessions: state.connected.opened,
      sessionsPerInstance: state.sessionsPerInstance,
      handshakeMs: state.connected.handshakeMs,
      heldPerS: state.best?.offeredPerS ?? 0,
      best: state.best,
      firstFailed: state.firstFailed,
      ceilingReached: state.firstFailed !== undefined,
      steps: state.steps,
    }));
  } finally {
    for (const state of states) {
      state.child.send({ type: "end" } satisfies ToClients);
      state.t.clients = undefined;
      setTimeout(() => state.child.kill("SIGKILL"), 2_000).unref();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Main: both topologies up at once (the one not measured idles), measured in turn.

/** One topology while it runs: who its processes are. */
interface Running {
  count: number;
  topology: Topology;
  accounts: Account[];
  database: string;
  nginx: number | undefined;
  startS: number;
  loadAverageAtStart: number[];
  /** The chat's client process, while it runs. */
  clients?: number;
  /** This topology's wrk script for the endpoint being measured. */
  script?: string;
  /** The roles of the processes during a measurement of this topology (the other one idles). */
  roles(extra: { wrk?: boolean }): Roles;
}

interface TopologyResult {
  instances: number;
  loadAverageAtStart: number[];
  startS: number;
  rest: RestResult[];
  chat: ChatResult;
}

/** The nginx processes this process started. */
const nginxPids = () =>
  new Set([...readProcesses()].filter(([, t]) => t.comm === "nginx" && t.ppid === process.pid).map(([pid]) => pid));

async function startRunning(count: number, all: Running[]): Promise<Running> {
  const { startTopology } = await import("../test/helpers/topology.ts");
  const loadAverageAtStart = os.loadavg().map((n) => round(n, 2));
  const jwtSecret = randomBytes(32).toString("hex");
  log(`${count} instance(s): starting (load average ${loadAverageAtStart.join(", ")})`);
  const startedAt = performance.now();
  const nginxBefore = nginxPids();
  const topology = await startTopology({
    instances: count,
    env: { NODE_ENV: "production", LOG_LEVEL: "warn", JWT_SECRET: jwtSecret },
  });
  try {
    const startS = round((performance.now() - startedAt) / 1000);
    const accounts = await createAccounts(topology.env.DATABASE_URL!, jwtSecret, settings.accounts);
    const nginx = [...nginxPids()].find((pid) => !nginxBefore.has(pid));
    if (nginx === undefined) log("  warning: nginx's process not found: its CPU is counted as other");
    const database = new URL(topology.env.DATABASE_URL!).pathname.slice(1);
    log(`  up in ${startS} s; ${accounts.length} accounts`);
    const running: Running = {
      count,
      topology,
      accounts,
      database,
      nginx,
      startS,
      loadAverageAtStart,
      roles(extra) {
        const pidsOf = (r: Running) => [
          ...r.topology.instances.map((one) => one.server?.child.pid ?? -1),
          ...(r.nginx === undefined ? [] : [r.nginx]),
          ...(r.clients === undefined ? [] : [r.clients]),
        ];
        return {
          instances: topology.instances.map((one) => one.server?.child.pid ?? -1),
          database,
          nginx,
          clients: running.clients,
          wrk: extra.wrk,
          idle: all.filter((r) => r !== running).flatMap(pidsOf),
        };
      },
    };
    return running;
  } catch (error) {
    log(topology.output().slice(-4_000));
    await topology.close();
    throw error;
  }
}

const ratio = (one: number, two: number) => (one > 0 ? `${(two / one).toFixed(2)}×` : "n/a");

function summaryTable(one: TopologyResult, two: TopologyResult): string {
  const rows = endpoints.map((endpoint, i) => {
    const [a, b] = [one.rest[i]!, two.rest[i]!];
    const cell = (r: RestResult) =>
      `${r.requestsPerS} (p50 ${r.latencyMs.p50} / p99 ${r.latencyMs.p99} ms)${r.errors + r.non2xx > 0 ? ` ${r.errors + r.non2xx} failed` : ""}`;
    return [`REST ${endpoint.label}, req/s`, cell(a), cell(b), ratio(a.requestsPerS, b.requestsPerS)];
  });
  const chatCell = (c: ChatResult) =>
    c.best
      ? `${c.heldPerS}${c.ceilingReached ? "" : "+"} (p99 ${c.best.deliveryMs.p99} ms; ${c.best.deliveredPerS} delivered/s)`
      : `none held (p99 ${c.firstFailed?.deliveryMs.p99} ms at ${c.firstFailed?.offeredPerS}/s)`;
  rows.push([
    `chat messages/s at p99 ≤ ${P99_LIMIT_MS} ms`,
    chatCell(one.chat),
    chatCell(two.chat),
    ratio(one.chat.heldPerS, two.chat.heldPerS),
  ]);
  return renderTable(["workload", "1 instance", "2 instances", "ratio (aim ≥ 1.8×)"], rows);
}

const CPU_COLUMNS = [
  "machine",
  "instance 1",
  "instance 2",
  "nginx",
  "load generator",
  "PostgreSQL",
  "Redis",
  "bench + s3rver",
  "idle topology",
  "interrupts",
  "other",
  "steal",
  RUN_QUEUE,
];

interface CpuRow {
  label: string;
  cpu: CpuUse;
  others: string[];
}

function cpuRows(results: TopologyResult[]): CpuRow[] {
  const rows: CpuRow[] = [];
  for (const r of results) {
    const n = `${r.instances} inst.`;
    r.rest.forEach((run, i) => {
      rows.push({ label: `${n} REST ${endpoints[i]!.path} (wrk)`, cpu: run.cpu, others: run.others });
    });
    const { best, firstFailed } = r.chat;
    if (best) rows.push({ label: `${n} chat ${best.offeredPerS}/s (held)`, cpu: best.cpu, others: best.others });
    if (firstFailed) {
      rows.push({
        label: `${n} chat ${firstFailed.offeredPerS}/s (did not)`,
        cpu: firstFailed.cpu,
        others: firstFailed.others,
      });
    }
  }
  return rows;
}

function cpuTable(rows: CpuRow[]): string {
  return renderTable(
    ["cores used during", ...CPU_COLUMNS, "other: busiest"],
    rows.map(({ label, cpu, others }) => [
      label,
      ...CPU_COLUMNS.map((c) => (cpu[c] === undefined ? "–" : cpu[c]!.toFixed(c === RUN_QUEUE ? 0 : 2))),
      others.slice(0, 2).join(", "),
    ]),
  );
}

const instanceCores = (cpu: CpuUse) => (cpu["instance 1"] ?? 0) + (cpu["instance 2"] ?? 0);

/** What limits the gain: where the machine's time went in the two-instance runs, against the one-instance runs. */
function limitsNote(one: TopologyResult, two: TopologyResult, cores: number): string[] {
  const lines: string[] = [];
  /** `perS`: requests or messages a second during each measurement, for the instances' CPU time per unit. */
  const describe = (
    what: string,
    gain: string,
    cpu1: CpuUse,
    cpu2: CpuUse,
    others: string[],
    perS: [number, number, string],
  ) => {
    const busy = cpu2.machine ?? 0;
    const each = (cpu: CpuUse, n: number) => (n > 0 ? ((instanceCores(cpu) / n) * 1e6).toFixed(0) : "n/a");
    const f = (n: number | undefined) => (n ?? 0).toFixed(2);
    const parts =
      `instances ${f(instanceCores(cpu2))} (one instance alone: ${f(instanceCores(cpu1))}), nginx ${f(cpu2.nginx)}, ` +
      `load generator ${f(cpu2["load generator"])}, PostgreSQL ${f(cpu2.PostgreSQL)}, Redis ${f(cpu2.Redis)}, ` +
      `bench ${f(cpu2["bench + s3rver"])}, interrupts ${f(cpu2.interrupts)}, other ${f(cpu2.other)}` +
      `${others.length > 0 ? ` (${others.slice(0, 3).join(", ")})` : ""}, steal ${f(cpu2.steal)}`;
    const limit =
      busy + (cpu2.steal ?? 0) >= 0.9 * cores
        ? `the CPU is the limit: the second instance added ${f(instanceCores(cpu2) - instanceCores(cpu1))} cores of app time, ` +
          `the rest of the machine went to what serves and drives them${(cpu2.other ?? 0) >= 0.25 ? " and to others' work" : ""}`
        : (cpu2.nginx ?? 0) >= 0.85
          ? "nginx's single worker is near one full core"
          : (cpu2[RUN_QUEUE] ?? 0) >= 50
            ? `the CPU is not saturated on average (${f(cores - busy)} cores idle), but more processes are runnable ` +
              `than there are cores at the moments that make the tail`
            : `the CPU is not saturated (${f(cores - busy)} cores idle): waiting (PostgreSQL, Redis, the network path) limits it`;
    const disturbed =
      (cpu2.other ?? 0) >= 0.25 || (cpu1.other ?? 0) >= 0.25
        ? ` Other work on the machine took ${f(cpu1.other)} / ${f(cpu2.other)} cores (1 / 2 instances): the ratio is disturbed by it.`
        : "";
    const waited =
      ` Each instance's event loop waited ${(cpu2[RUN_QUEUE] ?? 0).toFixed(0)} ms per second for a core ` +
      `(one instance alone: ${(cpu1[RUN_QUEUE] ?? 0).toFixed(0)}).`;
    const cost = ` The instances spent ${each(cpu2, perS[1])} µs of CPU per ${perS[2]} (one instance: ${each(cpu1, perS[0])} µs).`;
    lines.push(`${what} ${gain}: ${f(busy)} of ${cores} cores busy — ${parts}; ${limit}.${waited}${cost}${disturbed}`);
  };
  two.rest.forEach((run, i) => {
    describe(
      `REST ${endpoints[i]!.path}`,
      ratio(one.rest[i]!.requestsPerS, run.requestsPerS),
      one.rest[i]!.cpu,
      run.cpu,
      run.others,
      [one.rest[i]!.requestsPerS, run.requestsPerS, "request"],
    );
  });
  const chat1 = one.chat.firstFailed ?? one.chat.best;
  const chat2 = two.chat.firstFailed ?? two.chat.best;
  if (chat1 && chat2) {
    describe(
      `chat (at ${chat1.offeredPerS}/s and ${chat2.offeredPerS}/s, the first rates that did not hold or the last that did)`,
      ratio(one.chat.heldPerS, two.chat.heldPerS),
      chat1.cpu,
      chat2.cpu,
      chat2.others,
      [chat1.deliveredPerS, chat2.deliveredPerS, "message"],
    );
  }
  for (const [r, name] of [
    [one, "one instance"],
    [two, "two instances"],
  ] as const) {
    if (!r.chat.ceilingReached && r.chat.best) {
      lines.push(
        `The chat with ${name} held every rate offered, up to ${r.chat.heldPerS}/s (no more is offered: ${settings.accounts} ` +
          `accounts may send ${maxRate}/s within the per-account limit): its ceiling is higher than shown.`,
      );
    }
  }
  if (cores <= 2) {
    lines.push(
      `On ${cores} cores the two instances, nginx, PostgreSQL, Redis and the load generator all share the same ${cores} cores: ` +
        "a second instance adds an event loop, not a core. Where one instance already left the machine busy, the " +
        "ratio measures the cost of a second process, not what a second machine would give.",
    );
  }
  return lines;
}

async function main() {
  if (!existsSync(wrkPath)) {
    log(`wrk is not installed (${wrkPath}): apt-get install -y wrk (or set WRK_PATH). The REST part needs it.`);
    process.exit(1);
  }
  if (!existsSync(path.join(benchRoot, "build", "client"))) {
    log("build/client is missing: the instances serve the site (npm run build first)");
    process.exit(1);
  }
  const cores = os.availableParallelism();
  const loadAverage = os.loadavg().map((n) => round(n, 2));
  const started = performance.now();
  log(
    `${cores} cores, load average ${loadAverage.join(", ")}; ${settings.accounts} accounts, ` +
      `chat rates ${settings.rates.filter((r) => r <= maxRate).join(", ")}/s (at most ${maxRate}/s: the per-account limit)`,
  );
  const both: Running[] = [];
  // Interrupted, the topologies still go: nginx, the instances, the databases and the Redis keys.
  process.once("SIGINT", () => {
    log("interrupted: closing the topologies");
    void Promise.allSettled(both.map((t) => t.topology.close())).finally(() => process.exit(130));
  });
  let one: TopologyResult;
  let two: TopologyResult;
  try {
    both.push(await startRunning(1, both));
    both.push(await startRunning(2, both));
    log(
      `REST: ${settings.rounds} run(s) of ${settings.restSeconds} s per endpoint and topology, alternating; the median run counts`,
    );
    const rest = await benchRest(both);
    log(
      `chat: ${settings.stepSeconds} s per rate, each rate on one topology then the other, p99 limit ${P99_LIMIT_MS} ms`,
    );
    const chat = await benchChat(both);
    [one, two] = both.map((t, i) => ({
      instances: t.count,
      loadAverageAtStart: t.loadAverageAtStart,
      startS: t.startS,
      rest: rest[i]!,
      chat: chat[i]!,
    })) as [TopologyResult, TopologyResult];
  } catch (error) {
    for (const t of both) log(t.topology.output().slice(-3_000));
    throw error;
  } finally {
    for (const t of both) await t.topology.close();
  }
  const totalS = round((performance.now() - started) / 1000);

  console.log(summaryTable(one, two));
  console.log("");
  const rows = cpuRows([one, two]);
  console.log(cpuTable(rows));
  console.log("");
  const note = limitsNote(one, two, cores);
  for (const line of note) console.log(line);
  console.log(
    `(${cores} cores, load average at start ${loadAverage.join(", ")}; sessions per instance ${one.chat.sessionsPerInstance.join(" / ")} and ${two.chat.sessionsPerInstance.join(" / ")}; ${totalS} s)`,
  );

  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = writeResults(`scale-${stamp}.json`, {
    date: new Date().toISOString(),
    cores,
    loadAverageAtStart: loadAverage,
    settings: { ...settings, maxRate, p99LimitMs: P99_LIMIT_MS, warmupS: WARMUP_S, drainMs: DRAIN_MS },
    totalS,
    ratios: {
      rest: Object.fromEntries(
        endpoints.map((e, i) => [e.path, round(two.rest[i]!.requestsPerS / one.rest[i]!.requestsPerS, 2)]),
      ),
      chat: one.chat.heldPerS > 0 ? round(two.chat.heldPerS / one.chat.heldPerS, 2) : null,
    },
    note,
    topologies: [one, two],
  });
  log(`wrote ${file}`);
}

if (values.role === "clients") {
  await runClients();
} else {
  await main().catch((error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
  process.exit(0);
}
