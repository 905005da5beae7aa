// DESIGN §18 what a markup leads to, and a client's markups (decision 068): search everything finds
// its text for whoever may read the sheet; "Ask as RFI" makes an RFI naming the sheet, quoting the
// text and linking back to the markup, once; a new revision has its last one's open markups to
// check, each resolved in it or carried onto it. A client marks up a transmittal's sheets through
// the review's own token: only that transmittal's sheets at the revision sent, only its own
// markups (a token never reaches another transmittal's); a protected link wants its key; the
// markups are part of the response (the log counts them) and stop changing once it is sent.
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markupAddress, markupPaths, markupSchema, reviewMarkupPaths } from "../../../shared/markups.ts";
import { rfiSchema } from "../../../shared/rfis.ts";
import { searchResultSchema } from "../../../shared/search.ts";
import { transmittalSchema } from "../../../shared/transmittals.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { createProject, jobNumbers, uploadSheets } from "../../../test/helpers/projects.ts";
import { auditLog } from "../../db/schema.ts";

const newJob = jobNumbers("ML");
const cloud = { kind: "cloud", page: 1, geometry: { x: 10, y: 20, width: 30, height: 40 }, color: "#ff0000" };

let t: TestApp;
let admin: Record<string, string>;
let member: Record<string, string>;
let memberName: string;
let outsider: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = authHeader(await adminToken(t));
  const one = await employeeSession(t);
  member = authHeader(one.token);
  memberName = one.employee.username;
  outsider = authHeader((await employeeSession(t)).token);
});
afterAll(async () => {
  await t?.close();
});

describe("a markup's links", () => {
  let job: string;
  beforeAll(async () => {
    job = await createProject(t, admin, newJob(), [memberName]);
    await uploadSheets(t, job, member, ["E-101"]);
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

describe("a client's markups on the review page", () => {
  let job: string;
  beforeAll(async () => {
    job = await createProject(t, admin, newJob(), [memberName]);
    await uploadSheets(t, job, member, ["E-101", "E-102"]);
  });

  const send = async (sheets: string[], recipient: string, password?: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/transmittals`,
      headers: member,
      payload: {
        purpose: "approval",
        sheets: sheets.map((number) => ({ number, revision: "A" })),
        recipients: [recipient],
        ...(password ? { password } : {}),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { number, url } = response.json() as { number: string; url: string };
    return { number, token: url.split("/review/")[1] ?? "" };
  };

  it("marks up only the transmittal's sheets, at the revision sent, and never another link's markup", async () => {
    const mine = await send(["E-101"], "eor@client.example");
    const theirs = await send(["E-101", "E-102"], "fab@other.example", "a shared secret 42");
    const key = await t.app.inject({
      method: "POST",
      url: `/api/review/${theirs.token}/password`,
      payload: { password: "a shared secret 42" },
    });
    const theirKey = { "x-link-key": (key.json() as { key: string }).key };

    const made = await t.app.inject({
      method: "POST",
      url: reviewMarkupPaths.list(mine.token, "E-101", "A"),
      payload: { ...cloud, text: "Beam size?" },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.headers["cache-control"]).toBe("private, no-store");
    const markup = markupSchema.parse(made.json());
    expect(markup).toMatchObject({
      sheet: "E-101",
      revision: "A",
      author: { kind: "client", name: "eor@client.example", transmittal: mine.number },
    });
    const post = (token: string, number: string, revision = "A", headers = {}) =>
      t.app.inject({ method: "POST", url: reviewMarkupPaths.list(token, number, revision), headers, payload: cloud });
    // Another sheet, another revision, a protected link without its key, an unknown token.
    expect((await post(mine.token, "E-102")).statusCode).toBe(404);
    expect((await post(mine.token, "E-101", "B")).statusCode).toBe(404);
    expect((await post(theirs.token, "E-102")).statusCode).toBe(401);
    expect((await post("x".repeat(43), "E-101")).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: "POST",
      url: reviewMarkupPaths.list(mine.token, "E-101", "A"),
      payload: { ...cloud, geometry: { ...cloud.geometry, y: Number.MAX_VALUE } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { "geometry.y": expect.any(String) } });

    const other = await post(theirs.token, "E-101", "A", theirKey);
    expect(other.statusCode, other.body).toBe(201);
    const otherId = (other.json() as { id: number }).id;
    const oneOf = (token: string, id: number) => reviewMarkupPaths.one(token, "E-101", "A", id);
    for (const [method, url, payload] of [
      ["PATCH", oneOf(mine.token, otherId), { version: 1, text: "mine" }],
      ["DELETE", `${oneOf(mine.token, otherId)}?version=1`, undefined],
      ["GET", reviewMarkupPaths.comments(mine.token, "E-101", "A", otherId), undefined],
      ["POST", reviewMarkupPaths.comments(mine.token, "E-101", "A", otherId), { text: "hello" }],
    ] as const) {
      const response = await t.app.inject({ method, url, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const listed = await t.app.inject({ method: "GET", url: reviewMarkupPaths.list(mine.token, "E-101", "A") });
    expect((listed.json() as { id: number }[]).map((one) => one.id)).toEqual([markup.id]);

    // The team sees both, each by its link; resolving is the firm's, not the client's.
    const staff = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/drawings/E-101/revisions/A/markups?author=client`,
      headers: member,
    });
    expect((staff.json() as { author: unknown }[]).map((one) => one.author)).toEqual([
      { kind: "client", name: "eor@client.example", transmittal: mine.number },
      { kind: "client", name: "fab@other.example", transmittal: theirs.number },
    ]);
    const resolving = await t.app.inject({
      method: "PATCH",
      url: oneOf(mine.token, markup.id),
      payload: { version: 1, status: "resolved" },
    });
    expect(resolving.statusCode).toBe(400);
    // The client's markup is audited with its recipient as the actor.
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(like(auditLog.summary, `%in review ${mine.number}%`));
    expect(entry).toMatchObject({ actor: "eor@client.example", action: "markup.create" });
  });

  it("changes at the version read until the review is sent, which the log then counts with it", async () => {
    const review = await send(["E-102"], "eor@client.example");
    const url = reviewMarkupPaths.list(review.token, "E-102", "A");
    const made = markupSchema.parse((await t.app.inject({ method: "POST", url, payload: cloud })).json());
    const one = `${url}/${made.id}`;
    const moved = await t.app.inject({ method: "PATCH", url: one, payload: { version: 1, text: "Moved" } });
    expect(moved.statusCode, moved.body).toBe(200);
    const stale = await t.app.inject({ method: "PATCH", url: one, payload: { version: 1, text: "Again" } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { id: made.id, text: "Moved", version: 2 } });
    const said = await t.app.inject({ method: "POST", url: `${one}/comments`, payload: { text: "Please check" } });
    expect(said.statusCode, said.body).toBe(201);
    expect(said.json()).toMatchObject({ author: { kind: "client", transmittal: review.number } });

    const submitted = await t.app.inject({
      method: "POST",
      url: `/api/review/${review.token}`,
      payload: { responses: [{ number: "E-102", response: "reviseResubmit" }] },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await t.app.inject({ method: "POST", url, payload: cloud })).statusCode).toBe(409);
    expect((await t.app.inject({ method: "PATCH", url: one, payload: { version: 2, text: "x" } })).statusCode).toBe(
      409,
    );
    expect((await t.app.inject({ method: "DELETE", url: `${one}?version=2` })).statusCode).toBe(409);
    expect((await t.app.inject({ method: "POST", url: `${one}/comments`, payload: { text: "x" } })).statusCode).toBe(
      409,
    );
    const log = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/transmittals/${review.number}`,
      headers: member,
    });
    expect(transmittalSchema.parse(log.json()).sheets).toMatchObject([{ number: "E-102", markupsDrawn: 1 }]);
  });
});
