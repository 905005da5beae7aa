// DESIGN §18 a client marks up a transmittal's sheets on the review page, through the review's own
// token (decision 068): only that transmittal's sheets at the revision sent, only its own markups;
// a token never reaches another transmittal's markup; a protected link wants its key; the markups
// are part of the response (the log counts them) and stop changing once it is sent.
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markupSchema, reviewMarkupPaths } from "../../../shared/markups.ts";
import { transmittalSchema } from "../../../shared/transmittals.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { createProject, jobNumbers, uploadSheets } from "../../../test/helpers/projects.ts";
import { auditLog } from "../../db/schema.ts";

const newJob = jobNumbers("RM");
const cloud = { kind: "cloud", page: 1, geometry: { x: 10, y: 20, width: 30, height: 40 }, color: "#ff0000" };

describe("a client's markups on the review page", () => {
  let t: TestApp;
  let member: Record<string, string>;
  let job: string;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = authHeader(await adminToken(t));
    const { employee, token } = await employeeSession(t);
    member = authHeader(token);
    job = await createProject(t, admin, newJob(), [employee.username]);
    await uploadSheets(t, job, member, ["E-101", "E-102"]);
  });
  afterAll(async () => {
    await t?.close();
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
