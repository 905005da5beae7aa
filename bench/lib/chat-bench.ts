/**
 * Shared by the chat benchmarks (bench/chat.ts, bench/soak.ts): the app on a fresh database, bench
 * users with signed tokens, a raw STOMP session over a WebSocket (the figures and tables: report.ts).
 *
 * Server code is imported lazily (inside the functions that need it) so that a load-generating
 * process importing this file does not load the server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { WebSocket } from "ws";
import type { BuildAppOptions, buildApp } from "../../server/app.ts";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Server side: the real app on a fresh database.

export type BenchApp = Awaited<ReturnType<typeof buildApp>>;

export interface BenchServerOptions {
  db: "pglite" | "postgres";
  /** The PostgreSQL server a scratch database is created on (db "postgres"). */
  postgresUrl: string;
  redisUrl?: string;
  /** Names the temporary directory and database. */
  prefix: string;
  /** Chat settings (bench:chat raises the per-account rate limit its random senders would hit). */
  chat?: BuildAppOptions["chat"];
}

/**
 * buildApp on a fresh database: PGlite in a temporary DATA_DIR, or a new PostgreSQL database on
 * `postgresUrl`; `close()` closes the app and removes both.
 */
export async function openBenchApp(
  options: BenchServerOptions,
): Promise<{ app: BenchApp; dataDir: string; databaseName?: string; close(): Promise<void> }> {
  const { buildApp } = await import("../../server/app.ts");
  const { loadConfig } = await import("../../server/config.ts");
  const { openDatabase } = await import("../../server/db/client.ts");
  const { createTemporaryDatabase } = await import("../../server/db/temporary-database.ts");

  const dataDir = mkdtempSync(path.join(tmpdir(), `${options.prefix}-`));
  const scratch =
    options.db === "postgres"
      ? await createTemporaryDatabase(options.postgresUrl, options.prefix.replace(/[^a-z0-9_]/gi, "_"))
      : undefined;
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let app: BenchApp | undefined;
  const close = async () => {
    try {
      await app?.close();
      await database?.close();
    } finally {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  try {
    database = await openDatabase(
      scratch ? { databaseUrl: scratch.url, poolSize: 20 } : { pgliteDir: path.join(dataDir, "pglite") },
    );
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ADMIN_USERNAME: "bench-admin",
      ADMIN_PASSWORD: "bench-admin-password",
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    });
    app = await buildApp({ config, database, serveClient: false, logger: { level: "warn" }, chat: options.chat });
    return {
      app,
      dataDir,
      ...(scratch ? { databaseName: new URL(scratch.url).pathname.slice(1) } : {}),
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

export interface BenchUser {
  id: number;
  username: string;
  token: string;
}

/** `count` employee accounts `bench.u00000`… with tokens signed directly (the benches are about chat, not argon2). */
export async function createBenchUsers(app: BenchApp, count: number): Promise<BenchUser[]> {
  const { users } = await import("../../server/db/schema.ts");
  const people: BenchUser[] = [];
  for (let i = 0; i < count; i += 1000) {
    const rows = await app.db
      .insert(users)
      .values(
        Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({
          kind: "employee" as const,
          name: `Bench User ${i + j}`,
          email: `bench${i + j}@example.com`,
          username: `bench.u${String(i + j).padStart(5, "0")}`,
          passwordHash: "not-a-login",
        })),
      )
      .returning({ id: users.id, username: users.username });
    for (const row of rows) {
      people.push({
        id: row.id,
        username: row.username,
        token: await app.auth.signToken({ id: row.id, username: row.username, kind: "employee", tokenVersion: 0 }),
      });
    }
  }
  return people;
}

// ---------------------------------------------------------------------------------------------
// Client side.

export type FrameHandler = (session: Session, command: string, headers: Map<string, string>, body: string) => void;

/**
 * The STOMP server a session talks to, as the bench's browsers see it: ours (/app, /user/queue,
 * a bearer token), or a message broker's plain queues for comparison (RabbitMQ Web-STOMP: one
 * queue per person, guest credentials). Everything else about a session is the same.
 */
export interface StompTarget {
  /** CONNECT's header lines beyond the version and heart-beats (the credentials). */
  connectHeaders(token: string): string[];
  /** The subscriptions each session makes first: id, destination and extra header lines. */
  subscriptions(username: string): { id: string; destination: string; headers?: string[] }[];
  /** Where a private message from `sender` to `recipient` goes, and its body. */
  privateMessage(sender: string, recipient: string, content: string): { destination: string; body: string };
}

/** This product: the errors queue (id "e") and the private queue (id "q"), DESIGN §10's SEND. */
export const ourStomp: StompTarget = {
  connectHeaders: (token) => [`Authorization:Bearer ${token}`],
  subscriptions: () => [
    { id: "e", destination: "/user/queue/errors" },
    { id: "q", destination: "/user/queue/private" },
  ],
  privateMessage: (_sender, recipient, content) => ({
    destination: "/app/chat.sendPrivateMessage",
    body: JSON.stringify({ recipient, content }),
  }),
};

/**
 * RabbitMQ's Web-STOMP plugin: each person's own queue (`/queue/<prefix>.<username>`, not durable,
 * deleted with its subscriber), sent to directly; the body carries what ours would deliver.
 */
export function rabbitStomp(prefix: string): StompTarget {
  return {
    connectHeaders: () => ["login:guest", "passcode:guest", "host:/"],
    subscriptions: (username) => [
      { id: "q", destination: `/queue/${prefix}.${username}`, headers: ["durable:false", "auto-delete:true"] },
    ],
    privateMessage: (sender, recipient, content) => ({
      // /amq/queue/: the recipient's existing queue, not declared again (a SEND to /queue/ would
      // declare it durable, which the subscriber's transient queue refuses).
      destination: `/amq/queue/${prefix}.${recipient}`,
      body: JSON.stringify({ type: "CHAT", sender, recipient, content }),
    }),
  };
}

export interface SessionOptions {
  /** Who answers (default ours). */
  target?: StompTarget;
  /** Destinations subscribed to after the target's own: ids s0, s1, … */
  subscriptions?: string[];
}

/**
 * One STOMP session over a raw WebSocket, frames parsed just enough to measure. CONNECT with
 * heart-beats 10 s like the browser, then SUBSCRIBEs: the target's (ours: /user/queue/errors, id
 * "e", and /user/queue/private, id "q") and `options.subscriptions`; `ready` is called once the
 * last one's RECEIPT arrives, or with an error (socket error, ERROR frame, closed before ready).
 */
export class Session {
  readonly socket: WebSocket;
  constructor(
    url: string,
    readonly username: string,
    readonly token: string,
    onFrame: FrameHandler,
    ready: (error?: Error) => void,
    options: SessionOptions = {},
  ) {
    const target = options.target ?? ourStomp;
    this.socket = new WebSocket(url, ["v12.stomp"], { perMessageDeflate: false });
    this.socket.once("error", (error) => ready(error));
    this.socket.once("close", () => ready(new Error("closed before the subscriptions were confirmed")));
    const subscriptions = [
      ...target.subscriptions(username),
      ...(options.subscriptions ?? []).map((destination, i) => ({ id: `s${i}`, destination, headers: [] })),
    ];
    this.socket.once("open", () => {
      this.socket.send(
        `CONNECT\naccept-version:1.2\nheart-beat:10000,10000\n${target.connectHeaders(token).join("\n")}\n\n\0` +
          subscriptions
            .map(
              ({ id, destination, headers = [] }, i) =>
                `SUBSCRIBE\nid:${id}\ndestination:${destination}\n${headers.map((h) => `${h}\n`).join("")}${i === subscriptions.length - 1 ? "receipt:ready\n" : ""}\n\0`,
            )
            .join(""),
      );
    });
    this.socket.on("message", (data: Buffer) => {
      const text = data.toString("utf8");
      // Frames are separated by NUL; heart-beats are bare newlines.
      for (const raw of text.split("\0")) {
        const frame = raw.replace(/^\n+/, "");
        if (frame === "") continue;
        const end = frame.indexOf("\n\n");
        const head = (end === -1 ? frame : frame.slice(0, end)).split("\n");
        const command = head[0] ?? "";
        const headers = new Map<string, string>();
        for (const line of head.slice(1)) {
          const colon = line.indexOf(":");
          if (colon > 0 && !headers.has(line.slice(0, colon))) headers.set(line.slice(0, colon), line.slice(colon + 1));
        }
        const body = end === -1 ? "" : frame.slice(end + 2);
        if (command === "ERROR") ready(new Error(headers.get("message") ?? "ERROR"));
        else if (command === "RECEIPT" && headers.get("receipt-id") === "ready") ready();
        onFrame(this, command, headers, body);
      }
    });
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** A SEND with a JSON body (and extra header lines such as `receipt:x`). */
  send(destination: string, body: string, headers: string[] = []): void {
    this.socket.send(
      `SEND\ndestination:${destination}\ncontent-type:application/json\n${headers.map((h) => `${h}\n`).join("")}content-length:${Buffer.byteLength(body)}\n\n${body}\0`,
    );
  }
}

/**
 * Opens one session per account, 100 handshakes at a time: the sessions, and each handshake's time
 * (CONNECT until the last SUBSCRIBE's RECEIPT, ms). Throws on the first session that fails.
 */
export async function openSessions(
  url: string,
  accounts: { username: string; token: string }[],
  onFrame: FrameHandler,
  target: StompTarget = ourStomp,
): Promise<{ sessions: Session[]; handshakes: number[] }> {
  const sessions: Session[] = [];
  const handshakes: number[] = [];
  for (let i = 0; i < accounts.length; i += 100) {
    await Promise.all(
      accounts.slice(i, i + 100).map(
        (account) =>
          new Promise<void>((resolve, reject) => {
            const started = performance.now();
            let settled = false;
            const session = new Session(
              url,
              account.username,
              account.token,
              onFrame,
              (error) => {
                if (settled) return;
                settled = true;
                if (error) return reject(error);
                handshakes.push(performance.now() - started);
                sessions.push(session);
                resolve();
              },
              { target },
            );
          }),
      ),
    );
  }
  return { sessions, handshakes };
}

/**
 * Heart-beats as browsers send them: every session every 10 s, each at its own moment (all of them
 * in one burst would measure the bench, not the server). Returns what stops them.
 */
export function heartbeats(sessions: Session[]): () => void {
  let next = 0;
  const beat = setInterval(() => {
    for (let i = 0; i < Math.ceil(sessions.length / 100); i++) {
      const session = sessions[next++ % sessions.length];
      if (session?.open) session.socket.send("\n");
    }
  }, 100);
  return () => clearInterval(beat);
}
