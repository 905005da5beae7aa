/**
 * Delivery under chaos (DESIGN §10, issue 12): real server processes, real STOMP clients, sockets
 * cut at random mid-stream and instances SIGKILLed and restarted while the clients keep sending.
 * Every acknowledged message must reach every person of its conversation exactly once, in seq
 * order; nothing is stored twice; no stored message is ever shown "Not sent"; every send is
 * eventually acknowledged. Two instances on PostgreSQL + Redis (always run: it needs the machine's
 * PostgreSQL at DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres and a Redis at
 * REDIS_URL or redis://127.0.0.1:6379), and one instance on PGlite restarted on its DATA_DIR.
 * The chaos comes from a seeded PRNG: the seed is printed; DELIVERY_SEED=<seed> replays its schedule.
 */
import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { type ChatMessage, chatLimits, chatPaths } from "../../../shared/chat.ts";
import { type ChildServer, callServer, loginOn, startChildServer } from "../../../test/helpers/child-server.ts";
import {
  type Conversation,
  DeliveryClient,
  groupConversation,
  privateConversation,
} from "../../../test/helpers/delivery-client.ts";
import { canonical, compareView, readAll } from "../../../test/helpers/delivery-verdict.ts";
import { createTemporaryDatabase } from "../../db/temporary-database.ts";
import { deleteRedisKeys } from "../../lib/redis-keys.ts";

const USERS = 10;
/** First sends: at least this many in all, then on until every planned kill has happened. */
const TARGET_MESSAGES = 300;
const MAX_MESSAGES = 600;
/** Sends a client keeps waiting for their RECEIPT at once. */
const WINDOW = 3;
/**
 * First sends per client in any rate-limit window: with at most WINDOW late stores (resends) on top
 * and a margin, each account stays under the server's limit however the resends bunch up.
 */
const SEND_BUDGET = chatLimits.rateLimitMessages - WINDOW - 7;
/** Pause between a client's sends (ms): about 2 a second each. */
const SPACING = { min: 300, spread: 400 };
/** Pause between two socket cuts (ms). */
const CUT_SPACING = { min: 60, spread: 340 };
const SETTLE_MS = 60_000;

const admin = { username: "admin", password: "admin-password-1" };
const staffPassword = "staff-password-1";
const seed = Number(process.env.DELIVERY_SEED) || randomInt(1, 2 ** 31);
console.log(`delivery test: seed ${seed} (DELIVERY_SEED=${seed} replays the chaos schedule)`);

/** mulberry32: small, seedable, good enough to pick victims and moments. */
function prng(state: number): () => number {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const call = callServer;
const login = loginOn;

/** The server processes of one scenario: instance i is killed and started again on the same environment. */
class Cluster {
  private readonly slots: (ChildServer | undefined)[];
  private readonly restarts = new Set<Promise<void>>();
  /** What killed instances had written, for the failure message. */
  private readonly logs: string[] = [];
  kills = 0;

  constructor(
    private readonly envFor: (index: number) => Record<string, string>,
    size: number,
    /** A restart that failed: the instance stays down, so the test must end with why. */
    private readonly onProblem: (problem: string) => void,
  ) {
    this.slots = Array.from({ length: size }, () => undefined);
  }

  /** One after the other: the first applies the migrations. */
  async start(): Promise<void> {
    for (let index = 0; index < this.slots.length; index++)
      this.slots[index] = await startChildServer(this.envFor(index));
  }

  get size(): number {
    return this.slots.length;
  }

  live(): ChildServer[] {
    return this.slots.filter((slot): slot is ChildServer => slot !== undefined);
  }

  allUp(): boolean {
    return this.slots.every((slot) => slot !== undefined);
  }

  /** SIGKILL now; the instance starts again in the background (it is not offered to clients until healthy). */
  async kill(index: number): Promise<void> {
    const victim = this.slots[index];
    if (!victim) throw new Error(`instance ${index} is not up`);
    this.slots[index] = undefined;
    this.kills++;
    const signal = await victim.stop("SIGKILL");
    this.logs.push(victim.output().slice(-2_000));
    if (signal !== "SIGKILL") throw new Error(`instance ${index} ended with ${signal}, not SIGKILL`);
    const restart = startChildServer(this.envFor(index)).then(
      (server) => {
        this.slots[index] = server;
      },
      (error: unknown) => this.onProblem(`instance ${index} did not start again: ${String(error)}`),
    );
    this.restarts.add(restart);
    void restart.finally(() => this.restarts.delete(restart));
  }

  async restarted(): Promise<void> {
    while (this.restarts.size > 0) await Promise.all(this.restarts);
  }

  describe(): string {
    return this.slots.map((slot, index) => `instance ${index}: ${slot ? slot.base : "down"}`).join("; ");
  }

  output(): string {
    return [...this.logs, ...this.live().map((slot) => slot.output().slice(-2_000))].join("\n---\n");
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.restarts);
    await Promise.all(this.slots.map((slot) => slot?.stop("SIGKILL")));
  }
}

interface Scenario {
  name: string;
  instances: number;
  kills: number;
  env: (index: number) => Record<string, string>;
}

const baseEnv = {
  NODE_ENV: "test",
  HOST: "127.0.0.1",
  JWT_SECRET: "delivery-test-secret-delivery-test-secret-0123",
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: "warn",
};

async function runScenario(scenario: Scenario, random: () => number) {
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const problems: string[] = [];
  const cluster = new Cluster(scenario.env, scenario.instances, (problem) => problems.push(problem));
  const clients: DeliveryClient[] = [];
  try {
    await cluster.start();
    const up = seconds();
    const [first] = cluster.live();
    if (!first) throw new Error("no instance");

    // People: a ring of private chats (each talks to both neighbours) and one group of everyone.
    const tag = randomBytes(3).toString("hex");
    const adminToken = await login(first.base, admin.username, admin.password, "admin");
    const people: { username: string; token: string }[] = [];
    for (let index = 0; index < USERS; index++) {
      const username = `delivery.${tag}.${index}`;
      await call(first.base, "POST", "/api/admin/register-employee", {
        token: adminToken,
        json: {
          name: `Delivery ${index}`,
          email: `${username}@example.com`,
          role: "Detailer",
          username,
          password: staffPassword,
        },
      });
      people.push({ username, token: await login(first.base, username, staffPassword, "employee") });
    }
    const group = (await call(first.base, "POST", chatPaths.createGroup, {
      token: adminToken,
      json: { name: `Delivery ${tag}`, members: people.map((person) => person.username) },
    })) as { id: number };
    const everyone = groupConversation(group.id);
    const partners = (index: number) => [
      people[(index + 1) % USERS]!.username,
      people[(index + USERS - 1) % USERS]!.username,
    ];
    for (const [index, person] of people.entries()) {
      const conversations = [...partners(index).map(privateConversation), everyone];
      clients.push(
        new DeliveryClient({
          user: person,
          conversations,
          liveInstances: () => cluster.live(),
          random,
          onProblem: (problem) => problems.push(problem),
        }),
      );
    }
    for (const client of clients) client.start();
    await until(() => clients.every((client) => client.ready), "every client connected", 60_000, problems);

    // Each client sends while connected, at most WINDOW unacknowledged and SEND_BUDGET per window.
    const state = { sent: 0, stopSending: false, cuts: 0 };
    const producers = clients.map(async (client, index) => {
      const firstSends: number[] = [];
      const [left, right] = partners(index);
      for (let n = 0; ; n++) {
        for (;;) {
          if (state.stopSending) return;
          const now = Date.now();
          while ((firstSends[0] ?? now) <= now - chatLimits.rateLimitWindowMs) firstSends.shift();
          if (client.ready && client.pending.size < WINDOW && firstSends.length < SEND_BUDGET) break;
          await pause(10);
        }
        const roll = random();
        const conversation: Conversation =
          roll < 0.35 ? everyone : privateConversation((roll < 0.675 ? left : right) as string);
        const clientId = `${tag}-${index}-${n}`;
        client.send(conversation, clientId, `delivery ${clientId}`);
        firstSends.push(Date.now());
        state.sent++;
        await pause(SPACING.min + random() * SPACING.spread);
      }
    });

    // The chaos: sockets cut at random (mostly clients with sends in flight), instances killed at set points.
    const acknowledged = () => clients.reduce((sum, client) => sum + client.acknowledged.size, 0);
    const killAt = Array.from({ length: scenario.kills }, (_, k) =>
      Math.round((TARGET_MESSAGES * (k + 0.3 + 0.4 * random())) / scenario.kills),
    );
    let nextCut = Date.now() + CUT_SPACING.min + random() * CUT_SPACING.spread;
    const sending = Date.now();
    while (!state.stopSending) {
      if (problems.length > 0) throw new Error(`problems while sending:\n${problems.slice(0, 10).join("\n")}`);
      if (Date.now() - sending > 150_000) {
        throw new Error(
          `still sending after 150 s: ${JSON.stringify({ ...state, kills: cluster.kills, acknowledged: acknowledged() })}\n` +
            `${cluster.describe()}\n${clients.map((client) => client.describe()).join("\n")}`,
        );
      }
      const kills = cluster.kills;
      if (kills < scenario.kills && acknowledged() >= (killAt[kills] ?? 0) && cluster.allUp()) {
        await cluster.kill(Math.floor(random() * cluster.size));
      }
      if (Date.now() >= nextCut) {
        const inFlight = clients.filter((client) => client.ready && client.pending.size > 0);
        const pool = inFlight.length > 0 && random() < 0.7 ? inFlight : clients;
        if (pool[Math.floor(random() * pool.length)]?.cut()) state.cuts++;
        nextCut = Date.now() + CUT_SPACING.min + random() * CUT_SPACING.spread;
      }
      if ((state.sent >= TARGET_MESSAGES && cluster.kills >= scenario.kills) || state.sent >= MAX_MESSAGES) {
        state.stopSending = true;
      }
      await pause(10);
    }
    await Promise.all(producers);
    const sendTime = ((Date.now() - sending) / 1000).toFixed(1);

    // Settle: every instance back, every send acknowledged (after resends), then each client catches
    // up once more, as it would at its next reconnect or gap.
    await cluster.restarted();
    await until(
      () => clients.every((client) => client.ready && client.pending.size === 0),
      "every send acknowledged",
      SETTLE_MS,
      problems,
      () =>
        clients
          .filter((client) => client.pending.size > 0)
          .map((client) => `${client.username}: ${[...client.pending.keys()].join(", ")}`)
          .join("; "),
    );
    const total = (key: keyof DeliveryClient["stats"]) => clients.reduce((sum, client) => sum + client.stats[key], 0);
    const foundBeforeFinal = total("foundByCatchUp");
    await Promise.all(clients.map((client) => client.catchUpAll()));
    // Only a message whose live copy died with an instance, and that no later message or reconnect revealed.
    const foundByFinalCatchUp = total("foundByCatchUp") - foundBeforeFinal;

    // What the server stored, read back from the start of each conversation.
    const stored = new Map<string, ChatMessage[]>();
    const base = cluster.live()[0]?.base ?? "";
    for (const [index, person] of people.entries()) {
      const conversation = privateConversation(partners(index)[0] as string);
      stored.set(canonical(person.username, conversation.key), await readAll(base, person, conversation));
    }
    stored.set(everyone.key, await readAll(base, people[0]!, everyone));
    await Promise.all(clients.map((client) => client.stop()));

    // The verdict, every broken rule listed.
    const failures: string[] = [...problems];
    const ackedIn = new Map<string, Set<string>>();
    for (const client of clients) {
      if (client.pending.size > 0)
        failures.push(`${client.username}: never acknowledged ${[...client.pending.keys()]}`);
      for (const [clientId, refusal] of client.refused) {
        failures.push(`${client.username}: "Not sent" for ${clientId} (${refusal.code}: ${refusal.message})`);
      }
      for (const [clientId, ack] of client.acknowledged) {
        const key = canonical(client.username, ack.conversation);
        ackedIn.set(key, (ackedIn.get(key) ?? new Set()).add(clientId));
      }
    }
    const storedById = new Map<number, ChatMessage>();
    for (const [key, messages] of stored) {
      const seen = new Set<string>();
      for (const [position, message] of messages.entries()) {
        storedById.set(message.id, message);
        const before = messages[position - 1];
        if (before && before.seq >= message.seq) failures.push(`${key}: stored seq ${message.seq} after ${before.seq}`);
        if (message.clientId === null) failures.push(`${key}: message ${message.id} stored without its clientId`);
        const identity = `${message.sender}/${message.clientId}`;
        if (seen.has(identity)) failures.push(`${key}: ${identity} stored twice`);
        seen.add(identity);
      }
      const acked = ackedIn.get(key) ?? new Set();
      const storedClientIds = new Set(messages.map((message) => message.clientId ?? ""));
      const lost = [...acked].filter((clientId) => !storedClientIds.has(clientId));
      const unacked = [...storedClientIds].filter((clientId) => !acked.has(clientId));
      if (lost.length > 0) failures.push(`${key}: acknowledged but not stored: ${lost.join(", ")}`);
      if (unacked.length > 0) failures.push(`${key}: stored but never acknowledged: ${unacked.join(", ")}`);
    }
    for (const client of clients) {
      for (const key of client.conversations) {
        compareView(client, key, stored.get(canonical(client.username, key)) ?? [], failures);
      }
    }

    // A resend whose message was stored before it went out was answered as a duplicate.
    let duplicatesAnswered = 0;
    const byClientId = new Map([...storedById.values()].map((message) => [message.clientId, message]));
    for (const client of clients) {
      for (const [clientId, ack] of client.acknowledged) {
        const message = byClientId.get(clientId);
        if (ack.attempts > 1 && message && Date.parse(message.timestamp) < ack.ackedAttemptSentAt) duplicatesAnswered++;
      }
    }
    const counts = {
      sent: state.sent,
      acknowledged: acknowledged(),
      stored: storedById.size,
      resends: total("resends"),
      duplicatesAnswered,
      socketCuts: state.cuts,
      kills: cluster.kills,
      connects: total("connects"),
      failedConnects: total("failedConnects"),
      catchUpFetches: total("catchUpFetches"),
      gapCatchUps: total("gapCatchUps"),
      foundByCatchUp: total("foundByCatchUp"),
      foundByFinalCatchUp,
      liveDeliveries: total("live"),
      duplicateDeliveriesDropped: total("duplicateDeliveries"),
      outOfOrderLive: total("outOfOrder"),
      perRecipientDelivered: clients.map((client) =>
        client.conversations.reduce((sum, key) => sum + client.view(key).length, 0),
      ),
    };
    console.log(
      `delivery (${scenario.name}, seed ${seed}): ${JSON.stringify(counts)}; ` +
        `instances up in ${up}, sending ${sendTime} s, all done in ${seconds()}`,
    );
    if (failures.length > 0) {
      throw new Error(
        `${failures.length} broken rules (seed ${seed}):\n${failures.slice(0, 40).join("\n")}\n\nserver output:\n${cluster.output()}`,
      );
    }
    expect(counts.kills).toBe(scenario.kills);
    expect(counts.socketCuts).toBeGreaterThan(0);
    expect(counts.resends).toBeGreaterThan(0);
    expect(counts.duplicatesAnswered).toBeGreaterThan(0);
    expect(counts.acknowledged).toBe(counts.sent);
    expect(counts.stored).toBe(counts.sent);
  } catch (error) {
    // What the server said is the first thing one needs when this fails.
    if (error instanceof Error && !error.message.includes("server output:")) {
      error.message += `\n\nserver output:\n${cluster.output()}`;
    }
    throw error;
  } finally {
    await Promise.all(clients.map((client) => client.stop()));
    await cluster.stop();
  }
}

/** Polls `check`; fails after `timeoutMs`, or at once when a problem is recorded. */
async function until(
  check: () => boolean,
  what: string,
  timeoutMs: number,
  problems: string[],
  detail: () => string = () => "",
) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (problems.length > 0) throw new Error(`${what}: ${problems.slice(0, 10).join("\n")}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} ${detail()}`);
    await pause(20);
  }
}

it("two instances on PostgreSQL + Redis: sockets cut at random and instances killed lose and double nothing", async () => {
  const scratch = await createTemporaryDatabase(
    process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    "delivery",
  );
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const redisPrefix = `test:delivery:${randomBytes(4).toString("hex")}:`;
  const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), "nb-delivery-")));
  try {
    await runScenario(
      {
        name: "2 instances, PostgreSQL + Redis",
        instances: 2,
        kills: 3,
        env: (index) => ({
          ...baseEnv,
          DATA_DIR: dirs[index] ?? "",
          DATABASE_URL: scratch.url,
          REDIS_URL: redisUrl,
          REDIS_KEY_PREFIX: redisPrefix,
        }),
      },
      prng(seed),
    );
  } finally {
    await scratch.drop();
    await deleteRedisKeys(redisUrl, redisPrefix);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);

it("one instance on PGlite, SIGKILLed and restarted on its DATA_DIR: nothing lost or doubled", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "nb-delivery-"));
  try {
    await runScenario(
      {
        name: "1 instance, PGlite",
        instances: 1,
        kills: 2,
        env: () => ({ ...baseEnv, DATA_DIR: dir, DATABASE_URL: "", REDIS_URL: "", REDIS_KEY_PREFIX: "" }),
      },
      prng(seed + 1),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 300_000);
