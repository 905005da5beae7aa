/**
 * The product as several machines run it (DESIGN §13, issue 16): two instances on one PostgreSQL,
 * one Redis and one S3-compatible store, behind nginx running deploy/nginx/steelcraft.conf (round
 * robin, no sticky sessions). Every request here goes through the balancer unless it is about one
 * instance (its readiness, its metrics). It needs the machine's PostgreSQL and Redis (DATABASE_URL
 * and REDIS_URL, or their defaults on 127.0.0.1) and Debian's nginx; the store is STORAGE_URL's or
 * an s3rver of its own.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatMessage, chatLimits, chatPaths } from "../../shared/chat.ts";
import { sharedFileSchema } from "../../shared/files.ts";
import { callServer, loginOn } from "../helpers/child-server.ts";
import {
  type Conversation,
  DeliveryClient,
  groupConversation,
  privateConversation,
} from "../helpers/delivery-client.ts";
import { canonical, compareView, readAll } from "../helpers/delivery-verdict.ts";
import { startTopology, type Topology, type TopologyInstance, untilOn } from "../helpers/topology.ts";
import { tusUpload } from "../helpers/tus.ts";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const staffPassword = "topology-staff-password-1";
const publicRoutes = ["/", "/services", "/about", "/projects", "/gallery", "/career", "/contactus"];
/** After SIGTERM an instance keeps serving this long with ready at 503 (SHUTDOWN_DELAY_MS). */
const SHUTDOWN_DELAY_MS = 1_500;

let topology: Topology;
let adminToken: string;

beforeAll(async () => {
  // Both instances start at the same moment on an empty database, without JWT_SECRET or VAPID keys:
  // one migrates and creates the admin, and they share the secrets kept in the database.
  topology = await startTopology({ env: { SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS) } });
  adminToken = await loginOn(topology.url, topology.admin.username, topology.admin.password, "admin");
}, 180_000);

afterAll(async () => {
  await topology?.close();
}, 60_000);

const until = (check: () => boolean | Promise<boolean>, what: string, timeoutMs?: number) =>
  untilOn(topology, check, what, timeoutMs);

/** One sample of a metric on one instance, read from its own /metrics (loopback may). */
async function metric(instance: TopologyInstance, line: RegExp): Promise<number> {
  const response = await fetch(`${instance.base}/metrics`);
  expect(response.status).toBe(200);
  const text = await response.text();
  return text
    .split("\n")
    .filter((row) => line.test(row))
    .reduce((sum, row) => sum + Number(row.slice(row.lastIndexOf(" ") + 1)), 0);
}
/** Stops an instance and checks how it ended (a graceful close exits 0), with the servers' output if not. */
async function stopped(instance: TopologyInstance, signal: NodeJS.Signals) {
  const ended = await instance.stop(signal);
  const expected = signal === "SIGKILL" ? "SIGKILL" : "0";
  if (ended !== expected) throw new Error(`instance ${instance.index} ended with ${ended}\n\n${topology.output()}`);
}
const requestsServed = (instance: TopologyInstance) => metric(instance, /^http_request_duration_seconds_count\{/);
const stompSessions = (instance: TopologyInstance) => metric(instance, /^stomp_sessions(\{.*\})? /);

async function newEmployee(tag: string) {
  const username = `topology.${tag}.${randomBytes(3).toString("hex")}`;
  await callServer(topology.url, "POST", "/api/admin/register-employee", {
    token: adminToken,
    json: {
      name: `Topology ${tag}`,
      email: `${username}@example.com`,
      role: "Detailer",
      username,
      password: staffPassword,
    },
  });
  return { username, token: await loginOn(topology.url, username, staffPassword, "employee") };
}

describe("through the balancer", () => {
  it("serves every public page and its assets, from both instances; /metrics is not reachable from outside", async () => {
    const before = await Promise.all(topology.instances.map(requestsServed));
    const assets = new Set<string>();
    for (const route of publicRoutes) {
      const response = await fetch(`${topology.url}${route}`);
      expect(response.status, route).toBe(200);
      const html = await response.text();
      expect(html, route).toMatch(/<title>[^<]+<\/title>/);
      for (const [, href] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) assets.add(href as string);
    }
    expect(assets.size).toBeGreaterThan(0);
    for (const asset of assets) {
      const response = await fetch(`${topology.url}${asset}`);
      await response.arrayBuffer();
      expect(response.status, asset).toBe(200);
    }
    for (const file of ["/robots.txt", "/sitemap.xml"])
      expect((await fetch(`${topology.url}${file}`)).status).toBe(200);
    const unknown = await fetch(`${topology.url}/no-such-page`);
    expect(unknown.status).toBe(404);

    // Round robin: each instance served a good share of those requests.
    const after = await Promise.all(topology.instances.map(requestsServed));
    const served = after.map((count, index) => count - (before[index] ?? 0));
    const total = publicRoutes.length + assets.size + 3;
    for (const count of served) expect(count).toBeGreaterThanOrEqual(Math.floor(total / 4));

    // The scraper asks each instance on the private network; through the public entry point, nothing.
    expect((await fetch(`${topology.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${topology.url}/internal/backup`)).status).toBe(404);
    // What nginx adds: a request id the instance kept and answers with.
    expect((await fetch(`${topology.url}/api/health`)).headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("signs in on one instance and is known on the other: the secrets are shared through the database", async () => {
    // Each instance has a DATA_DIR of its own and no JWT_SECRET: a token works on both only if they share the secret.
    for (const instance of topology.instances) {
      const response = await fetch(`${instance.base}/api/auth/me`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(response.status, instance.base).toBe(200);
    }
    const keys = await Promise.all(
      topology.instances.map(async (instance) => {
        const response = await fetch(`${instance.base}${chatPaths.vapidPublicKey}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        });
        expect(response.status).toBe(200);
        return response.text();
      }),
    );
    expect(new Set(keys).size).toBe(1);
  });

  it("carries a chat between people on different instances", async () => {
    const [ann, ben] = [await newEmployee("ann"), await newEmployee("ben")];
    const problems: string[] = [];
    const client = (person: { username: string; token: string }, other: string) =>
      new DeliveryClient({
        user: person,
        conversations: [privateConversation(other)],
        liveInstances: () => [{ base: topology.url, wsUrl: topology.wsUrl }],
        random: Math.random,
        onProblem: (problem) => problems.push(problem),
      });
    const a = client(ann, ben.username);
    a.start();
    await until(() => a.ready, "ann connected");
    const [first, second] = topology.instances as [TopologyInstance, TopologyInstance];
    const annOnFirst = (await stompSessions(first)) === 1;
    // Round robin sends the next socket to the other instance; reconnect until it lands there. A
    // reconnect makes the same requests each time, so it can keep the same parity in the rotation
    // (once: both sessions on the first instance ten times over): every other try, one more request
    // through the balancer turns the rotation a step.
    const b = client(ben, ann.username);
    try {
      b.start();
      for (let attempt = 0; ; attempt++) {
        await until(() => b.ready, "ben connected");
        const sessions = [await stompSessions(first), await stompSessions(second)];
        if (sessions[0] === 1 && sessions[1] === 1) break;
        if (attempt >= 30) throw new Error(`ben never landed on the other instance: ${sessions}`);
        if (attempt % 2 === 1) await (await fetch(`${topology.url}/api/health`)).text();
        b.cut();
      }
      expect(annOnFirst || (await stompSessions(second)) === 1).toBe(true);

      a.send(privateConversation(ben.username), "topology-a-1", "Across the balancer");
      b.send(privateConversation(ann.username), "topology-b-1", "Received, over");
      const key = (other: string) => privateConversation(other).key;
      await until(
        () =>
          b.view(key(ann.username)).some((message) => message.content === "Across the balancer") &&
          a.view(key(ben.username)).some((message) => message.content === "Received, over"),
        "both messages delivered across instances",
        30_000,
      );
      expect(problems).toEqual([]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it("takes an upload in chunks spread over both instances, and either instance serves it", async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const before = await Promise.all(topology.instances.map(requestsServed));
    const result = await tusUpload(topology.url, data, {
      metadata: { filename: "frame-b.ifc", filetype: "application/octet-stream", expiryMinutes: "120" },
      headers: { authorization: `Bearer ${adminToken}` },
      chunkSize: 512 * 1024,
    });
    const after = await Promise.all(topology.instances.map(requestsServed));
    // Seven PATCHes and a POST, round robin: each instance took some of them.
    for (const [index, count] of after.entries()) expect(count - (before[index] ?? 0)).toBeGreaterThanOrEqual(2);
    const share = sharedFileSchema.parse(result.body);
    expect(new URL(share.fileUrl).origin).toBe(topology.url);
    for (const base of [...topology.instances.map((instance) => instance.base), topology.url]) {
      const response = await fetch(`${base}${new URL(share.fileUrl).pathname}`);
      expect(response.status, base).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(data), base).toBe(true);
    }
  });
});

describe("an instance leaving", () => {
  it("answers ready 503 while it drains, keeps serving meanwhile, and the balancer passes over it", async () => {
    const [, leaving] = topology.instances as [TopologyInstance, TopologyInstance];
    const exited = leaving.stop("SIGTERM");
    let status: { status: number; body: { status?: string } } | undefined;
    await until(async () => {
      const response = await fetch(`${leaving.base}/api/health/ready`).catch(() => undefined);
      if (!response) return false;
      status = { status: response.status, body: (await response.json()) as { status?: string } };
      return response.status === 503;
    }, "ready 503 on the draining instance");
    expect(status?.body.status).toBe("shutting down");
    // Still serving everything else while the balancer takes it out.
    expect((await fetch(`${leaving.base}/api/health`)).status).toBe(200);
    // Through the balancer, nothing fails: a 503 from the draining one is retried on the other.
    for (let index = 0; index < 10; index++) {
      expect((await fetch(`${topology.url}/api/health/ready`)).status).toBe(200);
    }
    expect(await exited).toBe("0");
    await leaving.start();
  });

  for (const how of ["a rolling restart of both instances", "kill -9 of one instance"] as const) {
    it(`under chat load, ${how} loses no acknowledged message and every client reconnects`, async () => {
      await chatUnderLoad(async () => {
        if (how === "kill -9 of one instance") {
          const victim = topology.instances[0] as TopologyInstance;
          await stopped(victim, "SIGKILL");
          await victim.start();
          return [victim];
        }
        for (const instance of topology.instances) {
          await stopped(instance, "SIGTERM");
          await instance.start();
        }
        return topology.instances;
      });
    }, 240_000);
  }
});

const USERS = 6;
/** Sends a client keeps waiting for their RECEIPT at once. */
const WINDOW = 2;

/**
 * Six people chat through the balancer (a ring of private chats and one group) while `disrupt`
 * restarts or kills instances; then every send must be acknowledged, stored once, and shown to
 * every person of its conversation, and every client on a disrupted instance must have reconnected.
 */
async function chatUnderLoad(disrupt: () => Promise<TopologyInstance[]>) {
  const tag = randomBytes(3).toString("hex");
  const people: { username: string; token: string }[] = [];
  for (let index = 0; index < USERS; index++) people.push(await newEmployee(`${tag}${index}`));
  const group = (await callServer(topology.url, "POST", chatPaths.createGroup, {
    token: adminToken,
    json: { name: `Topology ${tag}`, members: people.map((person) => person.username) },
  })) as { id: number };
  const everyone = groupConversation(group.id);
  const partners = (index: number) => [
    people[(index + 1) % USERS]?.username as string,
    people[(index + USERS - 1) % USERS]?.username as string,
  ];
  const problems: string[] = [];
  const clients = people.map(
    (person, index) =>
      new DeliveryClient({
        user: person,
        conversations: [...partners(index).map(privateConversation), everyone],
        liveInstances: () => [{ base: topology.url, wsUrl: topology.wsUrl }],
        random: Math.random,
        onProblem: (problem) => problems.push(problem),
      }),
  );
  const state = { sending: true, sent: 0 };
  try {
    for (const client of clients) client.start();
    await until(() => clients.every((client) => client.ready), "every client connected");
    const connectsBefore = clients.map((client) => client.stats.connects);

    const producers = clients.map(async (client, index) => {
      const sentAt: number[] = [];
      for (let n = 0; state.sending; n++) {
        const now = Date.now();
        while ((sentAt[0] ?? now) <= now - chatLimits.rateLimitWindowMs) sentAt.shift();
        if (client.pending.size >= WINDOW || sentAt.length >= chatLimits.rateLimitMessages - WINDOW - 5) {
          await pause(20);
          continue;
        }
        const conversation: Conversation =
          n % 3 === 0 ? everyone : privateConversation(partners(index)[n % 2] as string);
        client.send(conversation, `${tag}-${index}-${n}`, `load ${tag} ${index} ${n}`);
        sentAt.push(Date.now());
        state.sent++;
        await pause(150 + Math.random() * 150);
      }
    });

    await until(() => state.sent >= 30, "some messages before the disruption");
    const disrupted = await disrupt();
    const sentBefore = state.sent;
    await until(() => state.sent >= sentBefore + 30, "more messages after it");
    state.sending = false;
    await Promise.all(producers);
    await until(
      () => clients.every((client) => client.ready && client.pending.size === 0),
      "every send acknowledged and every client connected again",
    );
    await Promise.all(clients.map((client) => client.catchUpAll()));

    const failures = [...problems];
    const stored = new Map<string, ChatMessage[]>();
    for (const [index, person] of people.entries()) {
      const conversation = privateConversation(partners(index)[0] as string);
      stored.set(canonical(person.username, conversation.key), await readAll(topology.url, person, conversation));
    }
    stored.set(everyone.key, await readAll(topology.url, people[0] as { username: string; token: string }, everyone));
    let acknowledged = 0;
    for (const client of clients) {
      for (const [clientId, refusal] of client.refused)
        failures.push(`${client.username}: "Not sent" ${clientId} (${refusal.code})`);
      for (const [clientId, ack] of client.acknowledged) {
        acknowledged++;
        const messages = stored.get(canonical(client.username, ack.conversation)) ?? [];
        const copies = messages.filter((message) => message.clientId === clientId).length;
        if (copies !== 1) failures.push(`${client.username}: ${clientId} acknowledged, stored ${copies} times`);
      }
      for (const key of client.conversations) {
        compareView(client, key, stored.get(canonical(client.username, key)) ?? [], failures);
      }
    }
    // Every client had a socket on a disrupted instance (both, in a rolling restart): each came back.
    const everyoneDisrupted = disrupted.length === topology.instances.length;
    const reconnected = clients.filter((client, index) => client.stats.connects > (connectsBefore[index] ?? 0));
    if (everyoneDisrupted) expect(reconnected.length).toBe(USERS);
    else expect(reconnected.length).toBeGreaterThan(0);
    if (failures.length > 0) throw new Error(`${failures.length} broken rules:\n${failures.slice(0, 30).join("\n")}`);
    expect(acknowledged).toBe(state.sent);
    console.log(
      `topology chat: ${state.sent} sent and acknowledged, ${clients.reduce((sum, c) => sum + c.stats.resends, 0)} resends, ` +
        `${reconnected.length}/${USERS} clients reconnected`,
    );
  } finally {
    state.sending = false;
    await Promise.all(clients.map((client) => client.stop()));
  }
}
