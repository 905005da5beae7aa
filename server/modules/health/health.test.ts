import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { runCheck } from "../../plugins/readiness.ts";

describe("GET /api/health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("answers 200 {status: ok} once the database is ready", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("answers 503 when the database does not answer", async () => {
    const original = t.app.database.ping;
    t.app.database.ping = async () => {
      throw new Error("connection refused");
    };
    try {
      const response = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "unavailable" });
    } finally {
      t.app.database.ping = original;
    }
  });

  it("answers unknown API paths with a JSON 404 {message}", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
    const post = await t.app.inject({ method: "POST", url: "/api/nope/deeper", payload: { a: 1 } });
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toMatch(/No route/);
  });
});

describe("GET /api/health/ready (DESIGN §13)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const ready = () => t.app.inject({ method: "GET", url: "/api/health/ready" });
  /** Redis is checked only when the app has a REDIS_URL (the suite's PostgreSQL + Redis pass). */
  const redisWhenUp = () => (t.config.redisUrl ? "ok" : "not configured");

  it("answers 200 with every check ok while the database, Redis (if set) and the store answer", async () => {
    const response = await ready();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: "ok",
      checks: { database: "ok", redis: redisWhenUp(), storage: "ok" },
    });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("writes nothing to the store to find out", async () => {
    const before: string[] = [];
    for await (const object of t.app.storage.objects.list("")) before.push(object.key);
    await ready();
    const after: string[] = [];
    for await (const object of t.app.storage.objects.list("")) after.push(object.key);
    expect(after.sort()).toEqual(before.sort());
  });

  it("answers 503 naming the database when it fails, and 200 again once it answers", async () => {
    const original = t.app.database.ping;
    t.app.database.ping = async () => {
      throw Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });
    };
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: "unavailable",
        checks: { database: "failed: ECONNREFUSED", redis: redisWhenUp(), storage: "ok" },
      });
      // The address is for the log, not for whoever asks.
      expect(response.body).not.toContain("10.0.0.5");
    } finally {
      t.app.database.ping = original;
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it("answers 503 naming the store when it cannot list", async () => {
    const objects = t.app.storage.objects;
    const original = objects.list;
    objects.list = () => {
      const failing = Object.assign(new Error("The specified bucket does not exist"), { name: "NoSuchBucket" });
      return {
        [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(failing) }),
      };
    };
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toEqual({ database: "ok", redis: redisWhenUp(), storage: "failed: NoSuchBucket" });
    } finally {
      objects.list = original;
    }
  });
});

describe("GET /api/health/ready with REDIS_URL set", () => {
  // The suite's PostgreSQL + Redis pass has a real Redis broker; the other pass names a Redis
  // (nothing connects to it: the rate limiter's connection is lazy) with the in-process broker.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:9" },
      realtime: { broker: process.env.REDIS_URL ? "redis" : "memory" },
    });
  });
  afterAll(async () => t.close());

  it("pings the realtime broker's connection: 200 while it answers, 503 naming Redis when it does not", async () => {
    const ok = await t.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().checks.redis).toBe("ok");

    const broker = t.app.realtime.broker;
    const original = broker.ping;
    broker.ping = async () => {
      throw new Error("Connection is closed.");
    };
    try {
      const response = await t.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: "unavailable",
        checks: { database: "ok", redis: "failed", storage: "ok" },
      });
    } finally {
      broker.ping = original;
    }
  });
});

describe("readiness while the instance shuts down", () => {
  it("turns 503 from the moment close starts: a check under way answers 503, new requests 503 at once", async () => {
    // A preClose hook of the test's own holds the close where the realtime drain would take its time.
    let finishClosing: () => void = () => {};
    const draining = new Promise<void>((resolve) => {
      finishClosing = resolve;
    });
    const t = await createTestApp({
      beforeReady: (app) => {
        app.addHook("preClose", () => draining);
      },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const original = t.app.database.ping;
    let answerPing: () => void = () => {};
    const pinged = new Promise<void>((resolve) => {
      t.app.database.ping = () => {
        resolve();
        return new Promise<void>((answer) => {
          answerPing = answer;
        });
      };
    });
    const inFlight = t.app.inject({ method: "GET", url: "/api/health/ready" });
    await pinged;

    const closed = t.app.close();
    await expect.poll(() => t.app.readiness.closing).toBe(true);
    const later = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { headers: { connection: "close" } });
    expect(later.status).toBe(503);
    await later.body?.cancel();

    answerPing();
    const response = await inFlight;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: "shutting down", checks: { database: "ok", storage: "ok" } });
    t.app.database.ping = original;
    finishClosing();
    await closed;
    await t.close();
  });

  it("answers 'shutting down' without asking anything once closing", async () => {
    const t = await createTestApp();
    await t.app.close();
    const report = await t.app.readiness.check();
    expect(report.status).toBe("shutting down");
    expect(Object.values(report.checks)).toEqual(Array(3).fill("not checked: shutting down"));
    await t.close();
  });
});

describe("runCheck", () => {
  it("gives up on a check that does not answer within its deadline", async () => {
    const errors: unknown[] = [];
    const started = Date.now();
    const result = await runCheck(
      () => new Promise(() => {}),
      50,
      (error) => errors.push(error),
    );
    expect(result).toBe("timed out after 50 ms");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(errors).toEqual([]);
  });

  it("says ok, or the error's code or name, and hands the whole error to the log", async () => {
    const errors: unknown[] = [];
    const log = (error: unknown) => errors.push(error);
    expect(await runCheck(async () => 1, 1_000, log)).toBe("ok");
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.1.1.1:6379"), { code: "ECONNREFUSED" });
    expect(await runCheck(() => Promise.reject(refused), 1_000, log)).toBe("failed: ECONNREFUSED");
    expect(await runCheck(() => Promise.reject(new TypeError("x")), 1_000, log)).toBe("failed: TypeError");
    expect(await runCheck(() => Promise.reject(new Error("secret host")), 1_000, log)).toBe("failed");
    expect(await runCheck(() => Promise.reject({ code: "has spaces in it" }), 1_000, log)).toBe("failed");
    expect(errors).toHaveLength(4);
    expect(errors[0]).toBe(refused);
  });
});
