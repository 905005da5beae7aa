/**
 * DESIGN §11 retention on a controlled clock: an application's personal data and CV are erased
 * APPLICATION_RETENTION_DAYS after it closed (or after it came in, while open), twice that with the
 * applicant's consent; the sweep runs by itself, and closing the app waits for a running one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Application, applicationSchema } from "../../../shared/applications.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken, authHeader } from "../../../test/helpers/factories.ts";
import { objectStoreOf, testStorageEnv } from "../../../test/helpers/storage.ts";
import { storedNames } from "../../../test/helpers/stored-files.ts";
import { loadConfig } from "../../config.ts";
import { auditLog, jobApplications } from "../../db/schema.ts";
import { applicationRepository, resumeFiles } from "./repository.ts";
import { retentionSummary } from "./retention.ts";

const DAY = 24 * 60 * 60 * 1000;

/** Stores an application with a real CV file, as the career form does (its repository and store). */
async function store(t: TestApp, fields: { name: string; keepForFutureRoles?: boolean }) {
  const files = resumeFiles(t.app.storage);
  const { Readable } = await import("node:stream");
  const saved = await files.save(Readable.from([Buffer.from(`%PDF-1.4 ${fields.name}`)]), { truncated: () => false });
  const row = await t.app.db.transaction((tx) =>
    applicationRepository(tx).create(
      tx,
      {
        name: fields.name,
        email: `${fields.name.toLowerCase().replace(/\s/g, ".")}@example.com`,
        phone: "+1 555 0100",
        message: "",
        position: "Open application",
        keepForFutureRoles: fields.keepForFutureRoles ?? false,
      },
      { ...saved, name: "cv.pdf" },
    ),
  );
  return row;
}

/** The CVs in the store (on disk, any temporary too). */
const stored = (t: TestApp) => storedNames(t.app, "resumes");

describe("application retention on a controlled clock", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let clock = new Date();

  beforeAll(async () => {
    t = await createTestApp({ applications: { now: () => clock } });
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => t.close());

  const get = async (id: number): Promise<Application> =>
    applicationSchema.parse((await t.app.inject({ url: `/api/applications/${id}`, headers: admin })).json());

  it("erases open ones a period after they came in, consenting ones after two, closed ones a period after closing", async () => {
    const open = await store(t, { name: "Open Olga" });
    const kept = await store(t, { name: "Kept Kiran", keepForFutureRoles: true });
    const closed = await store(t, { name: "Closed Chen" });
    const closedKept = await store(t, { name: "Closed Kept Kim", keepForFutureRoles: true });
    const start = Math.max(...[open, kept, closed, closedKept].map((row) => row.appliedAt.getTime()));
    const at = (days: number, ms = 0) => new Date(start + days * DAY + ms);

    // Rejected on day 100, hired on day 200: their periods count from there.
    const close = async (id: number, status: "rejected" | "hired", day: number) => {
      clock = at(day);
      const response = await t.app.inject({
        method: "PATCH",
        url: `/api/applications/${id}`,
        headers: admin,
        payload: { version: 0, status },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await close(closed.id, "rejected", 100);
    await close(closedKept.id, "hired", 200);

    expect((await get(open.id)).eraseAfter).toBe(new Date(open.appliedAt.getTime() + 365 * DAY).toISOString());
    expect((await get(kept.id)).eraseAfter).toBe(new Date(kept.appliedAt.getTime() + 730 * DAY).toISOString());
    expect((await get(closed.id)).eraseAfter).toBe(at(465).toISOString());
    expect((await get(closedKept.id)).eraseAfter).toBe(at(930).toISOString());

    const erasedIds = async () =>
      (await t.app.db.select().from(jobApplications))
        .filter((row) => row.erasedAt !== null)
        .map((row) => row.id)
        .sort((a, b) => a - b);
    const sweepAt = async (when: Date) => {
      clock = when;
      return t.app.applicationRetention.sweep();
    };

    expect(await sweepAt(at(300))).toBe(0);
    expect(await erasedIds()).toEqual([]);
    // Day 365 after the last one came in: the open one without consent has had its year.
    expect(await sweepAt(at(365))).toBe(1);
    expect(await erasedIds()).toEqual([open.id]);
    expect(await sweepAt(at(464))).toBe(0);
    expect(await sweepAt(at(465))).toBe(1);
    expect(await erasedIds()).toEqual([open.id, closed.id]);
    // Consent doubles it: the open one kept until day 730, the closed one until 930.
    expect(await sweepAt(at(729))).toBe(0);
    expect(await sweepAt(at(730))).toBe(1);
    expect(await erasedIds()).toEqual([open.id, kept.id, closed.id].sort((a, b) => a - b));
    expect(await sweepAt(at(929))).toBe(0);
    expect(await sweepAt(at(930))).toBe(1);
    expect(await sweepAt(at(2000))).toBe(0);

    const erased = await get(open.id);
    expect(erased).toMatchObject({ name: "", email: "", phone: "", resumePath: null, eraseAfter: null });
    expect(erased.erasedAt).toBe(at(365).toISOString());
    expect(await stored(t)).toEqual([]);
    const lines = (await t.app.inject({ url: `/api/applications/${open.id}/activity`, headers: admin })).json();
    expect(lines.at(-1)).toMatchObject({ kind: "erased", actor: null, summary: retentionSummary });
    // An automatic erasure is no admin's action: no audit entry claims one.
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "application.erase"));
    expect(audit).toEqual([]);
  });
});

describe("the retention period", () => {
  it("is APPLICATION_RETENTION_DAYS, 365 by default; a bad value stops start-up naming it", () => {
    expect(loadConfig({}).applicationRetentionDays).toBe(365);
    expect(loadConfig({ APPLICATION_RETENTION_DAYS: "30" }).applicationRetentionDays).toBe(30);
    for (const bad of ["0", "-1", "1.5", "soon"]) {
      expect(() => loadConfig({ APPLICATION_RETENTION_DAYS: bad }), bad).toThrow(/APPLICATION_RETENTION_DAYS/);
    }
  });

  it("follows the configured number of days", async () => {
    let clock = new Date();
    const t = await createTestApp({ env: { APPLICATION_RETENTION_DAYS: "30" }, applications: { now: () => clock } });
    try {
      const row = await store(t, { name: "Short Stay" });
      clock = new Date(row.appliedAt.getTime() + 30 * DAY - 1);
      expect(await t.app.applicationRetention.sweep()).toBe(0);
      clock = new Date(row.appliedAt.getTime() + 30 * DAY);
      expect(await t.app.applicationRetention.sweep()).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe("the retention sweep as a service", () => {
  it("runs by itself every interval", async () => {
    let clock = new Date();
    const t = await createTestApp({ applications: { now: () => clock, sweepEveryMs: 50 } });
    try {
      const row = await store(t, { name: "Periodic Pat" });
      expect(await stored(t)).toEqual([row.resumeKey]);
      clock = new Date(row.appliedAt.getTime() + 400 * DAY);
      await expect
        .poll(async () => (await t.app.db.select().from(jobApplications)).filter((r) => r.erasedAt).length, {
          timeout: 10_000,
        })
        .toBe(1);
      await expect.poll(() => stored(t)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("on shutdown, waits for the sweep that is running", async () => {
    const database = await createTestDatabase();
    // A DATA_DIR of the test's own (on disk) and a store opened beside the app's: both outlive it.
    const dataDir = mkdtempSync(path.join(tmpdir(), "nb-retention-"));
    const env = { DATA_DIR: dataDir, ...testStorageEnv() };
    const objects = objectStoreOf(loadConfig({ NODE_ENV: "test", ...env }));
    let clock = new Date();
    const t = await createTestApp({ database, env, applications: { now: () => clock } });
    try {
      const rows = [];
      for (let i = 0; i < 40; i++) rows.push(await store(t, { name: `Leaving ${i}` }));
      expect(await stored(t)).toHaveLength(40);
      clock = new Date(Math.max(...rows.map((row) => row.appliedAt.getTime())) + 400 * DAY);
      const sweeping = t.app.applicationRetention.sweep();
      await t.close();
      // The app is closed and the sweep it was running has finished: every one erased, every CV gone.
      const erased = (await database.db.select().from(jobApplications)).filter((row) => row.erasedAt !== null);
      expect(erased).toHaveLength(40);
      expect(await sweeping).toBe(40);
      const left = [];
      for await (const object of objects.list("resumes/")) left.push(object.key);
      expect(left).toEqual([]);
    } finally {
      await objects.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
