/**
 * Crash safety of the real server process (server/main.ts, as `npm run serve` runs it): under chat,
 * upload and admin load it is SIGKILLed mid-stream, restarted on the same DATA_DIR and database, and
 * this twice. Then every acknowledged write (a chat SEND's RECEIPT, an upload's 2xx, a quote
 * request's stage change or note, an erasure, a delete) is stored exactly once with its timeline
 * line and audit entry, every stored file has its row and every row its file, a write cut off by the
 * kill is all there or not at all, and no temporary file of the dead process is left. PGlite in
 * DATA_DIR by default; a fresh database on DATABASE_URL's server when set. Files in DATA_DIR/files by
 * default; under a fresh prefix of STORAGE_URL's bucket when set (what is stored is asked of the
 * store, so the same assertions hold on both).
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Client } from "@stomp/stompjs";
import type { Challenge } from "altcha-lib";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { WebSocket } from "ws";
import { chatDestinations, chatLimits, chatPaths } from "../../shared/chat.ts";
import { captchaPayload, solve } from "../../test/helpers/captcha.ts";
import { type ChildServer, callServer, loginOn, startChildServer } from "../../test/helpers/child-server.ts";
import { randomAddress } from "../../test/helpers/factories.ts";
import { multipart, type Part } from "../../test/helpers/multipart.ts";
import { samples } from "../../test/helpers/sample-files.ts";
import { objectStoreOf, storesInS3, testStorageEnv } from "../../test/helpers/storage.ts";
import { loadConfig } from "../config.ts";
import { createTemporaryDatabase } from "../db/temporary-database.ts";
import { deleteRedisKeys } from "../lib/redis-keys.ts";

const CYCLES = 2;
/** Enough staff for KILL_AFTER.messages within one rate-limit window of SEND_BUDGET each. */
const STAFF = 14;
/** Chat SENDs each staff member keeps in flight. */
const WINDOW = 3;
/**
 * Chat SENDs per staff member in any rate-limit window: with the sends in flight at a kill (stored
 * perhaps, never acknowledged) on top, each account stays under the server's limit (DESIGN §10).
 */
const SEND_BUDGET = chatLimits.rateLimitMessages - 2 * WINDOW;
/** When each staff member's chat SENDs went out, over all cycles (the server's window spans a restart). */
const sendTimes = new Map<string, number[]>();
/** The server is killed once this cycle has this many acknowledged writes of each kind. */
const KILL_AFTER = {
  messages: 300,
  shares: 3,
  deletes: 1,
  attachments: 3,
  quotes: 2,
  applications: 1,
  stages: 2,
  notes: 2,
  erasures: 1,
  quoteDeletes: 1,
};
/** Quote request stages the admin moves each request through, round and round (no reason needed). */
const STAGES = ["new", "contacted", "quoted", "won"] as const;
/** The object store's namespace of each kind of upload. */
const STORES = {
  shares: "shares",
  quotes: "quotes",
  applications: "resumes",
  attachments: "chat",
} as const;
type Store = keyof typeof STORES;
const admin = { username: "admin", password: "admin-password-1" };
const staffPassword = "staff-password-1";

const dataDir = mkdtempSync(path.join(tmpdir(), "nb-crash-"));
const serverUrl = process.env.DATABASE_URL;
const scratch = serverUrl ? await createTemporaryDatabase(serverUrl, "crash") : undefined;
const driver = scratch ? "postgres" : "pglite";
const redisPrefix = `test:crash:${randomBytes(4).toString("hex")}:`;
const env = {
  NODE_ENV: "test",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: scratch?.url ?? "",
  REDIS_URL: process.env.REDIS_URL ?? "",
  REDIS_KEY_PREFIX: redisPrefix,
  JWT_SECRET: "crash-test-secret-crash-test-secret-0123456789",
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: "warn",
  // Every public-form request comes from its own (forwarded) address: the per-address limits stay out of the way.
  TRUST_PROXY: "true",
  ...testStorageEnv(),
};
/** The store the server keeps its files in, opened here the way the server opens it. */
const objects = objectStoreOf(loadConfig({ ...process.env, ...env }));
/** Temporary files of puts cut off by a kill (disk only: on S3 a multipart upload never completed stays invisible). */
const TEMP_PREFIX = ".upload-";
/** Beside a namespace's files on disk: each one's content type under the same name (disk-store.ts). */
const TYPES_DIR = ".types";

let server: ChildServer | undefined;
afterAll(async () => {
  server?.child.kill("SIGKILL");
  await server?.exited;
  await scratch?.drop();
  await objects.close();
  if (process.env.REDIS_URL) await deleteRedisKeys(process.env.REDIS_URL, redisPrefix);
  rmSync(dataDir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds; fails after `timeoutMs` (or at once when `abort` says why). */
async function until(check: () => boolean, what: string, timeoutMs: number, abort: () => string | undefined) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    const reason = abort();
    if (reason) throw new Error(`${what}: ${reason}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(20);
  }
}

/**
 * On a shared store the server keeps unclaimed objects younger than a grace period (they may be
 * another instance's uploads about to commit their rows). Nothing but this one server writes under
 * this run's prefix, and it reconciles before it listens: with no grace, every object the killed
 * process left without its row must be gone after the restart, as on disk.
 */
const startServer = () => startChildServer(env, storesInS3() ? { storage: { sharedGraceMs: 0 } } : {});

/** The database, opened here only while no server runs (PGlite is single-process). */
async function withDatabase<T>(use: (query: <R>(sql: string) => Promise<R[]>) => Promise<T>): Promise<T> {
  if (scratch) {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      return await use(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    return await use(async (sql) => (await db.query(sql)).rows as never);
  } finally {
    await db.close();
  }
}

const call = callServer;
const login = loginOn;

/** A PDF (by content) with `size` bytes of noise after it, so that every upload is unique and takes a while. */
const pdf = (size: number) => Buffer.concat([samples.pdf, randomBytes(size)]);
const someKilobytes = (min: number, max: number) => 1024 * (min + Math.floor(Math.random() * (max - min)));

/** Everything acknowledged so far, over all cycles. */
const acked = {
  messages: new Set<string>(),
  shares: new Map<string, number>(),
  /** Shares whose DELETE was answered 204: neither row nor file may come back. */
  deletes: new Set<string>(),
  attachments: new Map<string, number>(),
  quotes: new Set<number>(),
  applications: new Set<number>(),
  /** Quote requests whose DELETE was answered 204: neither row nor file may come back. */
  quoteDeletes: new Set<number>(),
  /** Applications whose erasure was answered 200: personal data, notes and CV gone for good. */
  erasures: new Set<number>(),
  /** Note text → its quote request, for every note answered 201. */
  notes: new Map<string, number>(),
};

/** The sha256 of each acknowledged upload's content, by row id: how a file is found again on disk. */
const sentFiles = { quotes: new Map<number, string>(), applications: new Map<number, string>() };
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/**
 * The quote requests the admin works on (never deleted): the version and stage last acknowledged,
 * and the change in flight at a kill (stored or not; the request is left alone after that).
 */
const worked = new Map<number, { version: number; status: string; pending?: { version: number; status: string } }>();
/** Acknowledged applications not yet erased, and quote requests with a file waiting to be deleted. */
const erasable: number[] = [];
const deletableQuotes: number[] = [];
/** Erasures and deletes sent, acknowledged or not: from then on the row may be in either state. */
const erasing = new Set<number>();
const deletingQuotes = new Set<number>();
/** Notes sent but not acknowledged before a kill: stored at most once, or not at all. */
const unackedNotes = new Set<string>();

interface Staff {
  username: string;
  token: string;
}

/**
 * One cycle of load on a running server: staff chat over STOMP while uploads stream in over HTTP.
 * Once the cycle has KILL_AFTER acknowledged writes of each kind, the server gets SIGKILL mid-stream.
 */
async function loadThenKill(running: NonNullable<typeof server>, staff: Staff[], adminToken: string, groupId: number) {
  const { base } = running;
  const counts = Object.fromEntries(Object.keys(KILL_AFTER).map((kind) => [kind, 0])) as Record<
    keyof typeof KILL_AFTER,
    number
  >;
  let killed = false;
  const problems: string[] = [];
  const unexpected = (what: string, error: unknown) => {
    if (!killed) problems.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  };

  // Chat: every staff member keeps WINDOW sends in flight, private and group; a RECEIPT means stored.
  const sentAttachments: string[] = [];
  const clients: Client[] = [];
  const chatters = staff.map(async (me, index) => {
    const stomp = new Client({
      webSocketFactory: () => new WebSocket(`${base.replace("http", "ws")}/ws`, ["v12.stomp"]),
      connectHeaders: { Authorization: `Bearer ${me.token}` },
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      reconnectDelay: 0,
      debug: () => {},
    });
    clients.push(stomp);
    const closed = new Promise<void>((resolve) => {
      stomp.onWebSocketClose = () => resolve();
    });
    await new Promise<void>((resolve, reject) => {
      stomp.onConnect = () => resolve();
      closed.then(() => reject(new Error("the chat connection closed before CONNECTED")));
      stomp.activate();
    });
    stomp.subscribe(chatDestinations.errorsQueue, (frame) => unexpected(`chat refusal for ${me.username}`, frame.body));
    let sequence = 0;
    let inFlight = 0;
    const sent = sendTimes.get(me.username) ?? [];
    sendTimes.set(me.username, sent);
    let waiting: NodeJS.Timeout | undefined;
    /** Whether the budget allows a send now; if not, pumps again once it will. */
    const withinBudget = () => {
      const windowStart = Date.now() - chatLimits.rateLimitWindowMs;
      while ((sent[0] ?? Number.POSITIVE_INFINITY) <= windowStart) sent.shift();
      if (sent.length < SEND_BUDGET) return true;
      waiting ??= setTimeout(
        () => {
          waiting = undefined;
          pump();
        },
        (sent[0] ?? 0) - windowStart + 1,
      );
      return false;
    };
    const pump = () => {
      while (!killed && stomp.connected && inFlight < WINDOW && withinBudget()) {
        sent.push(Date.now());
        const content = `crash-${running.child.pid}-${me.username}-${sequence++}`;
        const receipt = `r-${content}`;
        const toGroup = sequence % 3 === 0;
        const fileUrl = index === 0 && !toGroup ? sentAttachments.shift() : undefined;
        const body = toGroup
          ? { groupId, content }
          : { recipient: staff[(index + 1) % staff.length]?.username, content, ...(fileUrl ? { fileUrl } : {}) };
        stomp.watchForReceipt(receipt, () => {
          inFlight--;
          acked.messages.add(content);
          counts.messages++;
          pump();
        });
        try {
          stomp.publish({
            destination: toGroup ? chatDestinations.sendGroup : chatDestinations.sendPrivate,
            body: JSON.stringify(body),
            headers: { receipt },
          });
          inFlight++;
        } catch (error) {
          unexpected("chat send", error);
          return;
        }
      }
    };
    pump();
    await closed;
    clearTimeout(waiting);
    if (!killed) unexpected(`chat connection of ${me.username}`, "closed before the kill");
  });

  // Uploads (and share deletes): each kind in its own loop, one request at a time, until the server dies.
  const writeLoop = async (kind: keyof typeof counts, send: (n: number) => Promise<void>) => {
    for (let n = 0; !killed; n++) {
      try {
        await send(n);
        if (!killed) counts[kind]++;
      } catch (error) {
        unexpected(kind, error);
        return;
      }
    }
  };
  const post = async (url: string, parts: Part[], headers: Record<string, string>) => {
    const body = multipart(parts);
    const response = await fetch(`${base}${url}`, {
      method: "POST",
      headers: { ...headers, ...body.headers },
      body: body.payload,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  /** A solved captcha, from and for one (forwarded) address. */
  const captcha = async (address: string) => {
    const response = await fetch(`${base}/api/captcha/challenge`, { headers: { "x-forwarded-for": address } });
    if (!response.ok) throw new Error(`challenge: ${response.status}`);
    const challenge = (await response.json()) as Challenge;
    return captchaPayload(challenge, await solve(challenge, 2));
  };
  // The admin stops sharing one of this cycle's files now and then: row deleted, then file.
  const deletable: { token: string; id: number }[] = [];
  /**
   * The admin's writes on quote requests and applications. Each takes its subject from `pick` and
   * answers whether it was acknowledged; what it sent is recorded first, so a kill leaves it known
   * as "maybe stored".
   */
  let noteNumber = 0;
  const adminWrites = {
    // The next stage of a request with no change in flight, sent with the version read.
    stages: async () => {
      const [id, state] = [...worked].find(([, one]) => !one.pending) ?? [];
      if (id === undefined || !state) return false;
      const status = STAGES[(STAGES.indexOf(state.status as (typeof STAGES)[number]) + 1) % STAGES.length];
      state.pending = { version: state.version + 1, status: String(status) };
      // Round and round: the next change goes to another request.
      worked.delete(id);
      worked.set(id, state);
      const updated = await call(base, "PATCH", `/api/contact/${id}`, {
        token: adminToken,
        json: { version: state.version, status },
      });
      worked.set(id, { version: Number(updated.version), status: String(updated.status) });
      return true;
    },
    notes: async () => {
      const ids = [...worked.keys()];
      const id = ids[noteNumber % ids.length];
      if (id === undefined) return false;
      const text = `note ${running.child.pid} ${noteNumber++}`;
      unackedNotes.add(text);
      await call(base, "POST", `/api/contact/${id}/notes`, { token: adminToken, json: { text } });
      unackedNotes.delete(text);
      acked.notes.set(text, id);
      return true;
    },
    // Erasure and delete: the row's change commits, then the file goes; answered only after both.
    erasures: async () => {
      const id = erasable.shift();
      if (id === undefined) return false;
      erasing.add(id);
      await call(base, "POST", `/api/applications/${id}/erase`, { token: adminToken });
      acked.erasures.add(id);
      return true;
    },
    quoteDeletes: async () => {
      const id = deletableQuotes.shift();
      if (id === undefined) return false;
      deletingQuotes.add(id);
      await call(base, "DELETE", `/api/contact/${id}`, { token: adminToken });
      acked.quoteDeletes.add(id);
      return true;
    },
  };
  type AdminWrite = keyof typeof adminWrites;
  /** How long each kind of admin write took last (the kill aims inside one). */
  const took: Partial<Record<AdminWrite, number>> = {};
  /** One kind of admin write, one at a time, until the cycle has its share (the kill sends one more). */
  const adminLoop = async (kind: AdminWrite) => {
    while (!killed && counts[kind] < KILL_AFTER[kind]) {
      const start = performance.now();
      try {
        if (await adminWrites[kind]()) {
          took[kind] = performance.now() - start;
          counts[kind]++;
          continue;
        }
      } catch (error) {
        unexpected(kind, error);
        return;
      }
      await pause(20);
    }
  };
  const uploaders = [
    writeLoop("deletes", async () => {
      await until(
        () => killed || deletable.length > 0,
        "a share to delete",
        120_000,
        () => undefined,
      );
      const share = deletable.shift();
      if (!share) return;
      // From here on the share may be there or not; only once the 204 is in must it be gone.
      acked.shares.delete(share.token);
      await call(base, "DELETE", `/api/admin/files/${share.id}`, { token: adminToken });
      acked.deletes.add(share.token);
    }),
    writeLoop("shares", async (n) => {
      const file = randomBytes(someKilobytes(64, 768));
      const shared = await post(
        "/api/admin/files/upload",
        [
          { name: "expiryMinutes", value: "600" },
          { name: "file", value: file, fileName: `share-${n}.bin` },
        ],
        { authorization: `Bearer ${adminToken}` },
      );
      const token = String(shared.fileUrl).split("/share/")[1] ?? "";
      acked.shares.set(token, file.length);
      if (n % 3 === 2) deletable.push({ token, id: Number(shared.id) });
    }),
    writeLoop("attachments", async (n) => {
      const file = pdf(someKilobytes(32, 512));
      const uploaded = await post(
        chatPaths.upload,
        [{ name: "file", value: file, fileName: `attachment-${n}.pdf`, contentType: "application/pdf" }],
        { authorization: `Bearer ${staff[0]?.token}` },
      );
      const fileUrl = String(uploaded.fileUrl);
      acked.attachments.set(fileUrl.slice(chatPaths.chatFilesPrefix.length), file.length);
      sentAttachments.push(fileUrl);
    }),
    writeLoop("quotes", async (n) => {
      const address = randomAddress();
      const fields = {
        name: "Dana Fabricator",
        email: `quote-${running.child.pid}-${n}@steelworks.example`,
        company: "Steelworks & Sons",
        projectName: "Riverside Parking Deck",
        scopeOfWork: "Main steel, connections and stairs.",
        workTypes: JSON.stringify(["Structural Steel Detailing"]),
        altcha: await captcha(address),
      };
      const file = pdf(someKilobytes(64, 512));
      const created = await post(
        "/api/contact/submit",
        [
          ...Object.entries(fields).map(([name, value]) => ({ name, value })),
          { name: "uploadFile", value: file, fileName: "drawings.pdf", contentType: "application/pdf" },
        ],
        { "x-forwarded-for": address },
      );
      const id = Number(created.id);
      acked.quotes.add(id);
      sentFiles.quotes.set(id, sha256(file));
      // Every other request is worked on (stages, notes), the rest deleted.
      if (n % 2 === 0) worked.set(id, { version: 0, status: "new" });
      else deletableQuotes.push(id);
    }),
    writeLoop("applications", async (n) => {
      const address = randomAddress();
      const fields = {
        name: "Ravi Modeler",
        email: `cv-${running.child.pid}-${n}@example.in`,
        phone: "+91 98765 43210",
        altcha: await captcha(address),
      };
      const cv = pdf(someKilobytes(32, 256));
      const created = await post(
        "/api/applications/submit",
        [
          ...Object.entries(fields).map(([name, value]) => ({ name, value })),
          { name: "cv", value: cv, fileName: "cv.pdf", contentType: "application/pdf" },
        ],
        { "x-forwarded-for": address },
      );
      const id = Number(created.id);
      acked.applications.add(id);
      sentFiles.applications.set(id, sha256(cv));
      erasable.push(id);
    }),
    ...(Object.keys(adminWrites) as AdminWrite[]).map(adminLoop),
  ];

  await until(
    () => Object.entries(KILL_AFTER).every(([kind, wanted]) => counts[kind as keyof typeof counts] >= wanted),
    `acknowledged writes ${JSON.stringify(KILL_AFTER)} (so far ${JSON.stringify(counts)})`,
    120_000,
    () => problems[0],
  );
  // The kill lands inside one more admin write of each kind (when one is left to do): at a random
  // point within half the time the quickest of them took, so now and then between a commit and what
  // follows it (an erasure's or a delete's file removal).
  const cutOff = (Object.keys(adminWrites) as AdminWrite[]).map((kind) => adminWrites[kind]().catch(() => false));
  await pause((Math.random() * Math.min(...Object.values(took))) / 2);
  killed = true;
  running.child.kill("SIGKILL");
  expect(await running.exited).toBe("SIGKILL");
  await Promise.all([...chatters, ...uploaders, ...cutOff]);
  await Promise.all(clients.map((client) => client.deactivate()));
  expect(problems).toEqual([]);
  return counts;
}

/** The stored objects of each kind, name → size, as the store lists them. */
async function storedObjects() {
  const found = {} as Record<Store, Map<string, number>>;
  for (const [store, namespace] of Object.entries(STORES) as [Store, string][]) {
    found[store] = new Map();
    for await (const object of objects.list(`${namespace}/`)) {
      found[store].set(object.key.slice(namespace.length + 1), object.size);
    }
  }
  return found;
}

/** What is in each namespace's folder on disk besides the objects: the type files, and temporaries. */
function besideObjectsOnDisk(store: Store) {
  const dir = path.join(dataDir, "files", STORES[store]);
  const entries = readdirSync(dir);
  return {
    entries: entries.filter((name) => name !== TYPES_DIR).sort(),
    temps: entries.filter((name) => name.startsWith(TEMP_PREFIX)),
    types: readdirSync(path.join(dir, TYPES_DIR)).sort(),
  };
}

const sha256Of = async (key: string) => {
  const object = await objects.get(key);
  if (!object) return undefined;
  const hash = createHash("sha256");
  for await (const chunk of object.body) hash.update(chunk as Buffer);
  return hash.digest("hex");
};

/** Asserts the stopped server's state against everything acknowledged; returns what was found. */
async function checkState() {
  const rows = await withDatabase(async (query) => ({
    messages: await query<{ content: string; n: number }>(
      "select content, count(*)::int as n from messages group by content",
    ),
    shares: await query<{ key: string; size: number }>(
      "select token as key, size_bytes::int as size from shared_files where file_erased_at is null",
    ),
    attachments: await query<{ key: string; size: number }>(
      "select key, size_bytes::int as size from chat_attachments",
    ),
    quotes: await query<{ id: number; key: string }>(
      "select id::int as id, file_key as key from quote_requests where file_key is not null",
    ),
    applications: await query<{ id: number; key: string }>(
      "select id::int as id, resume_key as key from job_applications where resume_key is not null",
    ),
    quoteRows: await query<{ id: number; version: number; status: string; key: string | null }>(
      "select id::int as id, version, status, file_key as key from quote_requests",
    ),
    quoteNotes: await query<{ id: number; text: string }>(
      "select quote_request_id::int as id, text from quote_request_notes",
    ),
    quoteLines: await query<{ id: number; kind: string; summary: string }>(
      "select quote_request_id::int as id, kind, summary from quote_request_activity where kind in ('status', 'note')",
    ),
    quoteAudit: await query<{ id: number; action: string }>(
      `select q.id::int as id, a.action from audit_log a join quote_requests q on a.target = 'quote:' || q.reference
        where a.action in ('quote.update', 'quote.note')`,
    ),
    applicationRows: await query<{ id: number; key: string | null; erased: boolean; personal: string }>(
      `select id::int as id, resume_key as key, erased_at is not null as erased, name || email || phone || message as personal
        from job_applications`,
    ),
    erasedLines: await query<{ id: number }>(
      "select application_id::int as id from application_activity where kind = 'erased'",
    ),
    applicationNotes: await query<{ id: number }>("select application_id::int as id from application_notes"),
    erasureAudit: await query<{ target: string }>("select target from audit_log where action = 'application.erase'"),
  }));
  const files = await storedObjects();

  // Chat: every acknowledged message exactly once, and nothing (acknowledged or not) twice.
  const stored = new Map(rows.messages.map((row) => [row.content, row.n]));
  const lost = [...acked.messages].filter((content) => stored.get(content) !== 1);
  expect(lost, "acknowledged messages not stored exactly once").toEqual([]);
  expect(rows.messages.filter((row) => row.n !== 1)).toEqual([]);

  // Uploads: every acknowledged one has its row, with the size that was sent.
  const sizes = (list: { key: string; size: number }[]) => new Map(list.map((row) => [row.key, row.size]));
  for (const store of ["shares", "attachments"] as const) {
    const found = sizes(rows[store]);
    expect(
      [...acked[store]].filter(([key, size]) => found.get(key) !== size),
      `${store} lost`,
    ).toEqual([]);
  }
  const shares = new Set(rows.shares.map((row) => row.key));
  expect(
    [...acked.deletes].filter((token) => shares.has(token)),
    "deleted shares back",
  ).toEqual([]);
  const quoteIds = new Set(rows.quoteRows.map((row) => row.id));
  expect(
    [...acked.quotes].filter((id) => !quoteIds.has(id) && !deletingQuotes.has(id)),
    "quotes lost",
  ).toEqual([]);
  const applicationIds = new Set(rows.applicationRows.map((row) => row.id));
  expect(
    [...acked.applications].filter((id) => !applicationIds.has(id)),
    "applications lost",
  ).toEqual([]);

  // Stored files by content: where each acknowledged upload is now, if anywhere.
  const contents = async (store: "quotes" | "applications") => {
    const byContent = new Map<string, string>();
    for (const name of files[store].keys()) {
      const digest = await sha256Of(`${STORES[store]}/${name}`);
      if (digest) byContent.set(digest, name);
    }
    return byContent;
  };
  const tally = <T>(list: T[], key: (item: T) => string) => {
    const counted = new Map<string, number>();
    for (const item of list) counted.set(key(item), (counted.get(key(item)) ?? 0) + 1);
    return counted;
  };

  // Stages: each worked request is at its acknowledged version and stage (or at the one in flight at a
  // kill), with one timeline line and one audit entry per version: never a change half written.
  const quoteById = new Map(rows.quoteRows.map((row) => [row.id, row]));
  const lines = tally(rows.quoteLines, (line) => `${line.id} ${line.kind}`);
  const audits = tally(rows.quoteAudit, (entry) => `${entry.id} ${entry.action}`);
  const stageProblems = [...worked].flatMap(([id, state]) => {
    const row = quoteById.get(id);
    const stored = { version: row?.version, status: row?.status };
    const allowed = [{ version: state.version, status: state.status }, ...(state.pending ? [state.pending] : [])];
    const version = row?.version ?? -1;
    const consistent =
      allowed.some((one) => one.version === stored.version && one.status === stored.status) &&
      (lines.get(`${id} status`) ?? 0) === version &&
      (audits.get(`${id} quote.update`) ?? 0) === version;
    return consistent
      ? []
      : [{ id, state, stored, lines: lines.get(`${id} status`), audits: audits.get(`${id} quote.update`) }];
  });
  expect(stageProblems, "stage changes lost or half written").toEqual([]);

  // Notes: each acknowledged one exactly once on its request, none twice; per request as many
  // `note` lines ("Note: <text>") and audit entries as notes.
  const notes = tally(rows.quoteNotes, (note) => `${note.id} ${note.text}`);
  expect(
    [...acked.notes].filter(([text, id]) => notes.get(`${id} ${text}`) !== 1),
    "acknowledged notes not stored exactly once",
  ).toEqual([]);
  expect(
    [...notes].filter(([, n]) => n !== 1),
    "notes stored twice",
  ).toEqual([]);
  expect(
    rows.quoteNotes.filter((note) => !acked.notes.has(note.text) && !unackedNotes.has(note.text)),
    "notes nobody sent",
  ).toEqual([]);
  const noteLines = tally(
    rows.quoteLines.filter((line) => line.kind === "note"),
    (line) => `${line.id} ${line.summary}`,
  );
  expect(
    [...notes.keys()].filter((key) => {
      const [id, ...text] = key.split(" ");
      return noteLines.get(`${id} Note: ${text.join(" ")}`) !== 1;
    }),
    "notes without their timeline line",
  ).toEqual([]);
  const notesPer = tally(rows.quoteNotes, (note) => String(note.id));
  expect(
    [...quoteIds].filter(
      (id) =>
        (notesPer.get(String(id)) ?? 0) !== (lines.get(`${id} note`) ?? 0) ||
        (notesPer.get(String(id)) ?? 0) !== (audits.get(`${id} quote.note`) ?? 0),
    ),
    "requests whose notes, note lines and audit entries differ",
  ).toEqual([]);

  // Deletes: an acknowledged one left neither row nor file; one cut off by the kill left both or neither.
  const quoteFiles = await contents("quotes");
  const deleteProblems = [...deletingQuotes].flatMap((id) => {
    const row = quoteById.get(id);
    const file = quoteFiles.get(sentFiles.quotes.get(id) ?? "");
    const state = row ? (row.key && file === row.key ? "whole" : "torn") : file ? "torn" : "gone";
    return state === "gone" || (state === "whole" && !acked.quoteDeletes.has(id)) ? [] : [{ id, state }];
  });
  expect(deleteProblems, "deleted quote requests back, or half deleted").toEqual([]);
  expect(
    [...acked.quotes].filter(
      (id) => !deletingQuotes.has(id) && quoteFiles.get(sentFiles.quotes.get(id) ?? "") !== quoteById.get(id)?.key,
    ),
    "quote requests without the file that was sent",
  ).toEqual([]);

  // Erasures: an erased application has no personal data, CV, note, nor its stored file, and one
  // `erased` line and audit entry; one not erased has all of it. Acknowledged erasures are erased;
  // applications nobody erased are not.
  const cvs = await contents("applications");
  const erasedLines = tally(rows.erasedLines, (line) => String(line.id));
  const erasureAudit = tally(rows.erasureAudit, (entry) => entry.target);
  const noted = new Set(rows.applicationNotes.map((note) => note.id));
  const erasureProblems = rows.applicationRows.flatMap((row) => {
    const file = cvs.get(sentFiles.applications.get(row.id) ?? "");
    const marks = [erasedLines.get(String(row.id)) ?? 0, erasureAudit.get(`application:${row.id}`) ?? 0];
    const erased =
      row.erased && row.key === null && row.personal === "" && !noted.has(row.id) && marks.every((n) => n === 1);
    const whole = !row.erased && row.key !== null && row.personal !== "" && marks.every((n) => n === 0);
    const ok =
      (erased && file === undefined && erasing.has(row.id)) ||
      (whole && !acked.erasures.has(row.id) && (!sentFiles.applications.has(row.id) || file === row.key));
    return ok ? [] : [{ id: row.id, erased: row.erased, key: row.key, file, marks, acked: acked.erasures.has(row.id) }];
  });
  expect(erasureProblems, "applications half erased, erasures lost or files left").toEqual([]);

  // Files: exactly the rows' keys in each namespace (no orphan), each its row's size. On disk, no
  // temporary file beside them either, and a type file for each of them and nothing else.
  for (const store of Object.keys(STORES) as Store[]) {
    const keys = rows[store].map((row) => row.key).sort();
    expect([...files[store].keys()].sort(), `${store}: stored objects vs rows`).toEqual(keys);
    if (!storesInS3()) {
      const beside = besideObjectsOnDisk(store);
      expect(beside.entries, `${store}: files on disk vs rows`).toEqual(keys);
      expect(beside.types, `${store}: type files on disk vs rows`).toEqual(keys);
    }
  }
  for (const store of ["shares", "attachments"] as const) {
    expect(
      rows[store].filter((row) => files[store].get(row.key) !== row.size),
      `${store}: stored sizes vs rows`,
    ).toEqual([]);
  }
  return {
    messages: rows.messages.length,
    shares: rows.shares.length,
    attachments: rows.attachments.length,
    quotes: rows.quotes.length,
    applications: rows.applications.length,
    erased: rows.applicationRows.filter((row) => row.erased).length,
    notes: rows.quoteNotes.length,
  };
}

it(`loses nothing acknowledged and keeps no orphaned file across ${CYCLES} SIGKILLs (${driver})`, async () => {
  const started = Date.now();
  server = await startServer();
  const adminToken = await login(server.base, admin.username, admin.password, "admin");
  const staff: Staff[] = [];
  for (let i = 0; i < STAFF; i++) {
    const username = `crash.staff${i}`;
    await call(server.base, "POST", "/api/admin/register-employee", {
      token: adminToken,
      json: {
        name: `Staff ${i}`,
        email: `${username}@example.com`,
        role: "Detailer",
        username,
        password: staffPassword,
      },
    });
    staff.push({ username, token: await login(server.base, username, staffPassword, "employee") });
  }
  const group = await call(server.base, "POST", chatPaths.createGroup, {
    token: adminToken,
    json: { name: "Crash test", members: staff.map((person) => person.username) },
  });

  const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  console.log(`crash test (${driver}): server up with ${STAFF} staff in ${seconds(started)}`);
  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    let phase = Date.now();
    const counts = await loadThenKill(server, staff, adminToken, Number(group.id));
    const loadTime = seconds(phase);
    const left = await storedObjects();
    const leftObjects = Object.values(left).reduce((sum, names) => sum + names.size, 0);
    const leftTemps = storesInS3()
      ? "(not listed on S3)"
      : (Object.keys(STORES) as Store[]).reduce((sum, store) => sum + besideObjectsOnDisk(store).temps.length, 0);

    // Restart on the same DATA_DIR and database: it must recover and reconcile before it answers.
    phase = Date.now();
    server = await startServer();
    const restartTime = seconds(phase);
    phase = Date.now();
    // What the restart's reconciliation (reconcileUploads) and sweep of temporaries (the storage plugin) logged.
    const logLines = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg?: string; orphans?: number; removed?: number });
    const total = (message: string, count: (line: (typeof logLines)[number]) => number | undefined) =>
      logLines.filter((line) => line.msg?.startsWith(message)).reduce((sum, line) => sum + (count(line) ?? 0), 0);
    const reconciled = {
      orphans: total("removed files left by an interrupted upload", (line) => line.orphans),
      temps: total("removed files of uploads cut off by an earlier process", (line) => line.removed),
    };
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe("0");
    const found = await checkState();
    console.log(
      `crash cycle ${cycle} (${driver}): acknowledged this cycle ${JSON.stringify(counts)}; ` +
        `acknowledged in all ${JSON.stringify({
          messages: acked.messages.size,
          shares: acked.shares.size,
          deletes: acked.deletes.size,
          attachments: acked.attachments.size,
          quotes: acked.quotes.size,
          applications: acked.applications.size,
          stages: [...worked.values()].reduce((sum, state) => sum + state.version, 0),
          notes: acked.notes.size,
          erasures: acked.erasures.size,
          quoteDeletes: acked.quoteDeletes.size,
        })}; ` +
        `cut off by the kills so far ${JSON.stringify({
          stages: [...worked.values()].filter((state) => state.pending).length,
          notes: unackedNotes.size,
          erasures: [...erasing].filter((id) => !acked.erasures.has(id)).length,
          quoteDeletes: [...deletingQuotes].filter((id) => !acked.quoteDeletes.has(id)).length,
        })}; ` +
        `found (rows) ${JSON.stringify(found)}; stored after the kill: ${leftObjects} objects, ${leftTemps} temporary; ` +
        `removed at restart: ${reconciled.orphans} orphans, ${reconciled.temps} temporary; ` +
        `load until the kill ${loadTime}, restart ${restartTime}, stop and check ${seconds(phase)}`,
    );
    phase = Date.now();
    if (cycle < CYCLES) server = await startServer();
    if (cycle < CYCLES) console.log(`crash test (${driver}): started again for the next cycle in ${seconds(phase)}`);
  }
  console.log(`crash test (${driver}): ${seconds(started)} in all`);
}, 240_000);
