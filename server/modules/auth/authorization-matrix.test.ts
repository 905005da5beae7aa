/**
 * The authorization matrix: every route the real app registers, called as anonymous, employee and
 * admin. A route added without an access rule, or with the wrong one, fails this suite.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { HTTPMethods, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession, loginAs } from "../../../test/helpers/factories.ts";
import { type Access, accessRefusals } from "../../plugins/auth.ts";

interface Endpoint {
  method: HTTPMethods;
  url: string;
  access: Access | undefined;
}

/** A miniature client build, so the site's page and asset routes are part of the matrix too. */
function fakeClientBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "nb-matrix-site-"));
  const page = "<!DOCTYPE html><html><head><title>x</title></head><body></body></html>";
  writeFileSync(path.join(dir, "index.html"), page);
  writeFileSync(path.join(dir, "__spa-fallback.html"), page);
  mkdirSync(path.join(dir, "about"));
  writeFileSync(path.join(dir, "about", "index.html"), page);
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "assets", "app.js"), "0");
  return dir;
}

/** Every (path, method) in Fastify's own route tree: an independent check that the auth plugin saw them all. */
function routesFromTree(tree: string): { url: string; method: string }[] {
  const found: { url: string; method: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^([│ ├└─]*)(\S.*?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? "") + (match[2] ?? "");
    stack[depth] = url;
    for (const method of (match[3] ?? "").split(",")) {
      if (method.trim()) found.push({ url, method: method.trim() });
    }
  }
  return found;
}

/** A concrete URL for a route pattern: parameters and wildcards filled in. */
const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, "1").replace(/\*$/, "x");

const isRefusal = (response: LightMyRequestResponse, status: 401 | 403) => {
  if (response.statusCode !== status) return false;
  if (response.body === "") return true; // HEAD: no body to read
  const message = (response.json() as { message?: string }).message;
  return status === 401
    ? message === accessRefusals.loginRequired || message === accessRefusals.sessionEnded
    : message === accessRefusals.adminOnly || message === accessRefusals.noRule;
};

describe("authorization matrix", () => {
  let t: TestApp;
  let clientDir: string;
  let endpoints: Endpoint[];
  const tokens: Record<"employee" | "admin", string> = { employee: "", admin: "" };
  let employeeAccount: { username: string; password: string };

  beforeAll(async () => {
    clientDir = fakeClientBuild();
    t = await createTestApp({ serveClient: true, clientDir });
    tokens.admin = await adminToken(t);
    const session = await employeeSession(t);
    tokens.employee = session.token;
    employeeAccount = session.employee;
    endpoints = t.app.auth
      .routes()
      .flatMap((route) =>
        route.method
          .split(",")
          .map((method) => ({ method: method as HTTPMethods, url: route.url, access: route.access })),
      );
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** Logout ends the session it is called with: it gets a session of its own, so the others' tokens live on. */
  const endsSession = (endpoint: Endpoint) => endpoint.method === "POST" && endpoint.url === "/api/auth/logout";
  const ownSession = async (headers: Record<string, string>) => {
    if (headers.authorization === authHeader(tokens.admin).authorization) return authHeader(await adminToken(t));
    if (headers.authorization === authHeader(tokens.employee).authorization)
      return authHeader(await loginAs(t, employeeAccount, "employee"));
    return headers;
  };
  const call = async (endpoint: Endpoint, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: endpoint.method,
      url: concrete(endpoint.url),
      headers: endsSession(endpoint) ? await ownSession(headers) : headers,
      ...(["POST", "PUT", "PATCH"].includes(endpoint.method) ? { payload: {} } : {}),
    });
  /**
   * Was this call refused by the access layer? A HEAD answer has no body to tell an access refusal
   * from the handler's own 403 (e.g. "only your own"), so the same GET tells.
   */
  const refusedByAccessLayer = async (
    endpoint: Endpoint,
    headers: Record<string, string>,
    response: LightMyRequestResponse,
  ) => {
    const judged = endpoint.method === "HEAD" ? await call({ ...endpoint, method: "GET" }, headers) : response;
    return isRefusal(judged, 401) || isRefusal(judged, 403);
  };
  const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.url} (${endpoint.access ?? "no rule"})`;

  it("knows every route Fastify has registered, including the site, the docs and the share links", () => {
    const known = endpoints.map((e) => `${e.method} ${e.url}`);
    const covered = (method: string, url: string) =>
      known.includes(`${method} ${url}`) ||
      // A prefix's "/" twin shares its route's options (and rule) without an onRoute call of its own.
      (url.endsWith("/") && known.includes(`${method} ${url.slice(0, -1)}`)) ||
      // The printed tree shortens wildcard routes to their last static part.
      (url.endsWith("*") && known.some((key) => key.startsWith(`${method} ${url.slice(0, -1)}`) && key.endsWith("*")));
    const tree = routesFromTree(t.app.printRoutes({ commonPrefix: false }));
    expect(tree.length).toBeGreaterThan(10);
    expect(tree.filter((route) => !covered(route.method, route.url))).toEqual([]);
    for (const url of ["/api/auth/login", "/api/admin/employees", "/share/:token", "/about", "/*", "/api/docs/json"]) {
      expect(
        known.some((key) => key.endsWith(` ${url}`)),
        url,
      ).toBe(true);
    }
  });

  it("finds an access rule on every route", () => {
    const withoutRule = endpoints.filter((e) => !["public", "staff", "admin"].includes(e.access ?? "")).map(label);
    expect(withoutRule, "routes without config.access").toEqual([]);
  });

  it("puts every /api/admin route behind the admin rule", () => {
    const notAdmin = endpoints.filter((e) => e.url.startsWith("/api/admin") && e.access !== "admin").map(label);
    expect(notAdmin).toEqual([]);
  });

  it("lets any staff read the review's response labels, and only an admin rename them", () => {
    const rule = (method: HTTPMethods) =>
      endpoints.find((e) => e.method === method && e.url === "/api/projects/response-labels")?.access;
    expect({ GET: rule("GET"), PUT: rule("PUT") }).toEqual({ GET: "staff", PUT: "admin" });
  });

  it("answers anonymous callers 401 on every staff and admin route, and never refuses them a public one", async () => {
    for (const endpoint of endpoints) {
      const response = await call(endpoint);
      if (endpoint.access === "public") {
        expect(isRefusal(response, 401) || isRefusal(response, 403), label(endpoint)).toBe(false);
      } else {
        expect(response.statusCode, label(endpoint)).toBe(401);
        expect(isRefusal(response, 401), label(endpoint)).toBe(true);
      }
      expect(response.statusCode, label(endpoint)).toBeLessThan(500);
    }
  });

  it("answers 401 to forged or garbage tokens on every staff and admin route", async () => {
    for (const endpoint of endpoints.filter((e) => e.access !== "public")) {
      for (const token of ["garbage", `${tokens.admin.slice(0, -4)}AAAA`]) {
        const response = await call(endpoint, authHeader(token));
        expect(response.statusCode, label(endpoint)).toBe(401);
      }
    }
  });

  it("answers an employee 403 on every admin route, and lets it through the staff and public ones", async () => {
    for (const endpoint of endpoints) {
      const response = await call(endpoint, authHeader(tokens.employee));
      if (endpoint.access === "admin") {
        expect(response.statusCode, label(endpoint)).toBe(403);
        expect(isRefusal(response, 403), label(endpoint)).toBe(true);
      } else {
        expect(await refusedByAccessLayer(endpoint, authHeader(tokens.employee), response), label(endpoint)).toBe(
          false,
        );
      }
      expect(response.statusCode, label(endpoint)).toBeLessThan(500);
    }
  });

  it("lets an admin through every route (the handler then answers, never with a 500)", async () => {
    for (const endpoint of endpoints) {
      const response = await call(endpoint, authHeader(tokens.admin));
      expect(await refusedByAccessLayer(endpoint, authHeader(tokens.admin), response), label(endpoint)).toBe(false);
      expect(response.statusCode, label(endpoint)).toBeLessThan(500);
    }
  });

  it("describes every API route in the OpenAPI document, staff and admin ones with bearer security", async () => {
    const response = await t.app.inject({ url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    for (const endpoint of endpoints) {
      if (!endpoint.url.startsWith("/api/") || endpoint.url.startsWith("/api/docs") || endpoint.method === "HEAD") {
        continue;
      }
      const openApiPath = endpoint.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
      const operation = document.paths[openApiPath]?.[endpoint.method.toLowerCase()];
      expect(operation, label(endpoint)).toBeDefined();
      if (endpoint.access !== "public") expect(operation?.security, label(endpoint)).toEqual([{ bearer: [] }]);
      else expect(operation?.security, label(endpoint)).toBeUndefined();
    }
  });
});
