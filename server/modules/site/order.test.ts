// Decision 058: a list's order is a draft like any field. A new order marks the items it moves
// (the public order unchanged until published), a stale order is a 409, a publish makes the
// moves a version, and restoring a version brings its order back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminSiteContentSchema,
  publicSiteContentSchema,
  type SiteCollection,
  sitePaths,
  siteVersionSchema,
} from "../../../shared/site-content.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";

describe("reordering a list (decision 058)", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const editor = async (collection: SiteCollection) => {
    const response = await t.app.inject({ url: sitePaths.adminContent, headers: admin });
    return adminSiteContentSchema.parse(response.json())[collection];
  };
  const published = async (collection: SiteCollection) =>
    publicSiteContentSchema
      .parse((await t.app.inject({ url: sitePaths.content })).json())
      [collection].map((item) => item.id);
  const reorder = (collection: string, ids: string[], expected: string[], headers = admin) =>
    t.app.inject({ method: "PUT", url: `/api/admin/site/order/${collection}`, headers, payload: { ids, expected } });
  const publish = (body: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: sitePaths.publish, headers: admin, payload: body });
  const reversed = (ids: string[]) => [...ids].reverse();

  it("keeps a new order as a draft: the moved items are marked, the site's order unchanged until published", async () => {
    const before = (await editor("keyNumbers")).map((item) => item.id);
    expect(before.length).toBeGreaterThan(2);
    const [first, second, ...rest] = before as [string, string, ...string[]];
    const swapped = [second, first, ...rest];
    const answer = await reorder("keyNumbers", swapped, before);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().map((item: { id: string }) => item.id)).toEqual(swapped);
    const items = await editor("keyNumbers");
    expect(items.map((item) => [item.id, item.status, item.moved])).toEqual([
      [second, "changed", true],
      [first, "changed", true],
      ...rest.map((id) => [id, "published", false]),
    ]);
    expect(await published("keyNumbers")).toEqual(before);

    // Back to where they were: nothing waits.
    expect((await reorder("keyNumbers", before, swapped)).statusCode).toBe(200);
    expect((await editor("keyNumbers")).every((item) => item.status === "published" && !item.moved)).toBe(true);
  });

  it("publishes a new order as a version of moves, and the public content follows it", async () => {
    const before = (await editor("services")).map((item) => item.id);
    expect((await reorder("services", reversed(before), before)).statusCode).toBe(200);
    const version = await publish({ all: true });
    expect(version.statusCode, version.body).toBe(200);
    const { changes, pages } = siteVersionSchema.parse(version.json());
    const moved = before.filter((id, index) => reversed(before)[index] !== id);
    // In the list's order before the publish.
    expect(changes).toEqual(moved.map((id) => ({ collection: "services", id, change: "moved" })));
    expect(pages).toEqual(["/", "/services"]);
    expect(await published("services")).toEqual(reversed(before));
    expect((await editor("services")).every((item) => item.status === "published")).toBe(true);

    // A version's order comes back with it: restored as moves, published whole.
    const versions = siteVersionSchema
      .array()
      .parse((await t.app.inject({ url: sitePaths.versions, headers: admin })).json());
    const earlier = versions.find((entry) => entry.id < siteVersionSchema.parse(version.json()).id)!;
    const restored = await t.app.inject({ method: "POST", url: sitePaths.restore(earlier.id), headers: admin });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await editor("services")).map((item) => item.id)).toEqual(before);
    expect((await editor("services")).some((item) => item.moved)).toBe(true);
    expect((await publish({ all: true })).statusCode).toBe(200);
    expect(await published("services")).toEqual(before);
  });

  it("refuses a stale order (409), an order that is not the list's (400), a page's one item (400), employees (403)", async () => {
    const before = (await editor("projects")).map((item) => item.id);
    const stale = await reorder("projects", reversed(before), reversed(before));
    expect(stale.statusCode).toBe(409);
    const missing = await reorder("projects", before.slice(1), before);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ ids: "Every item, once" });
    expect((await reorder("projects", [...before, before[0]!], before)).statusCode).toBe(400);
    expect((await reorder("projects", [...before.slice(1), "not-an-item"], before)).statusCode).toBe(400);
    expect((await reorder("contact", ["main"], ["main"])).statusCode).toBe(400);
    const employee = authHeader((await employeeSession(t)).token);
    expect((await reorder("projects", reversed(before), before, employee)).statusCode).toBe(403);
    expect((await editor("projects")).map((item) => item.id)).toEqual(before);
    expect((await editor("projects")).some((item) => item.moved)).toBe(false);
  });

  it("of two admins reordering from the same list at once, one wins and the other gets a 409", async () => {
    const before = (await editor("jobs")).map((item) => item.id);
    const [one, two] = await Promise.all([
      reorder("jobs", reversed(before), before),
      reorder("jobs", [...before.slice(1), before[0]!], before),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const won = one.statusCode === 200 ? reversed(before) : [...before.slice(1), before[0]!];
    expect((await editor("jobs")).map((item) => item.id)).toEqual(won);
    // A move is not an edit: a form opened before it saves at the version it read.
    const moved = (await editor("jobs")).find((item) => item.moved)!;
    const saved = await t.app.inject({
      method: "PUT",
      url: sitePaths.item("jobs", moved.id),
      headers: admin,
      payload: { ...moved.published, title: `${String(moved.published?.title)} (edited)`, version: moved.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: "changed", moved: true });
    expect((await reorder("jobs", before, won)).statusCode).toBe(200);
    const version = siteVersionSchema.parse((await publish({ items: [{ collection: "jobs", id: moved.id }] })).json());
    expect(version.changes).toEqual([{ collection: "jobs", id: moved.id, change: "changed" }]);
    expect(await published("jobs")).toEqual(before);
  });
});
