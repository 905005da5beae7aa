// DESIGN §17: the site's content in the database. The content folder seeds it once; admins save
// drafts with the version they read (409 when stale), publish some items or all as a version, mark
// items for removal, and restore a version as drafts. The public reads only what is published, a
// job past its closesAt not at all; employees and the signed-out change nothing.
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import about from "../../../content/about.json" with { type: "json" };
import jobs from "../../../content/jobs.json" with { type: "json" };
import site from "../../../content/site.json" with { type: "json" };
import {
  adminSiteContentSchema,
  adminSiteItemSchema,
  publicSiteContentSchema,
  type SiteCollection,
  siteCollections,
  sitePaths,
  siteVersionContentSchema,
  siteVersionSchema,
} from "../../../shared/site-content.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { auditLog, siteVersions } from "../../db/schema.ts";
import { siteRepository } from "./repository.ts";

describe("the site's content (DESIGN §17)", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let employee: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = authHeader(await adminToken(t));
    employee = authHeader((await employeeSession(t)).token);
  });
  afterAll(async () => {
    await t.close();
  });

  const published = async () => {
    const response = await t.app.inject({ url: sitePaths.content });
    expect(response.statusCode).toBe(200);
    return publicSiteContentSchema.parse(response.json());
  };
  const editor = async () => {
    const response = await t.app.inject({ url: sitePaths.adminContent, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return adminSiteContentSchema.parse(response.json());
  };
  const item = async (collection: SiteCollection, id: string) =>
    (await editor())[collection].find((found) => found.id === id);
  const save = (collection: SiteCollection, id: string, body: Record<string, unknown>, headers = admin) =>
    t.app.inject({ method: "PUT", url: sitePaths.item(collection, id), headers, payload: body });
  const publish = (body: unknown, headers = admin) =>
    t.app.inject({ method: "POST", url: sitePaths.publish, headers, payload: body as Record<string, unknown> });
  const fieldsOf = ({ id: _id, ...fields }: { id: string }) => fields;

  it("is seeded once from the content folder, as version 1, and the public reads exactly it", async () => {
    const content = await published();
    expect(content.jobs.map((job) => job.id)).toEqual(jobs.map((job) => job.id));
    expect(content.jobs[0]).toEqual(jobs[0]);
    expect(content.contact).toEqual([{ id: "main", ...site.contact }]);
    expect(content.about).toEqual([{ id: "main", ...about }]);
    expect(content.keyNumbers.map((number) => number.id)).toEqual([
      "projects-completed",
      "core-services",
      "client-satisfied",
      "continents-served",
    ]);
    expect(await siteRepository(t.app.db).seed()).toBe(false);
    const versions = await t.app.inject({ url: sitePaths.versions, headers: admin });
    const [first] = siteVersionSchema.array().parse(versions.json());
    expect(first).toMatchObject({ publishedBy: null });
    expect(first!.changes).toContainEqual({ collection: "about", id: "main", change: "added" });
    expect(await t.app.db.select().from(siteVersions)).toHaveLength(1);
    expect(
      Object.values(await editor())
        .flat()
        .every((entry) => entry.status === "published"),
    ).toBe(true);
  });

  it("keeps a draft from the public until it is published, then publishes it as a version, audited", async () => {
    const before = (await item("contact", "main"))!;
    const phones = [{ label: "USA", number: "+1 (412) 555-0199", href: "tel:+14125550199" }];
    const saved = await save("contact", "main", { ...before.published, phones, version: before.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(adminSiteItemSchema.parse(saved.json())).toMatchObject({ status: "changed", version: before.version + 1 });
    expect((await published()).contact[0]!.phones).toEqual(site.contact.phones);

    const version = await publish({ items: [{ collection: "contact", id: "main" }] });
    expect(version.statusCode, version.body).toBe(200);
    expect(siteVersionSchema.parse(version.json())).toMatchObject({
      publishedBy: "admin",
      changes: [{ collection: "contact", id: "main", change: "changed" }],
      // The footer shows the contact details: every page, the 404 page too.
      pages: ["/", "/services", "/about", "/projects", "/gallery", "/career", "/contactus", "/__not-found"],
    });
    expect((await published()).contact[0]!.phones).toEqual(phones);
    expect(await item("contact", "main")).toMatchObject({ status: "published", draft: null });
    const audit = await t.app.db.select().from(auditLog).where(like(auditLog.action, "site.%"));
    expect(audit.map((entry) => [entry.action, entry.target])).toEqual([
      ["site.edit", "site:contact/main"],
      ["site.publish", `site:version/${version.json().id}`],
    ]);
  });

  it("refuses a stale version with 409, and of two saves at the same version exactly one wins", async () => {
    const job = (await item("jobs", "project-manager"))!;
    const body = (title: string) => ({ ...job.published, title, version: job.version });
    const [one, two] = await Promise.all([
      save("jobs", job.id, body("Lead PM")),
      save("jobs", job.id, body("Senior PM")),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const winner = one.statusCode === 200 ? "Lead PM" : "Senior PM";
    expect((await item("jobs", job.id))!.draft).toMatchObject({ title: winner });
    const stale = await save("jobs", job.id, body("Anything"));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed this item since you opened it/);
    // Saving the published fields again leaves no draft.
    const current = (await item("jobs", job.id))!;
    const undone = await save("jobs", job.id, { ...job.published, version: current.version });
    expect(undone.json()).toMatchObject({ status: "published", draft: null });
  });

  it("adds an item under a new id, shown once published; removes one at the next publish", async () => {
    const fields = { value: 14, label: "Years in business" };
    const added = await save("keyNumbers", "years", fields);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ id: "years", status: "draft", published: null, draft: fields });
    expect((await save("keyNumbers", "years", fields)).statusCode).toBe(409);
    expect((await published()).keyNumbers.some((number) => number.id === "years")).toBe(false);

    const removed = await t.app.inject({
      method: "DELETE",
      url: sitePaths.item("projects", "harbor-point-tower"),
      headers: admin,
    });
    expect(removed.json()).toMatchObject({ status: "changed", draft: null });
    expect((await published()).projects.some((project) => project.id === "harbor-point-tower")).toBe(true);

    const version = await publish({ all: true });
    expect(version.json().changes).toEqual([
      { collection: "keyNumbers", id: "years", change: "added" },
      { collection: "projects", id: "harbor-point-tower", change: "removed" },
    ]);
    expect(version.json().pages).toEqual(["/", "/projects"]);
    const content = await published();
    expect(content.keyNumbers.at(-1)).toEqual({ id: "years", ...fields });
    expect(content.projects.some((project) => project.id === "harbor-point-tower")).toBe(false);
    expect((await publish({ all: true })).statusCode).toBe(400);

    // A draft never published goes at once.
    await save("gallery", "new-photo", { url: "gallery/01", caption: "Again", alt: "The splice again" });
    const gone = await t.app.inject({ method: "DELETE", url: sitePaths.item("gallery", "new-photo"), headers: admin });
    expect(gone.statusCode).toBe(204);
    expect(await item("gallery", "new-photo")).toBeUndefined();
  });

  it("takes a job off the public content from its closesAt, and keeps it for the editor", async () => {
    const job = (await item("jobs", "sr-checker"))!;
    expect(job).toBeDefined();
    const closed = { ...job.published, closesAt: new Date(Date.now() - 60_000).toISOString(), version: job.version };
    expect((await save("jobs", "sr-checker", closed)).statusCode).toBe(200);
    expect((await published()).jobs.some((found) => found.id === "sr-checker")).toBe(true);
    expect((await publish({ items: [{ collection: "jobs", id: "sr-checker" }] })).statusCode).toBe(200);
    expect((await published()).jobs.some((found) => found.id === "sr-checker")).toBe(false);
    expect((await item("jobs", "sr-checker"))!.published).toMatchObject({ closesAt: closed.closesAt });
  });

  it("refuses bad fields, ids and collections with 400, and the one item of a page as 404 or 400", async () => {
    const job = (await item("jobs", "project-manager"))!;
    const bad = [
      ["jobs", "project-manager", { ...job.published, title: "", version: job.version }, "title"],
      ["jobs", "project-manager", { ...job.published, salary: "lots", version: job.version }, "item"],
      ["projects", "p-1", { name: "A", year: "2024" }, "year"],
      ["keyNumbers", "n", { value: -1, label: "Negative" }, "value"],
      ["contact", "main", { version: 1, hours: "x" }, "emails"],
    ] as const;
    for (const [collection, id, body, field] of bad) {
      const response = await save(collection, id, body);
      expect(response.statusCode, `${collection} ${field}`).toBe(400);
      expect(Object.keys(response.json().errors ?? {}).join(" "), `${collection} ${field}`).toContain(field);
    }
    expect((await save("jobs", "Not An Id", { ...job.published })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: "PUT", url: "/api/admin/site/pages/x", headers: admin, payload: {} })).statusCode,
    ).toBe(400);
    expect((await save("contact", "other", fieldsOf({ id: "main", ...site.contact }))).statusCode).toBe(404);
    const page = await t.app.inject({ method: "DELETE", url: sitePaths.item("about", "main"), headers: admin });
    expect(page.statusCode).toBe(400);
    expect((await publish({ items: [] })).statusCode).toBe(400);
    expect((await publish({ all: false })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url: sitePaths.restore(999_999), headers: admin })).statusCode).toBe(
      404,
    );
  });

  it("keeps a long text as Markdown of the safe subset: markup and unsafe links never reach the content", async () => {
    const job = (await item("jobs", "sr-checker"))!;
    const description = [
      "We **check** every connection. <script>alert(1)</script> <img src=x onerror=alert(2)>",
      "",
      "- [Our services](/services) and [a trap](javascript:alert(3))",
      "- ![a tracker](https://evil.example/p.png) `code`",
    ].join("\n");
    const saved = await save("jobs", "sr-checker", { ...job.published, description, version: job.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(adminSiteItemSchema.parse(saved.json()).draft?.description).toBe(
      [
        "We **check** every connection. &lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt;",
        "",
        "- [Our services](/services) and a trap",
        "- a tracker code",
      ].join("\n"),
    );
    // Only markup, no text: nothing is left to keep, and the field is refused (the draft unchanged).
    const empty = await save("jobs", "sr-checker", { ...job.published, description: "***", version: job.version + 1 });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(["description"]);
    // Back as published: the draft is gone.
    expect((await save("jobs", "sr-checker", { ...job.published, version: job.version + 1 })).statusCode).toBe(200);
    expect(await item("jobs", "sr-checker")).toMatchObject({ status: "published", draft: null });
  });

  it("lets only admins edit: employees get 403, the signed-out 401, and nothing changes", async () => {
    const before = await editor();
    const routes = [
      { method: "GET", url: sitePaths.adminContent },
      { method: "PUT", url: sitePaths.item("jobs", "project-manager"), payload: { version: 1 } },
      { method: "DELETE", url: sitePaths.item("jobs", "project-manager") },
      { method: "POST", url: sitePaths.publish, payload: { all: true } },
      { method: "GET", url: sitePaths.versions },
      { method: "GET", url: sitePaths.version(1) },
      { method: "POST", url: sitePaths.restore(1) },
    ] as const;
    for (const route of routes) {
      expect((await t.app.inject({ ...route, headers: employee })).statusCode, route.url).toBe(403);
      expect((await t.app.inject({ ...route })).statusCode, route.url).toBe(401);
    }
    expect(await editor()).toEqual(before);
  });

  it("restores a version as drafts; publishing them all brings that version back", async () => {
    const [original] = await t.app.db.select().from(siteVersions).where(eq(siteVersions.id, 1));
    // A version answers with its whole content, to compare with another.
    const first = await t.app.inject({ url: sitePaths.version(original!.id), headers: admin });
    expect(first.statusCode, first.body).toBe(200);
    const firstContent = siteVersionContentSchema.parse(first.json());
    expect(firstContent.content.projects.map((project) => project.id)).toContain("harbor-point-tower");
    expect((await t.app.inject({ url: sitePaths.version(999_999), headers: admin })).statusCode).toBe(404);
    await save("gallery", "unpublished", { url: "gallery/02", caption: "Kept", alt: "A draft nobody published" });
    const restored = await t.app.inject({ method: "POST", url: sitePaths.restore(original!.id), headers: admin });
    expect(restored.statusCode, restored.body).toBe(200);
    const drafts = adminSiteContentSchema.parse(restored.json());
    expect(drafts.projects.find((project) => project.id === "harbor-point-tower")).toMatchObject({ status: "draft" });
    expect(drafts.keyNumbers.find((number) => number.id === "years")).toMatchObject({ status: "changed", draft: null });
    expect(drafts.gallery.find((photo) => photo.id === "unpublished")).toMatchObject({ status: "draft" });
    await t.app.inject({ method: "DELETE", url: sitePaths.item("gallery", "unpublished"), headers: admin });

    // Two admins publish at once: one version takes every change, the other finds nothing left.
    const [one, two] = await Promise.all([publish({ all: true }), publish({ all: true })]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 400]);
    const content = await published();
    const seeded = original!.content as typeof content;
    for (const collection of siteCollections) {
      const ids = (list: { id: string }[]) => list.map((entry) => entry.id).sort();
      expect(ids(content[collection]), collection).toEqual(ids(seeded[collection]));
    }
    expect(content.contact).toEqual(seeded.contact);
    expect(content.jobs.find((job) => job.id === "project-manager")).toEqual(jobs[0]);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "site.restore"));
    expect(audit.map((entry) => entry.target)).toEqual([`site:version/${original!.id}`]);
  });
  it("takes a restore and a publish at once one after the other, never a deadlock or a mix", async () => {
    const current = (await item("about", "main"))!;
    const banner = { ...(current.published!.banner as object), title: "Steel, detailed" };
    await save("about", "main", { ...current.published, banner, version: current.version });
    const [restored, publishing] = await Promise.all([
      t.app.inject({ method: "POST", url: sitePaths.restore(1), headers: admin }),
      publish({ all: true }),
    ]);
    expect(restored.statusCode, restored.body).toBe(200);
    // A publish after the restore finds nothing: the restore took the only draft back to version 1.
    expect([200, 400], publishing.body).toContain(publishing.statusCode);
    // Whichever went first, what waits now is exactly what brings version 1 back.
    const after = await editor();
    const waiting = Object.values(after)
      .flat()
      .filter((entry) => entry.status !== "published");
    if (waiting.length > 0) expect((await publish({ all: true })).statusCode).toBe(200);
    expect((await published()).about).toEqual([{ id: "main", ...about }]);
  });
});
