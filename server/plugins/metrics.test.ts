/**
 * GET /metrics (DESIGN §13): Prometheus text from the real app, with what it counts made to happen
 * for real (requests, STOMP sessions, a chat message, an upload held mid-body), and who may read it.
 */
import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDestinations } from "../../shared/chat.ts";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { chatClients, chatPerson } from "../../test/helpers/chat.ts";
import { authHeader } from "../../test/helpers/factories.ts";
import { type RealtimeTestApp, startApp, uniquePrefix, waitFor } from "../../test/helpers/realtime.ts";
import { metricsRefusal } from "./metrics.ts";

/** The value of one sample of a Prometheus text exposition, matched by name and some labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe("GET /metrics", () => {
  let t: RealtimeTestApp;
  const chat = chatClients(() => t.url);
  beforeAll(async () => {
    t = await startApp({ redisKeyPrefix: uniquePrefix("metrics") });
  });
  afterAll(async () => {
    await chat.closeAll();
    await t?.close();
  });

  const scrape = async () => {
    const response = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it("serves Prometheus text to this machine, with every metric DESIGN §13 names", async () => {
    await t.app.inject({ method: "GET", url: "/api/health" });
    const response = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    const text = response.body;
    expect(
      sample(text, "http_request_duration_seconds_count", { route: "/api/health", method: "GET", status: "200" }),
    ).toBe(1);
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "stomp_sessions")).toBe(0);
    expect(sample(text, "chat_messages_stored_total")).toBe(0);
    expect(sample(text, "chat_messages_delivered_total")).toBe(0);
    expect(sample(text, "uploads_in_flight")).toBe(0);
    // A pool only where there is one: node-postgres. PGlite is one in-process connection.
    if (t.database.driver === "postgres") {
      expect(sample(text, "db_pool_connections")).toBeGreaterThanOrEqual(1);
      expect(sample(text, "db_pool_idle_connections")).toBeGreaterThanOrEqual(0);
      expect(sample(text, "db_pool_waiting_clients")).toBe(0);
      expect(sample(text, "db_pool_max_connections")).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toMatch(/^db_pool_/m);
    }
  });

  it("labels a request with its route's pattern, never its URL", async () => {
    const token = randomBytes(12).toString("hex");
    expect((await t.app.inject({ method: "GET", url: `/share/${token}` })).statusCode).toBe(404);
    await t.app.inject({ method: "GET", url: `/api/${token}` });
    const text = await scrape();
    expect(
      sample(text, "http_request_duration_seconds_count", { route: "/share/:token", method: "GET", status: "404" }),
    ).toBe(1);
    expect(
      sample(text, "http_request_duration_seconds_count", { route: "unmatched", method: "GET", status: "404" }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(token);
  });

  it("counts STOMP sessions, and chat messages stored and delivered", async () => {
    const alice = await chatPerson(t);
    const bob = await chatPerson(t);
    const a = await chat.connect(alice);
    const b = await chat.connect(bob);
    expect(sample(await scrape(), "stomp_sessions")).toBe(2);

    expect(await a.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: "Counted?" })).toBe(
      "done",
    );
    await waitFor(() => b.queue.messages.length === 1, 5_000, "the delivery");
    const text = await scrape();
    expect(sample(text, "chat_messages_stored_total")).toBe(1);
    expect(sample(text, "chat_messages_delivered_total")).toBe(1);

    await chat.closeAll();
    await expect.poll(async () => sample(await scrape(), "stomp_sessions"), { timeout: 5_000 }).toBe(0);
  });

  it("counts an upload while its bytes are still coming, and no longer once it is cut off", async () => {
    const uploader = await chatPerson(t);
    const boundary = "----metrics-test";
    const upload = httpRequest({
      host: "127.0.0.1",
      port: t.port,
      method: "POST",
      path: "/upload",
      headers: {
        ...authHeader(uploader.token),
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": 1_000_000,
      },
    });
    upload.on("error", () => {});
    upload.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nfirst bytes`,
    );
    await expect.poll(async () => sample(await scrape(), "uploads_in_flight"), { timeout: 5_000 }).toBe(1);
    upload.destroy();
    await expect.poll(async () => sample(await scrape(), "uploads_in_flight"), { timeout: 5_000 }).toBe(0);
  });

  it("refuses other addresses (403 {message}), and a request forwarded by a proxy it does not trust", async () => {
    for (const remoteAddress of ["10.1.2.3", "192.168.0.7", "2001:db8::1"]) {
      const refused = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress });
      expect(refused.statusCode, remoteAddress).toBe(403);
      expect(refused.json()).toEqual({ message: metricsRefusal });
    }
    for (const remoteAddress of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect((await t.app.inject({ method: "GET", url: "/metrics", remoteAddress })).statusCode, remoteAddress).toBe(
        200,
      );
    }
    // Through a balancer on this machine every client is 127.0.0.1: without TRUST_PROXY, a
    // forwarded request cannot be judged by its address.
    for (const headers of [{ "x-forwarded-for": "127.0.0.1" }, { forwarded: "for=127.0.0.1" }]) {
      expect((await t.app.inject({ method: "GET", url: "/metrics", headers })).statusCode).toBe(403);
    }
  });
});

describe("GET /metrics with METRICS_ALLOW, METRICS_TOKEN and TRUST_PROXY", () => {
  const token = "metrics-token-0123456789abcdef";
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { METRICS_ALLOW: "10.0.0.0/8, 2001:db8::/32", METRICS_TOKEN: token, TRUST_PROXY: "127.0.0.1" },
    });
  });
  afterAll(async () => t?.close());

  const status = async (remoteAddress: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: "GET", url: "/metrics", remoteAddress, headers })).statusCode;

  it("answers the listed ranges and no one else by address", async () => {
    expect(await status("10.200.3.4")).toBe(200);
    expect(await status("2001:db8:1::5")).toBe(200);
    expect(await status("127.0.0.1")).toBe(403);
    expect(await status("11.0.0.1")).toBe(403);
  });

  it("answers any address with the bearer token, and refuses a wrong one", async () => {
    expect(await status("203.0.113.9", authHeader(token))).toBe(200);
    expect(await status("203.0.113.9", authHeader(`${token.slice(0, -1)}x`))).toBe(403);
    expect(await status("203.0.113.9", authHeader("short"))).toBe(403);
    expect(await status("203.0.113.9", { authorization: token })).toBe(403);
  });

  it("judges a request through a trusted proxy by the client's address", async () => {
    expect(await status("127.0.0.1", { "x-forwarded-for": "10.1.1.1" })).toBe(200);
    expect(await status("127.0.0.1", { "x-forwarded-for": "198.51.100.1" })).toBe(403);
  });
});

describe("GET /metrics with METRICS_ALLOW=none", () => {
  it("answers the token only", async () => {
    const token = "only-the-token-0123456789";
    const t = await createTestApp({ env: { METRICS_ALLOW: "none", METRICS_TOKEN: token } });
    try {
      expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(403);
      expect((await t.app.inject({ method: "GET", url: "/metrics", headers: authHeader(token) })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
