/**
 * ASVS 5.0 V16 Security Logging and Error Handling: authentication events are logged with who and
 * from where, never with secrets (V16.2, V16.3); log lines cannot be forged (V16.4.1); an
 * unexpected error tells the caller nothing about the inside (V16.5).
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { authHeader, createEmployee, employeeSession, login, randomAddress } from "../../test/helpers/factories.ts";

type LogLine = Record<string, unknown> & { msg?: string };

describe("V16 Security Logging and Error Handling", () => {
  let t: TestApp;
  const raw: string[] = [];
  const lines: LogLine[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n")) {
          if (!line.trim()) continue;
          raw.push(line);
          lines.push(JSON.parse(line) as LogLine);
        }
        done();
      },
    });
    t = await createTestApp({
      logger: { level: "info", stream },
      beforeReady: (app) => {
        app.get("/api/test/boom", { config: { access: "public" } }, async () => {
          throw new Error(
            "connect ECONNREFUSED db.internal:5432 (password=hunter2) at /srv/app/server/db/client.ts:42",
          );
        });
      },
    });
  });
  afterAll(async () => t.close());

  const logged = (msg: string) => lines.filter((line) => line.msg === msg);

  it("V16.3.1 failed and successful logins, and logouts, are logged with the account and the address", async () => {
    const employee = await createEmployee(t);
    const address = randomAddress();
    await login(t, { username: employee.username, password: "Wrong-Secret-Guess-1", role: "employee" }, address);
    const ok = await login(t, { username: employee.username, password: employee.password, role: "employee" }, address);
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: authHeader(ok.json().token) });

    expect(logged("failed login")).toContainEqual(
      expect.objectContaining({ username: employee.username.toLowerCase(), ip: address, time: expect.any(Number) }),
    );
    expect(logged("login")).toContainEqual(expect.objectContaining({ username: employee.username, ip: address }));
    expect(logged("logout")).toContainEqual(expect.objectContaining({ username: employee.username }));
  });

  it("V16.3.2 refused requests are logged with their status", async () => {
    const { token } = await employeeSession(t);
    await t.app.inject({ url: "/api/admin/employees", headers: authHeader(token) });
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "request completed", res: expect.objectContaining({ statusCode: 403 }) }),
    );
  });

  it("V16.2.5 passwords and tokens never reach the log", async () => {
    const employee = await createEmployee(t, { password: "Log-Me-Never-7391" });
    const response = await login(t, { username: employee.username, password: employee.password, role: "employee" });
    const token = response.json().token as string;
    await t.app.inject({ url: "/api/auth/me", headers: authHeader(token) });
    await login(t, { username: employee.username, password: "Also-Never-Logged-1", role: "employee" });
    const all = raw.join("\n");
    expect(all).not.toContain("Log-Me-Never-7391");
    expect(all).not.toContain("Also-Never-Logged-1");
    expect(all).not.toContain(token.split(".")[2]);
    expect(all.toLowerCase()).not.toContain("bearer ");
  });

  it("V16.4.1 a username with line breaks cannot forge a log line", async () => {
    const before = lines.length;
    const forged = 'x\n{"level":30,"msg":"login","username":"admin"}';
    await login(t, { username: forged, password: "whatever-password", role: "admin" });
    const added = lines.slice(before);
    expect(added.filter((line) => line.msg === "login" && line.username === "admin")).toEqual([]);
    expect(added).toContainEqual(expect.objectContaining({ msg: "failed login", username: forged.toLowerCase() }));
  });

  it("V16.5.1 an unexpected error answers a generic message, and the details go to the log only", async () => {
    const response = await t.app.inject({ url: "/api/test/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: expect.any(String), requestId: response.headers["x-request-id"] });
    expect(response.body).not.toMatch(/ECONNREFUSED|hunter2|db\.internal|\/srv\/|\.ts:\d+|stack/i);
    expect(lines.some((line) => line.level === 50 && JSON.stringify(line).includes("ECONNREFUSED"))).toBe(true);
  });
});
