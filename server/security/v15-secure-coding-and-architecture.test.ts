/**
 * ASVS 5.0 V15 Secure Coding and Architecture: resource-hungry clients (V15.2.2), what ships to
 * browsers (V15.2.3), and defensive coding against mass assignment and prototype pollution (V15.3).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPaths } from "../../shared/chat.ts";
import { adminToken, authHeader, createEmployee, employeeSession, loginAs } from "../../test/helpers/factories.ts";
import { multipart } from "../../test/helpers/multipart.ts";
import { RawClient, type RealtimeTestApp, sleep, startApp } from "../../test/helpers/realtime.ts";
import { samples } from "../../test/helpers/sample-files.ts";

/** One second instead of thirty: the same limits, on a test's time scale. */
const timeouts = { idleMs: 1_000, headersMs: 1_000, bodyWindowMs: 1_000, minBodyBytesPerSecond: 1_024 };

/** A raw TCP connection to the app that records when the server closed it. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  const opened = Date.now();
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk;
  });
  socket.on("error", () => {});
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now() - opened)));
  return { socket, closed, received: () => received };
}

describe("V15 Secure Coding and Architecture", () => {
  let t: RealtimeTestApp;
  beforeAll(async () => {
    t = await startApp({ broker: "memory" }, { timeouts });
  });
  afterAll(async () => t.close());

  describe("V15.2.2 clients that stall cannot hold connections (finding 6)", () => {
    it("cuts a request whose body trickles in under 1 KB/s (the review's attack: held open forever)", async () => {
      const { socket, closed } = rawConnection(t.port);
      socket.write(
        "POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{",
      );
      let sent = 0;
      const drip = setInterval(() => {
        if (!socket.destroyed) socket.write(" ");
        sent++;
      }, 150);
      const after = await Promise.race([closed, sleep(8_000).then(() => Number.POSITIVE_INFINITY)]);
      clearInterval(drip);
      socket.destroy();
      expect(after).toBeLessThan(timeouts.bodyWindowMs * 3);
      expect(sent).toBeLessThan(4000);
    });

    it("lets a large upload go on for as long as its bytes flow", async () => {
      const { token } = await employeeSession(t);
      const form = multipart([
        { name: "file", value: Buffer.concat([samples.pdf, Buffer.alloc(96 * 1024, 0x20)]), fileName: "plans.pdf" },
      ]);
      const body = form.payload as Buffer;
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port: t.port,
            method: "POST",
            path: chatPaths.upload,
            headers: { ...form.headers, ...authHeader(token), "content-length": body.length },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        // 4 KB every 100 ms (40 KB/s) for about 2.5 s: several windows long, well above the floor.
        let offset = 0;
        const pump = setInterval(() => {
          req.write(body.subarray(offset, offset + 4096));
          offset += 4096;
          if (offset >= body.length) {
            clearInterval(pump);
            req.end();
          }
        }, 100);
      });
      expect(status).toBe(201);
    });

    it("closes an idle connection, and a keep-alive connection once it goes idle", async () => {
      const silent = rawConnection(t.port);
      expect(await silent.closed).toBeLessThan(timeouts.idleMs * 3);

      const kept = rawConnection(t.port);
      kept.socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
      expect(await kept.closed).toBeLessThan(timeouts.idleMs * 3);
      expect(kept.received()).toMatch(/^HTTP\/1\.1 200/);
    });

    it("cuts a request whose headers never end (slowloris)", async () => {
      const { socket, closed } = rawConnection(t.port);
      socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n");
      const drip = setInterval(() => !socket.destroyed && socket.write("X-Padding: a\r\n"), 200);
      const after = await Promise.race([closed, sleep(8_000).then(() => Number.POSITIVE_INFINITY)]);
      clearInterval(drip);
      socket.destroy();
      expect(after).toBeLessThan(timeouts.headersMs * 4);
    });

    it("leaves chat WebSockets alone: they live far beyond these limits", async () => {
      const { token } = await employeeSession(t);
      const { client } = await RawClient.connect(t.url, token); // heart-beat 0,0: nothing at all on the wire
      await sleep(timeouts.idleMs * 3);
      expect(client.closed).toBeUndefined();
      expect(await client.request("SUBSCRIBE", { id: "s1", destination: "/user/queue/errors" })).toBe("done");
      client.close();
    });
  });

  describe("V15.3 defensive coding", () => {
    it("V15.3.3 an edit cannot set fields the form does not offer (mass assignment)", async () => {
      const admin = await adminToken(t);
      const employee = await createEmployee(t);
      const response = await t.app.inject({
        method: "PUT",
        url: `/api/admin/employees/${employee.id}`,
        headers: authHeader(admin),
        payload: {
          name: employee.name,
          email: employee.email,
          role: "Modeler",
          username: employee.username,
          status: "active",
          performance: 10,
          projects: [],
          kind: "admin",
          id: 1,
          tokenVersion: 0,
          passwordHash: "$argon2id$forged",
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().id).toBe(employee.id);
      // Still an employee, with the password it had.
      await expect(loginAs(t, employee, "admin")).rejects.toThrow(/401/);
      expect((await loginAs(t, employee, "employee")).length).toBeGreaterThan(0);
    });

    it("V15.3.6 JSON cannot pollute prototypes", async () => {
      for (const payload of [
        '{"username":"admin","password":"x","role":"admin","__proto__":{"polluted":true}}',
        '{"username":"admin","password":"x","role":"admin","constructor":{"prototype":{"polluted":true}}}',
      ]) {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/auth/login",
          headers: { "content-type": "application/json" },
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }
    });
  });

  it("V15.2.3 the password dictionary ships to no browser: no client module reaches it", () => {
    const root = path.resolve("client");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) files.push(full);
      }
    };
    walk(root);
    const resolveImport = (from: string, spec: string): string | undefined => {
      const base = spec.startsWith("~/") ? path.join(root, spec.slice(2)) : path.resolve(path.dirname(from), spec);
      for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
        try {
          if (statSync(candidate).isFile()) return candidate;
        } catch {}
      }
      return undefined;
    };
    const seen = new Set<string>();
    const packages = new Set<string>();
    const queue = [...files];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
        const spec = match[1] as string;
        if (spec.startsWith(".") || spec.startsWith("~/")) {
          const target = resolveImport(file, spec);
          if (target) queue.push(target);
        } else packages.add(spec);
      }
    }
    expect(seen.size).toBeGreaterThan(50);
    expect([...seen].filter((file) => file.endsWith(path.join("shared", "password-strength.ts")))).toEqual([]);
    expect([...packages].filter((name) => name.startsWith("@zxcvbn-ts"))).toEqual([]);
  });
});
