/**
 * Realtime bench (skeleton): holds N concurrent STOMP sessions and reports the server's memory
 * per session and how long the handshakes took.
 *
 *   node --import tsx bench/chat.ts [--sessions 1000] [--hold 10] [--redis redis://127.0.0.1:6379]
 *
 * The server (buildApp on a fresh PGlite database) runs in this process, started with
 * --expose-gc so the heap is measured after a full collection; the clients run in a child
 * process so their sockets are not counted. Every session belongs to the first admin,
 * subscribes to its private queue and to the presence topic, and heart-beats every 10 s,
 * like the browser client. Not yet measured: message fan-out latency (needs the chat module's
 * send handlers).
 */
import { type ChildProcess, fork, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { WebSocket } from "ws";

const { values } = parseArgs({
  options: {
    sessions: { type: "string", default: "1000" },
    hold: { type: "string", default: "10" },
    redis: { type: "string" },
    // Internal: the client process.
    clients: { type: "string" },
    token: { type: "string" },
    url: { type: "string" },
  },
});
const self = fileURLToPath(import.meta.url);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens one session: CONNECT, two SUBSCRIBEs, waits for the last RECEIPT. */
function openSession(url: string, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, ["v12.stomp"]);
    socket.once("error", reject);
    socket.once("open", () => {
      socket.send(
        `CONNECT\naccept-version:1.2\nheart-beat:10000,10000\nAuthorization:Bearer ${token}\n\n\0` +
          "SUBSCRIBE\nid:sub-0\ndestination:/user/queue/private\n\n\0" +
          "SUBSCRIBE\nid:sub-1\ndestination:/topic/user-status\nreceipt:ready\n\n\0",
      );
    });
    socket.on("message", (data: Buffer) => {
      const text = data.toString("utf8");
      if (text.startsWith("ERROR")) reject(new Error(text.split("\n", 3).join(" ")));
      if (text.includes("receipt-id:ready")) resolve(socket);
    });
  });
}

/** Client process: opens the sessions, reports handshake times, holds them until told to stop. */
async function runClients(url: string, token: string, count: number) {
  const sockets: WebSocket[] = [];
  const durations: number[] = [];
  for (let opened = 0; opened < count; opened += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, count - opened) }, async () => {
        const started = performance.now();
        sockets.push(await openSession(url, token));
        durations.push(performance.now() - started);
      }),
    );
  }
  const beat = setInterval(() => {
    for (const socket of sockets) socket.send("\n");
  }, 10_000);
  process.send?.({ type: "ready", durations });
  process.on("message", (message: { type: string }) => {
    if (message.type !== "stop") return;
    clearInterval(beat);
    const alive = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
    for (const socket of sockets) socket.terminate();
    process.send?.({ type: "stopped", alive }, () => process.exit(0));
  });
}

function heap(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

async function runServer() {
  const { buildApp } = await import("../server/app.ts");
  const { loadConfig } = await import("../server/config.ts");
  const sessions = Number(values.sessions);
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-chat-"));
  const admin = { username: "bench-admin", password: "bench-admin-password" };
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    ...(values.redis ? { REDIS_URL: values.redis } : {}),
  });
  const app = await buildApp({ config, serveClient: false });
  let clients: ChildProcess | undefined;
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { ...admin, role: "admin" } });
    const { token } = login.json() as { token: string };
    await sleep(500);
    const before = heap();

    clients = fork(
      self,
      ["--clients", String(sessions), "--token", token, "--url", `ws://127.0.0.1:${address.port}/ws`],
      {
        execArgv: ["--import", "tsx"],
      },
    );
    const ready = await nextMessage<{ durations: number[] }>(clients, "ready");
    await sleep(Number(values.hold) * 1_000);
    const after = heap();
    const connected = app.realtime.localSessionCount();
    clients.send({ type: "stop" });
    const { alive } = await nextMessage<{ alive: number }>(clients, "stopped");

    const durations = ready.durations.sort((a, b) => a - b);
    const percentile = (p: number) => durations[Math.min(durations.length - 1, Math.floor(p * durations.length))]!;
    console.log(
      JSON.stringify(
        {
          sessions,
          connectedOnServer: connected,
          aliveAfterHold: alive,
          holdSeconds: Number(values.hold),
          broker: app.realtime.broker.kind,
          serverHeapPlusExternalMiB: { before: mib(before), after: mib(after) },
          perSessionKiB: Number(((after - before) / sessions / 1024).toFixed(1)),
          handshakeMs: { p50: Number(percentile(0.5).toFixed(1)), p99: Number(percentile(0.99).toFixed(1)) },
        },
        null,
        2,
      ),
    );
  } finally {
    clients?.kill();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mib = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));

function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string } & T) => {
      if (message.type !== type) return;
      child.off("message", onMessage);
      resolve(message);
    };
    child.on("message", onMessage);
    child.once("exit", (code) => reject(new Error(`client process exited (${code})`)));
  });
}

if (values.clients !== undefined) {
  await runClients(values.url ?? "", values.token ?? "", Number(values.clients));
} else if (typeof globalThis.gc !== "function") {
  // Measuring the heap needs --expose-gc: run again with it.
  const result = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", self, ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  process.exit(result.status ?? 1);
} else {
  await runServer();
  process.exit(0);
}
