// DESIGN §17 `publishAt`: a draft saved with a moment publishes by itself then, as one version by
// nobody; sweeps on two instances at once publish it once; a moment that came while no instance
// ran publishes as the next one starts; publishing by hand first leaves nothing for the sweep.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSiteContentSchema, publicSiteContentSchema, sitePaths } from "../../../shared/site-content.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader } from "../../../test/helpers/factories.ts";
import { auditLog, siteVersions } from "../../db/schema.ts";
import { siteRepository } from "./repository.ts";

const HOUR = 60 * 60 * 1000;

describe("scheduled publishing (publishAt)", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let clock = Date.now();
  beforeAll(async () => {
    // Sweeps only when a test asks (and once as the app is ready).
    t = await createTestApp({ site: { now: () => new Date(clock), publishSweepEveryMs: 24 * HOUR } });
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const keyNumber = async (id: string) => {
    const response = await t.app.inject({ url: sitePaths.adminContent, headers: admin });
    return adminSiteContentSchema.parse(response.json()).keyNumbers.find((item) => item.id === id);
  };
  const publicNumbers = async () =>
    publicSiteContentSchema.parse((await t.app.inject({ url: sitePaths.content })).json()).keyNumbers;
  const schedule = async (id: string, value: number, publishAt: string | null) => {
    const current = await keyNumber(id);
    const response = await t.app.inject({
      method: "PUT",
      url: sitePaths.item("keyNumbers", id),
      headers: admin,
      payload: { value, label: current?.published?.label ?? `Number ${id}`, version: current?.version ?? 0, publishAt },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it("publishes a draft when its publishAt comes, as a version by nobody, audited as scheduled", async () => {
    const at = new Date(clock + HOUR).toISOString();
    const saved = await schedule("core-services", 7, at);
    expect(saved).toMatchObject({ status: "changed", publishAt: at });
    expect(await t.app.scheduledPublishing.sweep()).toBeNull();
    expect((await publicNumbers()).find((n) => n.id === "core-services")?.value).toBe(6);

    clock += HOUR;
    const version = await t.app.scheduledPublishing.sweep();
    expect(version).toMatchObject({
      publishedBy: null,
      changes: [{ collection: "keyNumbers", id: "core-services", change: "changed" }],
    });
    expect((await publicNumbers()).find((n) => n.id === "core-services")?.value).toBe(7);
    expect(await keyNumber("core-services")).toMatchObject({ status: "published", publishAt: null });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `site:version/${version!.id}`));
    expect(entry).toMatchObject({ actor: "scheduled", action: "site.publish" });
    expect(await t.app.scheduledPublishing.sweep()).toBeNull();
  });

  it("publishes each due change once when two instances sweep at once", async () => {
    await schedule("scheduled-a", 1, new Date(clock - 1_000).toISOString());
    await schedule("scheduled-b", 2, new Date(clock - 1_000).toISOString());
    const versionsBefore = (await t.app.db.select().from(siteVersions)).length;
    const repository = siteRepository(t.app.db);
    const sweeps = await Promise.all(
      [1, 2, 3].map(() => t.app.db.transaction((tx) => repository.publishDue(tx, new Date(clock)))),
    );
    const published = sweeps.filter((version) => version !== null);
    expect(published).toHaveLength(1);
    expect(published[0]!.changes.map((change) => change.id)).toEqual(["scheduled-a", "scheduled-b"]);
    expect((await t.app.db.select().from(siteVersions)).length).toBe(versionsBefore + 1);
  });

  it("publishes what came due while no instance ran as the next one starts", async () => {
    await schedule("while-down", 3, new Date(clock + HOUR).toISOString());
    const later = await createTestApp({
      database: t.database,
      site: { now: () => new Date(clock + 2 * HOUR), publishSweepEveryMs: 24 * HOUR },
    });
    try {
      // The first sweep ran as the app became ready.
      expect((await publicNumbers()).find((n) => n.id === "while-down")?.value).toBe(3);
    } finally {
      await later.close();
    }
  });

  it("leaves nothing for the sweep once published by hand, and refuses a publishAt that is no moment", async () => {
    await schedule("by-hand", 4, new Date(clock + HOUR).toISOString());
    const published = await t.app.inject({
      method: "POST",
      url: sitePaths.publish,
      headers: admin,
      payload: { items: [{ collection: "keyNumbers", id: "by-hand" }] },
    });
    expect(published.statusCode).toBe(200);
    expect(await keyNumber("by-hand")).toMatchObject({ status: "published", publishAt: null });
    clock += 2 * HOUR;
    expect(await t.app.scheduledPublishing.sweep()).toBeNull();

    const bad = await t.app.inject({
      method: "PUT",
      url: sitePaths.item("keyNumbers", "by-hand"),
      headers: admin,
      payload: { value: 5, label: "Number by-hand", version: 1, publishAt: "next tuesday" },
    });
    expect(bad.statusCode).toBe(400);
  });
});
