// The multi-instance topology of DESIGN §13 without containers, for the topology tests, the e2e
// run's second pass and bench:scale: N server processes on one PostgreSQL database, one Redis and
// one S3-compatible store, behind Debian's nginx running deploy/nginx/steelcraft.conf itself:
// round robin, WebSocket upgrades, no sticky sessions. Only the two files that file includes (where
// the instances are, where to listen) are written here, as compose.yaml mounts its own.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTemporaryDatabase } from "../../server/db/temporary-database.ts";
import { deleteRedisKeys } from "../../server/lib/redis-keys.ts";
import { type ChildServer, freePort, startChildServerOn } from "./child-server.ts";
import { type S3Server, startS3Server } from "./s3-server.ts";

/** The balancer's configuration, as deploy/compose.yaml uses it. */
export const nginxSiteConfig = path.resolve("deploy/nginx/steelcraft.conf");
export const nginxBinary = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

export interface TopologyOptions {
  /** How many app instances (default 2). */
  instances?: number;
  /** Environment of every instance, on top of the topology's own. */
  env?: Record<string, string>;
  /** The balancer's port (default: a free one). */
  port?: number;
  /** Run instead of server/main.ts (e2e/serve-build-snapshot.ts). */
  entry?: string;
  /** Start the instances one after the other instead of all at once (bench:scale's one-instance runs do not care). */
  sequential?: boolean;
}

export interface TopologyInstance {
  readonly index: number;
  readonly port: number;
  /** http://127.0.0.1:<port>: the instance itself, past the balancer. */
  readonly base: string;
  /** The running process, if any. */
  readonly server: ChildServer | undefined;
  /** Starts the process on its port and waits until it is ready (GET /api/health/ready 200). */
  start(): Promise<void>;
  /** Sends `signal` (SIGTERM: a graceful close) and waits for the process to end: its signal or exit code. */
  stop(signal?: NodeJS.Signals): Promise<string>;
}

export interface Topology {
  /** http://127.0.0.1:<port>: the balancer, what every client uses. */
  url: string;
  /** ws://127.0.0.1:<port>/ws */
  wsUrl: string;
  instances: TopologyInstance[];
  /** The first admin of the topology's database. */
  admin: { username: string; password: string };
  /** The environment the instances share (database, Redis, store). */
  env: Record<string, string>;
  /** What the instances and nginx wrote, for a failure message. */
  output(): string;
  /** Stops nginx and the instances, drops the database, the Redis keys and the stored files. */
  close(): Promise<void>;
}

const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

/**
 * Starts the topology on the machine's PostgreSQL (DATABASE_URL or the default) and Redis
 * (REDIS_URL or the default), and the S3-compatible store of STORAGE_URL (under a prefix of its
 * own) or, without one, an s3rver of its own.
 */
export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  if (!existsSync(nginxBinary)) {
    throw new Error(`no nginx at ${nginxBinary}: apt-get install nginx (or set NGINX_PATH)`);
  }
  const count = options.instances ?? 2;
  const tag = randomBytes(4).toString("hex");
  const admin = { username: "admin", password: `topology-admin-${tag}` };
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  const logs: string[] = [];
  try {
    const database = await createTemporaryDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL, "topology");
    cleanups.push(() => database.drop());
    const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
    const redisPrefix = `topology-${tag}:`;
    cleanups.push(() => deleteRedisKeys(redisUrl, redisPrefix));
    let s3: S3Server | undefined;
    if (!process.env.STORAGE_URL) {
      s3 = await startS3Server({ bucket: "topology", prefix: "files" });
      cleanups.push(() => s3?.close());
    }
    const storageEnv = s3
      ? { ...s3.env, STORAGE_URL: `${s3.url}/${tag}` }
      : { STORAGE_URL: `${(process.env.STORAGE_URL as string).replace(/\/+$/, "")}/topology-${tag}` };

    const port = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${port}`;
    const dataDirs = Array.from({ length: count }, () => mkdtempSync(path.join(tmpdir(), "nb-topology-")));
    cleanups.push(() => {
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });
    const env: Record<string, string> = {
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisPrefix,
      ...storageEnv,
      // Links and e-mails point at the balancer; the client address is the one nginx passes on.
      PUBLIC_ORIGIN: url,
      TRUST_PROXY: "127.0.0.1",
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      ...options.env,
    };
    const instances = await Promise.all(
      dataDirs.map(async (dataDir, index) =>
        instance(index, await freePort(), { ...env, DATA_DIR: dataDir }, options.entry, logs),
      ),
    );
    cleanups.push(() => Promise.all(instances.map((one) => one.stop("SIGKILL"))));
    if (options.sequential) for (const one of instances) await one.start();
    else await Promise.all(instances.map((one) => one.start()));

    const nginx = await startNginx(port, instances, logs);
    cleanups.push(() => nginx.stop());

    return {
      url,
      wsUrl: `ws://127.0.0.1:${port}/ws`,
      instances,
      admin,
      env,
      output: () =>
        [
          ...logs,
          ...instances.map((one) => `instance ${one.index}:\n${one.server?.output().slice(-3_000) ?? ""}`),
        ].join("\n---\n"),
      close: () => runCleanups(cleanups),
    };
  } catch (error) {
    await runCleanups(cleanups);
    throw error;
  }
}

async function runCleanups(cleanups: (() => Promise<unknown> | unknown)[]) {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // The rest still runs: a half-started topology leaves nothing behind.
    }
  }
}

function instance(
  index: number,
  port: number,
  env: Record<string, string>,
  entry: string | undefined,
  logs: string[],
): TopologyInstance {
  let server: ChildServer | undefined;
  return {
    index,
    port,
    base: `http://127.0.0.1:${port}`,
    get server() {
      return server;
    },
    async start() {
      if (server) throw new Error(`instance ${index} is running`);
      server = await startChildServerOn(port, env, { healthPath: "/api/health/ready", entry });
    },
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      const running = server;
      if (!running) return "not running";
      const result = await running.stop(signal);
      logs.push(`instance ${index} (${signal} → ${result}):\n${running.output().slice(-3_000)}`);
      server = undefined;
      return result;
    },
  };
}

/** nginx in the foreground, without a master, with its own prefix; the site config included as it is. */
async function startNginx(port: number, instances: TopologyInstance[], logs: string[]) {
  const prefix = mkdtempSync(path.join(tmpdir(), "nb-nginx-"));
  // Relative includes resolve against the main configuration file's folder, as /etc/nginx does in the image.
  writeFileSync(
    path.join(prefix, "upstream-servers.conf"),
    instances.map((one) => `server 127.0.0.1:${one.port} max_fails=2 fail_timeout=5s;\n`).join(""),
  );
  writeFileSync(path.join(prefix, "listen.conf"), `listen 127.0.0.1:${port};\n`);
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    [
      "daemon off;",
      "master_process off;",
      "worker_processes 1;",
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      "events { worker_connections 4096; }",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (kind) => `  ${kind}_temp_path ${prefix}/${kind}_temp;`,
      ),
      `  include ${nginxSiteConfig};`,
      "}",
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(nginxBinary, ["-p", prefix, "-c", `${prefix}/nginx.conf`], {
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
  const exited = new Promise<void>((resolve) =>
    child.on("exit", (code, signal) => {
      exit = signal ?? String(code);
      resolve();
    }),
  );
  const stop = async () => {
    if (exit === undefined) child.kill("SIGTERM");
    await exited;
    const errorLog = existsSync(`${prefix}/error.log`) ? readFileSync(`${prefix}/error.log`, "utf8") : "";
    logs.push(`nginx:\n${output}${errorLog.slice(-3_000)}`);
    rmSync(prefix, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (exit !== undefined) {
      await stop();
      throw new Error(`nginx exited (${exit}) before it answered:\n${output}`);
    }
    const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => undefined);
    await response?.arrayBuffer();
    if (response?.ok) return { stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not pass /api/health/ready on in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls `check` until it holds; fails with `what` (and the servers' output) after `timeoutMs`. */
export async function untilOn(
  topology: Topology,
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n\n${topology.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
