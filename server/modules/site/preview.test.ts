// DESIGN §17: a preview of any page with the drafts is a signed link, valid one hour, never indexed.
// The renderer here writes the jobs it was given, with a script as the real pages have; the real
// renderer's preview is checked in the topology test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PublicSiteContent, sitePaths, sitePreviewSchema } from "../../../shared/site-content.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { serverPageCsp } from "../../lib/html-page.ts";
import { PREVIEW_TTL_SECONDS } from "./preview.ts";
import { PageRenderError, type PageRenderer } from "./render.ts";

const renderer: PageRenderer = {
  build: "preview-test",
  async render(pages, content: PublicSiteContent) {
    const titles = content.jobs.map((job) => String(job.title));
    if (titles.includes("Unrenderable <Role>")) throw new PageRenderError("/career", "a <b>card</b> threw");
    return new Map(
      pages.map((page) => [
        page,
        `<!doctype html><html><head><link rel="modulepreload" href="/assets/a.js"/></head><body>${page} ${titles.join("|")}<script type="module">import("/assets/a.js")</script></body></html>`,
      ]),
    );
  },
};

describe("the preview of the drafts (DESIGN §17)", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let clock = Date.parse("2026-11-29T10:00:00Z");
  beforeAll(async () => {
    t = await createTestApp({ site: { now: () => new Date(clock) }, livePages: { renderer, pollMs: 3_600_000 } });
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const draftJob = (id: string, title: string) =>
    t.app.inject({
      method: "PUT",
      url: sitePaths.item("jobs", id),
      headers: admin,
      payload: {
        ...{ title, location: "Remote", department: "Detailing", type: "Full-time", experience: "3+ years" },
        ...{ description: "Checks connections.", responsibilities: ["Check"], requirements: ["Tekla"], version: 0 },
      },
    });
  const link = async () => {
    const response = await t.app.inject({ method: "POST", url: sitePaths.preview, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return sitePreviewSchema.parse(response.json());
  };

  it("is for admins only", async () => {
    expect((await t.app.inject({ method: "POST", url: sitePaths.preview })).statusCode).toBe(401);
    const employee = authHeader((await employeeSession(t)).token);
    expect((await t.app.inject({ method: "POST", url: sitePaths.preview, headers: employee })).statusCode).toBe(403);
  });

  it("shows a page with the drafts, without its scripts, never cached or indexed; the public sees none of it", async () => {
    expect((await draftJob("previewed-role", "Previewed Role")).statusCode).toBe(200);
    const { url, expiresAt } = await link();
    expect(Date.parse(expiresAt) - clock).toBe(PREVIEW_TTL_SECONDS * 1000);
    const response = await t.app.inject({ url: `${url}/career` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("/career");
    expect(response.body).toContain("Previewed Role");
    expect(response.body).toContain("Sr. Modeler");
    expect(response.body).not.toMatch(/<script|modulepreload/);
    expect(response.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    // The home page too, and nothing that is not a page.
    expect((await t.app.inject({ url: `${url}/` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${url}/staff` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${url}/__not-found` })).statusCode).toBe(404);
    const published = (await t.app.inject({ url: sitePaths.content })).json() as PublicSiteContent;
    expect(published.jobs.map((job) => job.title)).not.toContain("Previewed Role");
  });

  it("ends after an hour (410), and a link not signed by the server is nothing (404)", async () => {
    const { url } = await link();
    const token = url.split("/").at(-1) ?? "";
    const forged = `${token.slice(0, -4)}${token.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    const refused = await t.app.inject({ url: `/site-preview/${forged}/career` });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain("<h1>This preview link is not valid</h1>");
    expect((await t.app.inject({ url: "/site-preview/not-a-token/career" })).statusCode).toBe(404);
    clock += PREVIEW_TTL_SECONDS * 1000 - 1000;
    expect((await t.app.inject({ url: `${url}/career` })).statusCode).toBe(200);
    clock += 2000;
    const expired = await t.app.inject({ url: `${url}/career` });
    expect(expired.statusCode).toBe(410);
    // A page in the firm's name, for a phone too, with nothing that runs, never kept or indexed.
    expect(expired.body).toContain("<h1>This preview link has expired</h1>");
    expect(expired.body).toContain('<meta name="viewport"');
    expect(expired.headers["content-security-policy"]).toBe(serverPageCsp);
    expect(expired.headers["cache-control"]).toBe("private, no-store");
    expect(expired.headers["x-robots-tag"]).toBe("noindex, nofollow");
  });

  it("says why drafts cannot be shown (422), escaped", async () => {
    expect((await draftJob("broken-preview", "Unrenderable <Role>")).statusCode).toBe(200);
    const response = await t.app.inject({ url: `${(await link()).url}/career` });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain("/career could not be rendered: a &lt;b&gt;card&lt;/b&gt; threw");
    expect(response.body).not.toContain("<b>");
  });
});
