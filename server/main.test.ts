import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, deadline = Date.now() + 90_000) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not become healthy");
}

describe("server process", () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill("SIGKILL");
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("stops at start-up with one clear line naming a bad variable", async () => {
    const { exited, output, child } = start({ PORT: "not-a-port" });
    children.push(child);
    expect(await exited).toBe(1);
    expect(output().trim()).toBe("Invalid configuration: PORT Invalid input: expected number, received NaN");
  }, 30_000);

  it("prints the generated first admin password once, then finishes in-flight requests on SIGTERM and exits 0", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "nb-main-"));
    dirs.push(dataDir);
    const port = await freePort();
    const server = start({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "" });
    children.push(server.child);
    await waitForHealth(port);
    expect(server.output()).toMatch(/username: admin\n\s+password: \S{12,}/);

    // A request whose body is still arriving when SIGTERM lands must still get its answer.
    const body = JSON.stringify({ username: "admin", password: "not-the-password", role: "admin" });
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/auth/login",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 300);
    });
    expect(await inFlight).toBe(401);
    expect(await server.exited).toBe(0);

    // A second start on the same data keeps the admin and prints no password.
    const again = start({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "" });
    children.push(again.child);
    await waitForHealth(port);
    expect(again.output()).not.toMatch(/password:/);
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  }, 180_000);
});
