import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { requestIdOf } from "./request-ids.ts";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("request ids", () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({
      logger: { level: "info", stream },
      beforeReady: (app) => {
        app.get("/api/test/boom", { config: { access: "public" } }, async (request) => {
          request.log.info("about to fail");
          throw new Error("injected: boom");
        });
      },
    });
  });
  afterAll(async () => t?.close());

  it("gives every answer an x-request-id, random and different each time", async () => {
    const answers = await Promise.all([
      t.app.inject({ url: "/api/health" }),
      t.app.inject({ url: "/api/health" }),
      t.app.inject({ url: "/api/nope" }),
      t.app.inject({ url: "/api/auth/me" }),
      t.app.inject({ url: "/metrics" }),
      t.app.inject({ url: "/api/x/%zz" }),
    ]);
    const ids = answers.map((answer) => answer.headers["x-request-id"]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 401, 200, 400]);
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a proxy's X-Request-Id when it is short and safe, and makes its own otherwise", async () => {
    const passed = "7f3c2a9b1e0d4c5fa6b7c8d9e0f1a2b3";
    expect(
      (await t.app.inject({ url: "/api/health", headers: { "x-request-id": passed } })).headers["x-request-id"],
    ).toBe(passed);
    for (const unsafe of ["x".repeat(65), "a b", 'x"}{"level":60', "é", ""]) {
      const answer = await t.app.inject({ url: "/api/health", headers: { "x-request-id": unsafe } });
      expect(answer.headers["x-request-id"], unsafe).toMatch(uuid);
    }
  });

  it("names the request on each of its log lines, and in a 5xx answer's body", async () => {
    const from = lines.length;
    const answer = await t.app.inject({ url: "/api/test/boom" });
    expect(answer.statusCode).toBe(500);
    const id = answer.headers["x-request-id"];
    expect(answer.json()).toEqual({ message: "Something went wrong on our side. Please try again.", requestId: id });
    const logged = lines.slice(from).filter((line) => line.reqId === id);
    expect(logged.map((line) => line.msg)).toEqual(
      expect.arrayContaining(["incoming request", "about to fail", "request failed", "request completed"]),
    );
  });

  it("requestIdOf reads only a string header", () => {
    const of = (headers: Record<string, string | string[]>) => requestIdOf({ headers } as never);
    expect(of({ "x-request-id": "abc-123" })).toBe("abc-123");
    expect(of({ "x-request-id": ["a", "b"] })).toMatch(uuid);
    expect(of({})).toMatch(uuid);
  });
});
