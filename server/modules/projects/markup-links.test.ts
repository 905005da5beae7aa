// DESIGN §18 what a markup leads to (decision 068): search everything finds its text for whoever
// may read the sheet, and "Ask as RFI" makes an RFI naming the sheet, quoting the text and linking
// back to the markup, once; a new revision has its last one's open markups to check, each resolved
// in it or carried onto it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markupAddress, markupPaths, markupSchema } from "../../../shared/markups.ts";
import { rfiSchema } from "../../../shared/rfis.ts";
import { searchResultSchema } from "../../../shared/search.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { createProject, jobNumbers, uploadSheets } from "../../../test/helpers/projects.ts";

const newJob = jobNumbers("ML");

describe("a markup's links", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  let outsider: Record<string, string>;
  let job: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = authHeader(await adminToken(t));
    const one = await employeeSession(t);
    member = authHeader(one.token);
    outsider = authHeader((await employeeSession(t)).token);
    job = await createProject(t, admin, newJob(), [one.employee.username]);
    await uploadSheets(t, job, member, ["E-101"]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const mark = async (text: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: markupPaths.list(job, "E-101", "A"),
      headers: member,
      payload: { kind: "rectangle", page: 2, geometry: { x: 1, y: 2, width: 3, height: 4 }, color: "#123456", text },
    });
    expect(response.statusCode, response.body).toBe(201);
    return markupSchema.parse(response.json());
  };

  it("is found by its text for those who may read the sheet, and no one else", async () => {
    const tag = `gusset${process.pid}x`;
    const markup = await mark(`Check the ${tag} plate thickness\nand the welds`);
    const search = async (headers: Record<string, string>) => {
      const response = await t.app.inject({ method: "GET", url: `/api/search?q=${tag}%20plate&kinds=markup`, headers });
      expect(response.statusCode, response.body).toBe(200);
      return searchResultSchema.parse(response.json()).groups.flatMap((group) => group.items);
    };
    const expected = {
      id: markup.id,
      title: `Check the ${tag} plate thickness`,
      subtitle: expect.stringContaining(`${job} · E-101 rev A · page 2`),
      url: markupAddress(job, "E-101", "A", markup.id),
    };
    expect(await search(member)).toEqual([expected]);
    expect(await search(admin)).toEqual([expected]);
    expect(await search(outsider)).toEqual([]);
  });

  it("is asked as an RFI naming the sheet, quoting its text and linking back, once", async () => {
    const markup = await mark("Is the shear tab at B12 bolted or welded?");
    const url = markupPaths.rfi(job, "E-101", "A", markup.id);
    const dueAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const asked = await t.app.inject({
      method: "POST",
      url,
      headers: member,
      payload: { to: "eor@eor.example", dueAt },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const rfi = rfiSchema.parse(asked.json());
    expect(rfi).toMatchObject({
      subject: "E-101 rev A: Is the shear tab at B12 bolted or welded?",
      question: "On E-101 revision A, page 2, a markup says:\n\n“Is the shear tab at B12 bolted or welded?”",
      sheets: ["E-101"],
      to: "eor@eor.example",
      state: "open",
      markup: {
        id: markup.id,
        sheet: "E-101",
        revision: "A",
        page: 2,
        url: markupAddress(job, "E-101", "A", markup.id),
      },
    });
    const log = await t.app.inject({ method: "GET", url: `/api/projects/${job}/rfis/${rfi.number}`, headers: member });
    expect(rfiSchema.parse(log.json()).markup?.id).toBe(markup.id);
    const now = await t.app.inject({ method: "GET", url: markupPaths.list(job, "E-101", "A"), headers: member });
    expect(
      markupSchema
        .array()
        .parse(now.json())
        .find((one) => one.id === markup.id),
    ).toMatchObject({
      rfi: rfi.number,
      version: 2,
    });
    const sheet = await t.app.inject({ method: "GET", url: `/api/projects/${job}/drawings`, headers: member });
    expect(sheet.json()).toMatchObject([{ number: "E-101", onHold: true }]);

    const again = await t.app.inject({
      method: "POST",
      url,
      headers: member,
      payload: { to: "eor@eor.example", dueAt },
    });
    expect(again.statusCode).toBe(409);
    const blank = await mark("");
    const nothing = await t.app.inject({
      method: "POST",
      url: markupPaths.rfi(job, "E-101", "A", blank.id),
      headers: member,
      payload: { to: "eor@eor.example", dueAt },
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ errors: { text: expect.any(String) } });
    for (const [headers, status] of [
      [outsider, 404],
      [member, 400],
    ] as const) {
      const payload = headers === member ? { to: "not an address", dueAt } : { to: "eor@eor.example", dueAt };
      const response = await t.app.inject({ method: "POST", url, headers, payload });
      expect(response.statusCode, response.body).toBe(status);
    }
  });

  it("shows the last revision's open markups on a new one to check, each resolved in it or carried onto it", async () => {
    await uploadSheets(t, job, member, ["E-201"]);
    const make = async (text: string) => {
      const response = await t.app.inject({
        method: "POST",
        url: markupPaths.list(job, "E-201", "A"),
        headers: member,
        payload: {
          kind: "line",
          page: 1,
          geometry: { from: { x: 0, y: 0 }, to: { x: 9, y: 9 } },
          color: "#000000",
          text,
        },
      });
      return markupSchema.parse(response.json());
    };
    const [fixed, moved, done] = [await make("Fixed in B"), await make("Still to do"), await make("Done")];
    await t.app.inject({
      method: "PATCH",
      url: markupPaths.one(job, "E-201", "A", done.id),
      headers: member,
      payload: { version: 1, status: "resolved" },
    });
    const toCheck = async (revision: string, headers = member) => {
      const response = await t.app.inject({ method: "GET", url: markupPaths.toCheck(job, "E-201", revision), headers });
      expect(response.statusCode, response.body).toBe(200);
      return markupSchema
        .array()
        .parse(response.json())
        .map((markup) => markup.id);
    };
    expect(await toCheck("A")).toEqual([]);
    await uploadSheets(t, job, member, ["E-201"], "B");
    expect(await toCheck("B")).toEqual([fixed.id, moved.id]);
    const check = (id: number, action: string, version = 1, headers = member) =>
      t.app.inject({
        method: "POST",
        url: markupPaths.check(job, "E-201", "B", id),
        headers,
        payload: { action, version },
      });

    const stale = await check(fixed.id, "resolved", 7);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { id: fixed.id, version: 1 } });
    expect((await check(fixed.id, "resolved", 1, outsider)).statusCode).toBe(404);
    expect((await check(done.id, "carried")).statusCode).toBe(409);
    const resolved = await check(fixed.id, "resolved");
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(markupSchema.parse(resolved.json())).toMatchObject({
      id: fixed.id,
      revision: "A",
      status: "resolved",
      resolvedIn: "B",
      version: 2,
    });
    const carried = await check(moved.id, "carried");
    expect(carried.statusCode, carried.body).toBe(200);
    const copy = markupSchema.parse(carried.json());
    expect(copy).toMatchObject({
      revision: "B",
      text: "Still to do",
      geometry: moved.geometry,
      author: moved.author,
      status: "open",
      carriedFrom: moved.id,
    });
    expect(await toCheck("B")).toEqual([]);
    expect((await check(moved.id, "carried")).statusCode).toBe(409);
    expect((await check(copy.id, "resolved")).statusCode).toBe(404);
  });
});
