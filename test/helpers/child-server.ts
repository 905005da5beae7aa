// The real server process (server/main.ts, as `npm run serve` runs it) for the tests that kill it:
// started on a free port, healthy before it is used, and stopped by signal.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import type { BuildAppOptions } from "../../server/app.ts";

export interface ChildServerOptions {
  /** How long the server may take to answer /api/health (default 90 s). */
  healthTimeoutMs?: number;
  /**
   * The storage plugin's options (a short orphan grace on a shared store). Given, the process runs
   * test/helpers/child-main.ts, which builds the app as server/main.ts does but with these.
   */
  storage?: BuildAppOptions["storage"];
  /** What to wait for before the server counts as started (default /api/health; a balanced instance waits for /api/health/ready). */
  healthPath?: string;
  /** The script to run instead of server/main.ts (e2e/serve-build-snapshot.ts serves a private copy of the build). */
  entry?: string;
}

export interface ChildServer {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  /** ws://127.0.0.1:<port>/ws */
  wsUrl: string;
  /** Resolves with the signal that ended the process, or its exit code as text. */
  exited: Promise<string>;
  /** Everything the process wrote so far (stdout and stderr). */
  output: () => string;
  /** Sends `signal` (SIGKILL by default) and waits for the process to end. */
  stop: (signal?: NodeJS.Signals) => Promise<string>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the server with `env` on top of this process's environment (PORT is chosen here) and
 * waits until /api/health answers 200. A port another process took in the meantime is replaced.
 */
export async function startChildServer(
  env: Record<string, string>,
  options: ChildServerOptions = {},
): Promise<ChildServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnServer(env, await freePort(), options);
    } catch (error) {
      if (attempt < 3 && String(error).includes("EADDRINUSE")) continue;
      throw error;
    }
  }
}

/** The same on a given port (an instance behind a balancer comes back where the balancer expects it). */
export function startChildServerOn(
  port: number,
  env: Record<string, string>,
  options: ChildServerOptions = {},
): Promise<ChildServer> {
  return spawnServer(env, port, options);
}

async function spawnServer(
  env: Record<string, string>,
  port: number,
  options: ChildServerOptions,
): Promise<ChildServer> {
  const { healthTimeoutMs = 90_000, storage, healthPath = "/api/health" } = options;
  const entry = storage
    ? ["test/helpers/child-main.ts", JSON.stringify({ storage })]
    : [options.entry ?? "server/main.ts"];
  const child = spawn(process.execPath, ["--v8-pool-size=0", "--max-semi-space-size=64", "--import", "tsx", ...entry], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  let exit: string | undefined;
  const exited = new Promise<string>((resolve) =>
    child.on("exit", (code, signal) => {
      exit = signal ?? String(code);
      resolve(exit);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + healthTimeoutMs;
  for (;;) {
    if (exit !== undefined) throw new Error(`the server exited (${exit}) before it was healthy:\n${output}`);
    const response = await fetch(`${base}${healthPath}`).catch(() => undefined);
    await response?.arrayBuffer();
    if (response?.ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      await exited;
      throw new Error(`the server did not answer ${healthPath} in time:\n${output}`);
    }
    await pause(50);
  }
  const stop = async (signal: NodeJS.Signals = "SIGKILL") => {
    if (exit === undefined) child.kill(signal);
    return exited;
  };
  return { child, port, base, wsUrl: `ws://127.0.0.1:${port}/ws`, exited, output: () => output, stop };
}

/** A JSON call to a child server; a non-2xx answer throws with its status and body. */
export async function callServer(
  base: string,
  method: string,
  url: string,
  options: { token?: string; json?: unknown } = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.json === undefined ? {} : { "content-type": "application/json" }),
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Logs in on a child server; the bearer token. */
export const loginOn = async (base: string, username: string, password: string, role: string) =>
  (await callServer(base, "POST", "/api/auth/login", { json: { username, password, role } })).token as string;
