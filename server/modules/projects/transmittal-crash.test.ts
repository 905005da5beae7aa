/**
 * Issue #34: a SIGKILL while transmittals are created and reviews submitted leaves each whole or
 * absent. The real server process (server/main.ts) gets many POST /transmittals of one project (the
 * project's row lock numbers them) and POST /api/review/{token} on transmittals sent earlier; it is
 * killed with requests in flight and restarted on the same DATA_DIR, database and store. Then every
 * acknowledged transmittal is there with its number, all its sheets, its audit entry and its cover
 * sheet; every acknowledged review is there whole, with its audit entry and the team's notice; no
 * transmittal, acknowledged or not, is half written; numbers run 1..N; and the restart's
 * reconciliation left exactly the covers the rows name. PGlite in DATA_DIR by default; a fresh
 * database on DATABASE_URL's server when set; files under a fresh prefix of STORAGE_URL's bucket
 * when set.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { type ResponseKey, responseKeys, transmittalNumber } from "../../../shared/transmittals.ts";
import { type ChildServer, callServer, loginOn, startChildServer } from "../../../test/helpers/child-server.ts";
import { multipart } from "../../../test/helpers/multipart.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { objectStoreOf, storesInS3, testStorageEnv } from "../../../test/helpers/storage.ts";
import { storedNames } from "../../../test/helpers/stored-files.ts";
import { loadConfig } from "../../config.ts";
import { createTemporaryDatabase } from "../../db/temporary-database.ts";
import { deleteRedisKeys } from "../../lib/redis-keys.ts";
import { uploadStore } from "../../lib/uploads.ts";
import { COVERS_NAMESPACE } from "./transmittal-routes.ts";

const JOB = "CRASH-34";
const SHEETS = Array.from({ length: 10 }, (_, i) => `S-${101 + i}`);
/** Transmittals sent before the load, for the reviews to answer during it. */
const REVIEWABLE = 16;
/** Transmittals sent during the load, and how many of them at once. */
const SENT_IN_LOAD = 30;
const SEND_WINDOW = 8;
/** Reviews the load keeps in flight. */
const REVIEW_WINDOW = 3;
/** The server is killed once this many of each were acknowledged during the load. */
const KILL_AFTER = { transmittals: 10, reviews: 4 };

const admin = { username: "admin", password: "admin-password-1" };
const member = { username: "crash.detailer", password: "staff-password-1" };
const dataDir = mkdtempSync(path.join(tmpdir(), "nb-transmittal-crash-"));
const scratch = process.env.DATABASE_URL
  ? await createTemporaryDatabase(process.env.DATABASE_URL, "trcrash")
  : undefined;
const driver = scratch ? "postgres" : "pglite";
const redisPrefix = `test:trcrash:${randomBytes(4).toString("hex")}:`;
const env = {
  NODE_ENV: "test",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: scratch?.url ?? "",
  REDIS_URL: process.env.REDIS_URL ?? "",
  REDIS_KEY_PREFIX: redisPrefix,
  JWT_SECRET: "transmittal-crash-secret-transmittal-crash-0123",
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: "warn",
  ...testStorageEnv(),
};
const objects = objectStoreOf(loadConfig({ ...process.env, ...env }));
// One server writes under this prefix: with no grace, what the dead one left unnamed goes at the restart.
const startServer = () => startChildServer(env, storesInS3() ? { storage: { sharedGraceMs: 0 } } : {});

let server: ChildServer | undefined;
afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
  await objects.close();
  if (process.env.REDIS_URL) await deleteRedisKeys(process.env.REDIS_URL, redisPrefix);
  rmSync(dataDir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds; fails after `timeoutMs`. */
async function until(check: () => boolean, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(5);
  }
}

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

const sendAll = {
  purpose: "approval",
  sheets: SHEETS.map((number) => ({ number, revision: "A" })),
  message: "Shop drawings for your approval.",
  recipients: ["engineer@client.example"],
};

/** The answers a review of transmittal `number` gives, different per transmittal and sheet. */
const answersFor = (number: string) =>
  SHEETS.map((sheet, i) => ({
    number: sheet,
    response: responseKeys[(i + Number(number.slice(-3))) % responseKeys.length] as ResponseKey,
    comment: `${number} ${sheet}`,
  }));

it(`leaves each transmittal and review whole or absent across a SIGKILL, and no orphaned cover (${driver})`, async () => {
  const started = Date.now();
  const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  server = await startServer();
  const upTime = seconds(started);
  let phase = Date.now();
  const adminToken = await loginOn(server.base, admin.username, admin.password, "admin");
  await callServer(server.base, "POST", "/api/admin/register-employee", {
    token: adminToken,
    json: { name: "Crash Detailer", email: "crash.detailer@example.com", role: "Detailer", ...member },
  });
  await callServer(server.base, "POST", "/api/projects", {
    token: adminToken,
    json: {
      job: JOB,
      name: "Mill Building",
      client: { company: "Acme", email: "a@acme.example" },
      team: [member.username],
    },
  });
  const token = await loginOn(server.base, member.username, member.password, "employee");
  const auth = { authorization: `Bearer ${token}` };
  for (const number of SHEETS) {
    const body = multipart([
      { name: "number", value: number },
      { name: "revision", value: "A" },
      { name: "title", value: `Sheet ${number}` },
      { name: "file", value: Buffer.concat([samples.pdf, Buffer.from(`% ${number}\n`)]), fileName: `${number}.pdf` },
    ]);
    const response = await fetch(`${server.base}/api/projects/${JOB}/drawings`, {
      method: "POST",
      headers: { ...auth, ...body.headers },
      body: body.payload,
    });
    expect(response.status, await response.text()).toBe(201);
  }
  const send = () =>
    fetch(`${server!.base}/api/projects/${JOB}/transmittals`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify(sendAll),
    });
  /** Acknowledged transmittals, by number: the review link's token. */
  const sent = new Map<string, string>();
  for (let i = 0; i < REVIEWABLE; i++) {
    const created = (await callServer(server.base, "POST", `/api/projects/${JOB}/transmittals`, {
      token,
      json: sendAll,
    })) as { number: string; url: string };
    sent.set(created.number, created.url.split("/review/")[1]!);
  }
  const toReview = [...sent];
  console.log(
    `transmittal crash (${driver}): server up in ${upTime}, ${SHEETS.length} sheets uploaded and ` +
      `${REVIEWABLE} transmittals sent in ${seconds(phase)}`,
  );

  // The load: SEND_WINDOW transmittals at a time (on PGlite, where every transaction waits for the
  // one before, more at once would leave the reviews queued behind all of them), and reviews
  // REVIEW_WINDOW at a time, never far ahead of the transmittals acknowledged (on PostgreSQL they
  // take no project lock and would all be done before the kill otherwise).
  phase = Date.now();
  let killed = false;
  const problems: string[] = [];
  const inFlight = { transmittals: 0, reviews: 0 };
  const reviewed = new Set<string>();
  const reviewing = new Set<string>();
  const sentInLoad = new Set<string>();
  /** The body of an answer with the status expected; any other is a problem unless the kill cut it off. */
  const answered = async (response: Response, expected: number, what: string) => {
    const text = await response.text();
    if (response.status !== expected && !killed) problems.push(`${what}: ${response.status} ${text}`);
    return response.status === expected ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  };
  let toSend = SENT_IN_LOAD;
  const transmittals = Array.from({ length: SEND_WINDOW }, async () => {
    while (!killed && toSend-- > 0) {
      inFlight.transmittals++;
      try {
        const response = await send();
        const body = await answered(response, 201, "POST transmittals");
        if (body && !killed) {
          sent.set(String(body.number), String(body.url).split("/review/")[1]!);
          sentInLoad.add(String(body.number));
        }
      } catch (error) {
        if (!killed) problems.push(`POST transmittals: ${String(error)}`);
        return;
      } finally {
        inFlight.transmittals--;
      }
    }
  });
  const reviews = Array.from({ length: REVIEW_WINDOW }, async () => {
    for (let next = toReview.shift(); next && !killed; next = toReview.shift()) {
      const [number, link] = next;
      const order = REVIEWABLE - toReview.length;
      const stop = () => killed || problems.length > 0;
      while (!stop() && sentInLoad.size < order - REVIEW_WINDOW) await pause(5);
      if (stop()) return;
      reviewing.add(number);
      inFlight.reviews++;
      try {
        const response = await fetch(`${server!.base}/api/review/${link}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ responses: answersFor(number) }),
        });
        if ((await answered(response, 200, `POST review ${number}`)) && !killed) reviewed.add(number);
      } catch (error) {
        if (!killed) problems.push(`POST review ${number}: ${String(error)}`);
      } finally {
        inFlight.reviews--;
      }
    }
  });
  await until(
    () =>
      (sentInLoad.size >= KILL_AFTER.transmittals &&
        reviewed.size >= KILL_AFTER.reviews &&
        (inFlight.reviews > 0 || toReview.length === 0)) ||
      problems.length > 0,
    "acknowledgements before the kill",
    30_000,
  );
  const atKill = { ...inFlight };
  killed = true;
  await server.stop("SIGKILL");
  await Promise.all([...transmittals, ...reviews]);
  // With what the server logged of each failure.
  const errors = server
    .output()
    .split("\n")
    .filter((line) => line.includes('"level":50'));
  expect([...problems, ...errors], "errors before the kill").toEqual([]);
  // The kill came with transmittals in flight (and reviews, unless all were answered already).
  expect(atKill.transmittals).toBeGreaterThan(0);
  const loadTime = seconds(phase);
  // Covers stored whole: a put the kill cut off leaves a temporary (`.upload-*`, on disk), which the
  // store sweeps at its start and which is no orphan of the reconciliation.
  const coversAfterKill = (await storedNames({ storage: { objects } }, COVERS_NAMESPACE)).filter(
    (name) => !name.startsWith("."),
  ).length;
  // A kill lands between a cover's put and its row's commit only now and then: one such cover is
  // planted too, so that the reconciliation is checked every run.
  const planted = await uploadStore(objects, COVERS_NAMESPACE).save(Readable.from([samples.pdf]), {
    truncated: () => false,
  });

  // Restart: the server reconciles the covers before it answers.
  phase = Date.now();
  server = await startServer();
  const restartTime = seconds(phase);
  const orphansRemoved = server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg?: string; namespace?: string; orphans?: number })
    .filter((line) => line.namespace === COVERS_NAMESPACE && line.msg?.startsWith("removed files left by"))
    .reduce((sum, line) => sum + (line.orphans ?? 0), 0);

  // Through the API: every acknowledged transmittal is in the log with all its sheets, and its cover downloads.
  phase = Date.now();
  const log = (await fetch(`${server.base}/api/projects/${JOB}/transmittals`, { headers: auth }).then((response) =>
    response.json(),
  )) as { number: string; submittedAt: string | null; sheets: { response: string | null }[] }[];
  const logged = new Map(log.map((one) => [one.number, one]));
  expect(
    [...sent.keys()].filter((number) => logged.get(number)?.sheets.length !== SHEETS.length),
    "acknowledged transmittals lost or without all their sheets",
  ).toEqual([]);
  expect(
    [...reviewed].filter((number) => !logged.get(number)?.submittedAt),
    "acknowledged reviews lost",
  ).toEqual([]);
  const covers = await Promise.all(
    log.map(async (one) => {
      const response = await fetch(`${server!.base}/api/projects/${JOB}/transmittals/${one.number}/cover`, {
        headers: auth,
      });
      const body = Buffer.from(await response.arrayBuffer());
      return { number: one.number, status: response.status, pdf: body.subarray(0, 5).toString() === "%PDF-" };
    }),
  );
  expect(
    covers.filter((cover) => cover.status !== 200 || !cover.pdf),
    "transmittals whose cover sheet does not download",
  ).toEqual([]);
  const apiTime = seconds(phase);

  server.child.kill("SIGTERM");
  expect(await server.exited).toBe("0");

  // In the database: each transmittal whole, numbered 1..N, with its audit entry; each review whole or absent.
  phase = Date.now();
  const rows = await withDatabase(async (query) => ({
    transmittals: await query<{ seq: number; number: string; cover: string; submitted: boolean }>(
      `select t.seq, t.number, t.cover_key as cover, t.submitted_at is not null as submitted
        from transmittals t join projects p on p.id = t.project_id where p.job = '${JOB}' order by t.seq`,
    ),
    sheets: await query<{ number: string; sheet: string; response: string | null; comment: string }>(
      `select t.number, s.number as sheet, s.response, s.comment
        from transmittal_sheets s join transmittals t on t.id = s.transmittal_id`,
    ),
    audit: await query<{ action: string; summary: string }>(
      "select action, summary from audit_log where action in ('transmittal.create', 'transmittal.response')",
    ),
    notices: await query<{ title: string }>("select title from notifications where kind = 'transmittalResponse'"),
  }));
  const all = rows.transmittals;
  expect(
    all.map((row) => row.number),
    "numbers run 1..N without gaps or twins",
  ).toEqual(all.map((_, i) => transmittalNumber(JOB, i + 1)));
  expect(
    all.map((row) => row.seq),
    "seq runs 1..N",
  ).toEqual(all.map((_, i) => i + 1));
  const count = <T>(list: T[], key: (item: T) => string | undefined) => {
    const counted = new Map<string, number>();
    for (const item of list) {
      const k = key(item);
      if (k !== undefined) counted.set(k, (counted.get(k) ?? 0) + 1);
    }
    return counted;
  };
  const sheetsOf = count(rows.sheets, (row) => row.number);
  const answersOf = count(rows.sheets, (row) => (row.response ? row.number : undefined));
  const created = count(rows.audit, (row) =>
    row.action === "transmittal.create" ? /^Sent (\S+) /.exec(row.summary)?.[1] : undefined,
  );
  const responded = count(rows.audit, (row) =>
    row.action === "transmittal.response" ? /^Response to (\S+):/.exec(row.summary)?.[1] : undefined,
  );
  const noticed = count(rows.notices, (row) => /^(\S+) answered:/.exec(row.title)?.[1]);
  const expectedAnswers = new Map(
    [...sent.keys()].flatMap((number) =>
      answersFor(number).map((answer) => [`${number} ${answer.number}`, `${answer.response} ${answer.comment}`]),
    ),
  );
  const torn = all.flatMap((row) => {
    const marks = {
      sheets: sheetsOf.get(row.number) ?? 0,
      answered: answersOf.get(row.number) ?? 0,
      created: created.get(row.number) ?? 0,
      responded: responded.get(row.number) ?? 0,
      noticed: noticed.get(row.number) ?? 0,
    };
    const whole =
      marks.sheets === SHEETS.length &&
      marks.created === 1 &&
      (row.submitted
        ? marks.answered === SHEETS.length && marks.responded === 1 && marks.noticed === 1
        : marks.answered === 0 && marks.responded === 0 && marks.noticed === 0);
    return whole ? [] : [{ ...row, ...marks }];
  });
  expect(torn, "transmittals or reviews half written").toEqual([]);
  expect(
    rows.sheets.filter(
      (row) => row.response && expectedAnswers.get(`${row.number} ${row.sheet}`) !== `${row.response} ${row.comment}`,
    ),
    "answers other than those sent",
  ).toEqual([]);
  const submitted = all.filter((row) => row.submitted).map((row) => row.number);
  expect(
    submitted.filter((number) => !reviewing.has(number)),
    "reviews nobody sent",
  ).toEqual([]);
  expect(created.size, "audit entries of transmittals that are not there").toBe(all.length);

  // The covers: exactly those the rows name (on disk, no temporary or type file beside them either).
  expect(all.map((row) => row.cover)).not.toContain(planted.key);
  expect(orphansRemoved, "covers the restart removed").toBe(coversAfterKill + 1 - all.length);
  expect((await storedNames({ storage: { objects } }, COVERS_NAMESPACE)).sort(), "stored covers vs rows").toEqual(
    all.map((row) => row.cover).sort(),
  );
  console.log(
    `transmittal crash (${driver}): acknowledged ${sent.size} transmittals (${sentInLoad.size} under load of ` +
      `${SENT_IN_LOAD}) and ${reviewed.size} reviews; in flight at the kill ${JSON.stringify(atKill)}; found ` +
      `${all.length} transmittals, ${submitted.length} reviewed; covers stored after the kill ${coversAfterKill}, ` +
      `orphans removed at restart ${orphansRemoved} (1 planted); load ${loadTime}, restart ${restartTime}, API checks ${apiTime}, ` +
      `database checks ${seconds(phase)}; ${seconds(started)} in all`,
  );
}, 120_000);
