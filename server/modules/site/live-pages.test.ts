// DESIGN §17 "publishing without a build", the rules around the renderer: a publish renders the
// pages its changes touch in its own transaction and copies the rest from the version before; a
// page that does not render publishes nothing (422, the site unchanged); the pages served follow
// the newest version. The renderer here writes what it was given; the real one (React Router's
// server build) is checked against the build in the topology test and the browser journeys.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PublicSiteContent, sitePaths, siteVersionSchema } from "../../../shared/site-content.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader } from "../../../test/helpers/factories.ts";
import { sitePages, siteVersions } from "../../db/schema.ts";
import type { PublicPages } from "../../plugins/site.ts";
import { RENDERED_PAGES } from "./live-pages.ts";
import { PageRenderError, type PageRenderer } from "./render.ts";

const BUILD = "test-build";
const UNRENDERABLE = "Unrenderable Role";

/** Each page as the titles of the jobs it was given; a job titled UNRENDERABLE breaks /career. */
function recordingRenderer() {
  const calls: string[][] = [];
  const renderer: PageRenderer = {
    build: BUILD,
    async render(pages, content: PublicSiteContent) {
      calls.push([...pages]);
      const titles = content.jobs.map((job) => String(job.title));
      if (pages.includes("/career") && titles.includes(UNRENDERABLE)) {
        throw new PageRenderError("/career", "the job card threw");
      }
      return new Map(pages.map((page) => [page, `<html>${page} ${titles.join("|")}</html>`]));
    },
  };
  return { renderer, calls };
}

/** The served pages, as the site plugin would hold them. */
function servedPages() {
  const html = new Map<string, string>();
  const pages: PublicPages = {
    served: true,
    async replace(replaced) {
      for (const [page, text] of replaced) html.set(page, text);
    },
    html: (page) => html.get(page),
  };
  return { pages, html };
}

describe("publishing renders the pages (DESIGN §17)", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const { renderer, calls } = recordingRenderer();
  const served = servedPages();
  let clock = Date.now();
  beforeAll(async () => {
    // A long poll: every refresh here is the publish's own, or the test's.
    t = await createTestApp({ livePages: { renderer, pollMs: 3_600_000, now: () => new Date(clock) } });
    t.app.livePages.serveWith(served.pages);
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const job = (title: string) => ({
    ...{ title, location: "Remote", department: "Detailing", type: "Full-time", experience: "3+ years" },
    ...{ description: "Checks connections.", responsibilities: ["Check"], requirements: ["Tekla"] },
  });
  const saveJob = async (id: string, title: string, version = 0, closesAt?: string) => {
    const response = await t.app.inject({
      method: "PUT",
      url: sitePaths.item("jobs", id),
      headers: admin,
      payload: { ...job(title), version, ...(closesAt ? { closesAt } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const publish = (items: { collection: string; id: string }[]) =>
    t.app.inject({ method: "POST", url: sitePaths.publish, headers: admin, payload: { items } });
  const pagesOf = (version: number) =>
    t.app.db
      .select({ path: sitePages.path, html: sitePages.html })
      .from(sitePages)
      .where(and(eq(sitePages.build, BUILD), eq(sitePages.version, version)))
      .orderBy(asc(sitePages.path));
  const versionCount = async () => (await t.app.db.select({ id: siteVersions.id }).from(siteVersions)).length;

  it("serves the newest version, rendering it first when this build has no pages for it", async () => {
    // Version 1 is the seed, never rendered for this build: the first refresh renders all of it.
    expect(await pagesOf(1)).toHaveLength(0);
    await t.app.livePages.refresh();
    expect(await pagesOf(1)).toHaveLength(RENDERED_PAGES.length);
    expect(t.app.livePages.live).toBe(1);
    expect(served.html.get("/career")).toContain("Sr. Modeler");
  });

  it("renders only the pages that show the change, copies the others, and serves the new version", async () => {
    calls.length = 0;
    await saveJob("rendered-role", "Rendered Role");
    const response = await publish([{ collection: "jobs", id: "rendered-role" }]);
    expect(response.statusCode, response.body).toBe(200);
    const version = siteVersionSchema.parse(response.json());
    expect(calls).toEqual([["/career"]]);

    const [before, after] = [await pagesOf(version.id - 1), await pagesOf(version.id)];
    expect(after.map((page) => page.path)).toEqual(before.map((page) => page.path));
    for (const [index, page] of after.entries()) {
      if (page.path === "/career") expect(page.html).toContain("Rendered Role");
      else expect(page.html, page.path).toBe(before[index]?.html);
    }
    // Live here as the publish answers: no wait for the poll.
    expect(t.app.livePages.live).toBe(version.id);
    expect(served.html.get("/career")).toContain("Rendered Role");
  });

  it("publishes nothing when a page does not render: 422 naming it, the version and the pages unchanged", async () => {
    const [versionsBefore, liveBefore, careerBefore] = [
      await versionCount(),
      t.app.livePages.live,
      served.html.get("/career"),
    ];
    await saveJob("broken-role", UNRENDERABLE);
    const response = await publish([{ collection: "jobs", id: "broken-role" }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(
      /^Nothing was published: \/career could not be rendered: the job card threw/,
    );
    expect(await versionCount()).toBe(versionsBefore);
    expect(t.app.livePages.live).toBe(liveBefore);
    expect(served.html.get("/career")).toBe(careerBefore);
    // Still a draft, to fix and publish again.
    const content = (await t.app.inject({ url: sitePaths.adminContent, headers: admin })).json();
    expect(content.jobs.find((item: { id: string }) => item.id === "broken-role")).toMatchObject({
      status: "draft",
      published: null,
    });
    await saveJob("broken-role", "Fixed Role", 1);
    expect((await publish([{ collection: "jobs", id: "broken-role" }])).statusCode).toBe(200);
    expect(served.html.get("/career")).toContain("Fixed Role");
  });

  it("renders every page when the version before has none for this build (published by another build)", async () => {
    // As if the last version had been published by an instance of another build.
    const live = t.app.livePages.live ?? 0;
    await t.app.db.delete(sitePages).where(eq(sitePages.version, live));
    calls.length = 0;
    await saveJob("after-deploy", "After Deploy");
    const response = await publish([{ collection: "jobs", id: "after-deploy" }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(calls).toEqual([[...RENDERED_PAGES]]);
    expect(await pagesOf(response.json().id)).toHaveLength(RENDERED_PAGES.length);
  });

  it("a scheduled publish renders its pages too", async () => {
    calls.length = 0;
    const response = await t.app.inject({
      method: "PUT",
      url: sitePaths.item("jobs", "scheduled-role"),
      headers: admin,
      payload: { ...job("Scheduled Role"), version: 0, publishAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(response.statusCode, response.body).toBe(200);
    const version = await t.app.scheduledPublishing.sweep();
    expect(version).not.toBeNull();
    expect(calls).toEqual([["/career"]]);
    expect(t.app.livePages.live).toBe(version?.id);
    expect(served.html.get("/career")).toContain("Scheduled Role");
  });

  it("renders the career page again when a job closes, in the same version", async () => {
    const closesAt = new Date(clock + 60_000).toISOString();
    await saveJob("closing-role", "Closing Role", 0, closesAt);
    const response = await publish([{ collection: "jobs", id: "closing-role" }]);
    expect(response.statusCode, response.body).toBe(200);
    const version = response.json().id as number;
    expect(served.html.get("/career")).toContain("Closing Role");

    // Not yet: a poll before the moment changes nothing.
    calls.length = 0;
    clock += 59_000;
    await t.app.livePages.refresh();
    expect(calls).toEqual([]);
    clock += 2_000;
    await t.app.livePages.refresh();
    expect(calls).toEqual([["/career"]]);
    expect(served.html.get("/career")).not.toContain("Closing Role");
    expect(t.app.livePages.live).toBe(version);
    const [stored] = (await pagesOf(version)).filter((page) => page.path === "/career");
    expect(stored?.html).not.toContain("Closing Role");
    // Once: the next poll has nothing left to close.
    await t.app.livePages.refresh();
    expect(calls).toHaveLength(1);
  });
});
