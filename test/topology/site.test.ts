/**
 * DESIGN §17 on several machines: two instances behind nginx on one PostgreSQL and Redis (as
 * topology.test.ts). A publish is rendered once, in its transaction, and live on both instances
 * within 5 s; the drafts' preview is a signed link either instance takes; an instance killed in
 * the middle of a publish leaves the other serving one version whole, never a mix.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callServer, loginOn } from "../helpers/child-server.ts";
import { startTopology, type Topology, type TopologyInstance, untilOn } from "../helpers/topology.ts";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Every page the build prerenders, and the 404 page: each shows the contact details in its footer. */
const everyPage = ["/", "/services", "/about", "/projects", "/gallery", "/career", "/contactus", "/no-such-page"];

let topology: Topology;
let adminToken: string;

beforeAll(async () => {
  topology = await startTopology();
  adminToken = await loginOn(topology.url, topology.admin.username, topology.admin.password, "admin");
}, 180_000);

afterAll(async () => {
  await topology?.close();
}, 60_000);

const until = (check: () => boolean | Promise<boolean>, what: string, timeoutMs?: number) =>
  untilOn(topology, check, what, timeoutMs);

describe("the site's content on two instances (DESIGN §17)", () => {
  it("a published job is on the career page of both instances within 5 s; the pages without jobs stay as they were", async () => {
    const etags = (page: string) =>
      Promise.all(
        topology.instances.map(async (instance) => (await fetch(`${instance.base}${page}`)).headers.get("etag")),
      );
    const careerPage = async (instance: TopologyInstance) => (await fetch(`${instance.base}/career`)).text();
    const [projectsBefore, careerBefore] = [await etags("/projects"), await etags("/career")];
    const id = `topology-${randomBytes(4).toString("hex")}`;
    const title = `Connection Checker ${id}`;
    await callServer(topology.url, "PUT", `/api/admin/site/jobs/${id}`, {
      token: adminToken,
      json: {
        ...{ title, location: "Remote", department: "Detailing", type: "Full-time", experience: "3+ years" },
        // A long text is Markdown of a safe subset: HTML in it reaches the page as text, never as markup.
        description: `**Checks** connections. <script>alert("${id}")</script> <img src=x onerror=alert(1)> [go](javascript:alert(2))`,
        ...{ responsibilities: ["Check"], requirements: ["Tekla"], version: 0 },
      },
    });
    // The drafts' preview (a signed link either instance takes), by the real renderer, without scripts.
    const { url } = await callServer(topology.url, "POST", "/api/admin/site/preview", { token: adminToken });
    const preview = await fetch(`${topology.url}${url}/career`);
    expect(preview.status).toBe(200);
    const previewed = await preview.text();
    expect(previewed).toContain(title);
    expect(previewed).not.toContain("<script");
    expect(await careerPage(topology.instances[0] as TopologyInstance)).not.toContain(title);

    const publishedAt = Date.now();
    const publish = { token: adminToken, json: { items: [{ collection: "jobs", id }] } };
    await callServer(topology.url, "POST", "/api/admin/site/publish", publish);
    for (const instance of topology.instances) {
      await until(async () => (await careerPage(instance)).includes(title), `the job on ${instance.base}`, 10_000);
    }
    const live = Date.now() - publishedAt;
    console.log(`topology site: a published job live on both instances in ${live} ms`);
    expect(live).toBeLessThanOrEqual(5_000);
    expect(await etags("/projects")).toEqual(projectsBefore);
    const career = await careerPage(topology.instances[1] as TopologyInstance);
    expect(career).toContain(`&lt;script&gt;alert(&quot;${id}&quot;)`);
    expect(career).not.toContain(`<script>alert("${id}")`);
    expect(career).toMatch(/<strong[^>]*>Checks<\/strong> connections\./);
    expect(career).not.toMatch(/<img[^>]*onerror|href="javascript:/);
    for (const [index, etag] of (await etags("/career")).entries()) expect(etag).not.toBe(careerBefore[index]);

    await callServer(topology.url, "DELETE", `/api/admin/site/jobs/${id}`, { token: adminToken });
    await callServer(topology.url, "POST", "/api/admin/site/publish", publish);
    for (const instance of topology.instances) {
      await until(
        async () => !(await careerPage(instance)).includes(title),
        `the job gone on ${instance.base}`,
        10_000,
      );
    }
  });

  it("a project with an uploaded photo: published once, its picture on both instances' pages and served by both", async () => {
    const photo = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: "#b45309" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("alt", "A portal frame on the shop floor");
    form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "frame.jpg");
    const uploaded = await fetch(`${topology.url}/api/admin/site/images`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const picture = (await uploaded.json()) as { name: string; src: string; avif: string };
    const id = `topology-${randomBytes(4).toString("hex")}`;
    await callServer(topology.url, "PUT", `/api/admin/site/projects/${id}`, {
      token: adminToken,
      json: {
        ...{ name: `Shop ${id}`, image: picture.name, shortDescription: "A shop.", longDescription: "A steel shop." },
        ...{ client: "Shop Co", location: "Leeds", year: 2026, category: "Industrial", version: 0 },
      },
    });
    const publish = { token: adminToken, json: { items: [{ collection: "projects", id }] } };
    await callServer(topology.url, "POST", "/api/admin/site/publish", publish);
    for (const instance of topology.instances) {
      const page = () => fetch(`${instance.base}/projects`).then((response) => response.text());
      await until(async () => (await page()).includes(`src="${picture.src}"`), `the photo on ${instance.base}`, 10_000);
      expect(await page()).toContain('alt="A portal frame on the shop floor"');
      for (const url of [picture.src, picture.avif.split(" ")[0] as string]) {
        const served = await fetch(`${instance.base}${url}`);
        expect(served.status, `${url} on ${instance.base}`).toBe(200);
        expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBeGreaterThan(0);
      }
    }
    await callServer(topology.url, "DELETE", `/api/admin/site/projects/${id}`, { token: adminToken });
    await callServer(topology.url, "POST", "/api/admin/site/publish", publish);
  });

  it("an instance killed in the middle of a publish: the other serves one version whole, never a mix", async () => {
    const [victim, survivor] = topology.instances as [TopologyInstance, TopologyInstance];
    const contactNow = async () => {
      const content = (await callServer(topology.url, "GET", "/api/admin/site/content", { token: adminToken })) as {
        contact: { version: number; published: { phones: { number: string }[] } }[];
      };
      return content.contact[0] as {
        version: number;
        published: Record<string, unknown> & { phones: { number: string }[] };
      };
    };
    const outcomes: string[] = [];
    // Killed at different moments of the publish (which renders all eight pages: the footer shows the phones).
    for (const delay of [100, 400, 800, 3_000]) {
      const contact = await contactNow();
      const before = contact.published.phones[0]?.number ?? "";
      const after = `+1 (555) 01${String(delay).padStart(2, "0").slice(-2)}-${randomBytes(2).toString("hex")}`;
      const phones = contact.published.phones.map((phone, index) =>
        index === 0 ? { ...phone, number: after } : phone,
      );
      await callServer(victim.base, "PUT", "/api/admin/site/contact/main", {
        token: adminToken,
        json: { ...contact.published, phones, version: contact.version },
      });
      const publishing = fetch(`${victim.base}/api/admin/site/publish`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
        body: JSON.stringify({ items: [{ collection: "contact", id: "main" }] }),
      }).catch(() => null);
      await pause(delay);
      expect(await victim.stop("SIGKILL")).toBe("SIGKILL");
      await publishing;

      // The survivor settles on one version (a committed publish reaches it by its poll) and shows it on every page.
      const shown = async () =>
        Promise.all(
          everyPage.map(async (page) => {
            const html = await (await fetch(`${survivor.base}${page}`)).text();
            return html.includes(after) ? "after" : html.includes(before) ? "before" : "neither";
          }),
        );
      let seen: string[] = [];
      await until(
        async () => {
          seen = await shown();
          return seen.every((state) => state === seen[0]) && seen[0] !== "neither";
        },
        `one version on every page of the survivor (saw ${seen.join(", ")})`,
        10_000,
      );
      // And it stays so: what was committed is whole in the database.
      await pause(4_500);
      seen = await shown();
      expect(new Set(seen).size, seen.join(", ")).toBe(1);
      outcomes.push(`${delay} ms: ${seen[0] === "after" ? "published" : "not published"}`);
      if (seen[0] === "before") {
        // Not published: the draft waits, and publishing it now works.
        await callServer(survivor.base, "POST", "/api/admin/site/publish", {
          token: adminToken,
          json: { items: [{ collection: "contact", id: "main" }] },
        });
      }
      await victim.start();
    }
    console.log(`topology site: publish killed at ${outcomes.join("; ")}`);
  }, 180_000);
});
