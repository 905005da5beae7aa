import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";

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
