// DESIGN §18 markups as data (decision 068): the team marks up a sheet revision in the PDF's points,
// each kind with its own geometry; hostile geometry, pages, colours and texts are 400s naming the
// field; a stale version is a 409 answering the markup as it is now; another project's markup is
// not there; the 501st markup of a revision is refused; each change is audited and reaches a
// colleague looking at the same sheet over STOMP within a second.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Markup, markupDestinations, markupEventSchema, markupSchema } from "../../../shared/markups.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { createProject, jobNumbers, uploadSheets } from "../../../test/helpers/projects.ts";
import {
  type RealtimeTestApp,
  type StompTestClient,
  startApp,
  stompClient,
  uniquePrefix,
  waitFor,
} from "../../../test/helpers/realtime.ts";
import { auditLog, drawingRevisions, drawings, markups, projects } from "../../db/schema.ts";

const newJob = jobNumbers("MK");
const cloud = { kind: "cloud", page: 1, geometry: { x: 100, y: 200, width: 300, height: 150 }, color: "#E53935" };

describe("markups", () => {
  let t: RealtimeTestApp;
  let admin: Record<string, string>;
  type Person = { headers: Record<string, string>; username: string; id: number; token: string };
  let alice: Person;
  let bob: Person;
  let outsider: Person;
  let job: string;
  let otherJob: string;
  const clients: StompTestClient[] = [];
  const person = async (): Promise<Person> => {
    const { employee, token } = await employeeSession(t);
    return { headers: authHeader(token), username: employee.username, id: employee.id, token };
  };
  beforeAll(async () => {
    t = await startApp({ redisKeyPrefix: uniquePrefix("markups") });
    admin = authHeader(await adminToken(t));
    [alice, bob, outsider] = [await person(), await person(), await person()];
    job = await createProject(t, admin, newJob(), [alice.username, bob.username]);
    otherJob = await createProject(t, admin, newJob(), [outsider.username]);
    await uploadSheets(t, job, alice.headers, ["E-101", "E-102"]);
    await uploadSheets(t, otherJob, outsider.headers, ["E-101"]);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await t?.close();
  });

  const path = (j: string, number = "E-101", revision = "A") =>
    `/api/projects/${j}/drawings/${number}/revisions/${revision}/markups`;
  const post = (body: unknown, who = alice.headers, url = path(job)) =>
    t.app.inject({ method: "POST", url, headers: who, payload: body as object });
  const list = async (query = "", who = alice.headers) => {
    const response = await t.app.inject({ method: "GET", url: `${path(job)}${query}`, headers: who });
    expect(response.statusCode, response.body).toBe(200);
    return markupSchema.array().parse(response.json());
  };
  const made = async (body: unknown, who = alice.headers, url = path(job)): Promise<Markup> => {
    const response = await post(body, who, url);
    expect(response.statusCode, response.body).toBe(201);
    return markupSchema.parse(response.json());
  };
  const errorsOf = (response: { statusCode: number; body: string; json(): unknown }) => {
    expect(response.statusCode, response.body).toBe(400);
    return (response.json() as { errors?: Record<string, string> }).errors ?? {};
  };

  it("keeps each kind's geometry as sent, lists them by author and status, and audits every change", async () => {
    const first = await made({ ...cloud, text: "Check this connection.\nBolt size?" });
    expect(first).toMatchObject({
      sheet: "E-101",
      revision: "A",
      page: 1,
      kind: "cloud",
      geometry: cloud.geometry,
      color: "#e53935",
      text: "Check this connection.\nBolt size?",
      author: { kind: "staff", id: alice.id, name: alice.username },
      status: "open",
      resolvedBy: null,
      comments: 0,
      version: 1,
    });
    const arrow = await made(
      { kind: "arrow", page: 2, geometry: { from: { x: -10.5, y: 20 }, to: { x: 300, y: 400.25 } }, color: "#000000" },
      bob.headers,
    );
    const callout = await made({
      kind: "callout",
      page: 1,
      geometry: { x: 10, y: 10, width: 80, height: 30, anchor: { x: 200, y: 210 } },
      color: "#1e88e5",
      text: "W10x33",
    });
    const stroke = Array.from({ length: 2000 }, (_, i) => [i / 10, Math.sin(i) * 50] as [number, number]);
    const ink = await made({
      kind: "ink",
      page: 1,
      geometry: {
        strokes: [
          stroke,
          [
            [0, 0],
            [1, 1],
          ],
        ],
      },
      color: "#43a047",
    });
    expect(ink.geometry).toEqual({
      strokes: [
        stroke,
        [
          [0, 0],
          [1, 1],
        ],
      ],
    });
    expect((await list()).map((markup) => markup.id)).toEqual([first.id, arrow.id, callout.id, ink.id]);
    expect((await list(`?author=${bob.id}`)).map((markup) => markup.id)).toEqual([arrow.id]);
    expect(await list("?author=client")).toEqual([]);

    const resolve = await t.app.inject({
      method: "PATCH",
      url: `${path(job)}/${first.id}`,
      headers: bob.headers,
      payload: { version: 1, status: "resolved" },
    });
    expect(resolve.statusCode, resolve.body).toBe(200);
    expect(markupSchema.parse(resolve.json())).toMatchObject({
      status: "resolved",
      resolvedBy: { kind: "staff", id: bob.id, name: bob.username },
      version: 2,
    });
    expect((await list("?status=resolved")).map((markup) => markup.id)).toEqual([first.id]);
    expect((await list("?status=open", admin)).map((markup) => markup.id)).toEqual([arrow.id, callout.id, ink.id]);

    const moved = await t.app.inject({
      method: "PATCH",
      url: `${path(job)}/${callout.id}`,
      headers: alice.headers,
      payload: {
        version: 1,
        geometry: { x: 20, y: 20, width: 80, height: 30, anchor: { x: 5, y: 5 } },
        text: "W12x40",
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ text: "W12x40", geometry: { anchor: { x: 5, y: 5 } }, version: 2 });
    const removed = await t.app.inject({
      method: "DELETE",
      url: `${path(job)}/${arrow.id}?version=1`,
      headers: bob.headers,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await list()).map((markup) => markup.id)).toEqual([first.id, callout.id, ink.id]);

    const entries = await t.app.db
      .select({ actor: auditLog.actor, action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.target, `project:${job}`));
    const actions = entries.filter((entry) => entry.action.startsWith("markup."));
    expect(actions.map((entry) => [entry.actor, entry.action])).toEqual([
      [alice.username, "markup.create"],
      [bob.username, "markup.create"],
      [alice.username, "markup.create"],
      [alice.username, "markup.create"],
      [bob.username, "markup.update"],
      [alice.username, "markup.update"],
      [bob.username, "markup.delete"],
    ]);
    expect(actions[0]?.summary).toBe(`Marked up E-101 rev A (cloud ${first.id}, page 1) in ${job}`);
  });

  it("refuses hostile geometry, pages, colours, texts and kinds with a 400 naming the field", async () => {
    const big = { ...cloud, geometry: { ...cloud.geometry, x: 14_401 } };
    expect(errorsOf(await post(big))).toHaveProperty(["geometry.x"]);
    const infinite = await t.app.inject({
      method: "POST",
      url: path(job),
      headers: { ...alice.headers, "content-type": "application/json" },
      payload: '{"kind":"cloud","page":1,"geometry":{"x":1e400,"y":0,"width":1,"height":1},"color":"#000000"}',
    });
    expect(errorsOf(infinite)).toHaveProperty(["geometry.x"]);
    const notANumber = await t.app.inject({
      method: "POST",
      url: path(job),
      headers: { ...alice.headers, "content-type": "application/json" },
      payload: '{"kind":"cloud","page":1,"geometry":{"x":NaN,"y":0,"width":1,"height":1},"color":"#000000"}',
    });
    expect(notANumber.statusCode).toBe(400);
    expect(errorsOf(await post({ ...cloud, geometry: { ...cloud.geometry, width: -1 } }))).toHaveProperty([
      "geometry.width",
    ]);
    expect(errorsOf(await post({ ...cloud, geometry: { ...cloud.geometry, x: 14_000, width: 1000 } }))).toHaveProperty([
      "geometry",
    ]);
    expect(errorsOf(await post({ ...cloud, page: -1 }))).toHaveProperty(["page"]);
    expect(errorsOf(await post({ ...cloud, page: 0 }))).toHaveProperty(["page"]);
    expect(errorsOf(await post({ ...cloud, page: 1.5 }))).toHaveProperty(["page"]);
    expect(errorsOf(await post({ ...cloud, color: "red" }))).toHaveProperty(["color"]);
    expect(errorsOf(await post({ ...cloud, text: "x".repeat(2001) }))).toHaveProperty(["text"]);
    expect(errorsOf(await post({ ...cloud, kind: "star" }))).toHaveProperty(["kind"]);
    // A line with a box, a cloud with two points: each kind takes its own shape.
    expect(errorsOf(await post({ ...cloud, kind: "line" }))).toHaveProperty(["geometry.from"]);
    expect(errorsOf(await post({ ...cloud, geometry: { from: { x: 0, y: 0 }, to: { x: 1, y: 1 } } }))).toHaveProperty([
      "geometry.x",
    ]);
    const long = Array.from({ length: 2001 }, (_, i) => [i, i]);
    expect(errorsOf(await post({ ...cloud, kind: "ink", geometry: { strokes: [long] } }))).toHaveProperty([
      "geometry.strokes.0",
    ]);
    const nul = await post({ ...cloud, text: "bad\u0000text" });
    expect(nul.statusCode).toBe(400);
    const [one] = await list();
    const reshaped = await t.app.inject({
      method: "PATCH",
      url: `${path(job)}/${one!.id}`,
      headers: alice.headers,
      payload: { version: one!.version, geometry: { from: { x: 0, y: 0 }, to: { x: 1, y: 1 } } },
    });
    expect(errorsOf(reshaped).geometry).toMatch(/^Not the geometry of a cloud/);
    expect((await list()).find((markup) => markup.id === one!.id)).toEqual(one);
  });

  it("answers a stale version with a 409 holding the markup as it is now, and lets only its author or an admin reshape it", async () => {
    const markup = await made(cloud);
    const url = `${path(job)}/${markup.id}`;
    const changed = await t.app.inject({
      method: "PATCH",
      url,
      headers: alice.headers,
      payload: { version: 1, color: "#00ff00" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const stale = await t.app.inject({
      method: "PATCH",
      url,
      headers: alice.headers,
      payload: { version: 1, text: "x" },
    });
    expect(stale.statusCode).toBe(409);
    expect(markupSchema.parse((stale.json() as { current: unknown }).current)).toMatchObject({
      id: markup.id,
      color: "#00ff00",
      text: "",
      version: 2,
    });
    const staleDelete = await t.app.inject({ method: "DELETE", url: `${url}?version=1`, headers: alice.headers });
    expect(staleDelete.statusCode).toBe(409);
    expect(staleDelete.json()).toMatchObject({ current: { id: markup.id, version: 2 } });

    const byBob = await t.app.inject({
      method: "PATCH",
      url,
      headers: bob.headers,
      payload: { version: 2, text: "no" },
    });
    expect(byBob.statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: `${url}?version=2`, headers: bob.headers })).statusCode).toBe(
      403,
    );
    const byAdmin = await t.app.inject({ method: "PATCH", url, headers: admin, payload: { version: 2, text: "ok" } });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await t.app.inject({ method: "DELETE", url, headers: alice.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "DELETE", url: `${url}?version=3`, headers: admin })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "DELETE", url: `${url}?version=3`, headers: admin })).statusCode).toBe(404);
  });

  it("shows nothing of a project to anyone off its team, nor another project's markup through this one's path", async () => {
    const theirs = await made(cloud, outsider.headers, path(otherJob));
    expect((await post(cloud, outsider.headers)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: path(job), headers: outsider.headers })).statusCode).toBe(404);
    for (const [method, url, payload] of [
      ["PATCH", `${path(job)}/${theirs.id}`, { version: 1, text: "mine now" }],
      ["DELETE", `${path(job)}/${theirs.id}?version=1`, undefined],
      ["GET", `${path(job)}/${theirs.id}/comments`, undefined],
      ["POST", `${path(job)}/${theirs.id}/comments`, { text: "hello" }],
      ["PATCH", `${path(job, "E-102")}/${theirs.id}`, { version: 1, status: "resolved" }],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: admin, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await t.app.inject({ method: "GET", url: path(job, "E-101", "B"), headers: alice.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: `${path(job)}/99999999999999999999/comments`, headers: alice.headers }))
        .statusCode,
    ).toBe(400);
  });

  it("keeps a thread per markup, and refuses the 501st markup of a revision naming the limit", async () => {
    const markup = await made(cloud, alice.headers, path(job, "E-102"));
    const comments = `${path(job, "E-102")}/${markup.id}/comments`;
    const said = await t.app.inject({
      method: "POST",
      url: comments,
      headers: bob.headers,
      payload: { text: "Agreed" },
    });
    expect(said.statusCode, said.body).toBe(201);
    expect(
      errorsOf(await t.app.inject({ method: "POST", url: comments, headers: bob.headers, payload: { text: " " } })),
    ).toHaveProperty(["text"]);
    const thread = await t.app.inject({ method: "GET", url: comments, headers: alice.headers });
    expect(thread.json()).toMatchObject([{ author: { kind: "staff", id: bob.id }, text: "Agreed" }]);
    const onSheet = await t.app.inject({ method: "GET", url: path(job, "E-102"), headers: alice.headers });
    expect(onSheet.json()).toMatchObject([{ id: markup.id, comments: 1 }]);

    const [sheet] = await t.app.db
      .select({ drawingId: drawings.id, revisionId: drawingRevisions.id })
      .from(drawingRevisions)
      .innerJoin(drawings, eq(drawings.id, drawingRevisions.drawingId))
      .innerJoin(projects, eq(projects.id, drawings.projectId))
      .where(and(eq(projects.job, job), eq(drawings.number, "E-102")));
    await t.app.db.insert(markups).values(
      Array.from({ length: 498 }, () => ({
        ...sheet!,
        page: 1,
        kind: "rectangle" as const,
        geometry: cloud.geometry,
        color: "#000000",
        authorId: alice.id,
        authorName: alice.username,
      })),
    );
    const last = await post(cloud, bob.headers, path(job, "E-102"));
    expect(last.statusCode, last.body).toBe(201);
    const over = await post(cloud, bob.headers, path(job, "E-102"));
    expect(errorsOf(over)).toEqual({ markups: "At most 500 markups on one sheet revision" });
    expect(over.json()).toMatchObject({ message: "A sheet revision takes at most 500 markups." });
  });

  it("tells a colleague on the same sheet revision of each change within a second, and no one off the team", async () => {
    const watcher = await stompClient(t.url, bob);
    const stranger = await stompClient(t.url, outsider);
    clients.push(watcher, stranger);
    const errors = await stranger.subscribe("/user/queue/errors");
    const refused = await stranger.subscribe(markupDestinations.sheet(job, "E-101", "A"));
    expect(refused.refused).toBe(true);
    expect(errors.json()).toMatchObject([{ code: "NOT_FOUND" }]);
    const told = await watcher.subscribe("/user/queue/errors");
    const seen = await watcher.subscribe(markupDestinations.sheet(job, "E-101", "A"));
    expect(seen.refused).toBe(false);

    let started = Date.now();
    const markup = await made(cloud);
    await waitFor(() => seen.messages.length === 1, 1_000, "the created markup, live");
    const createdWithin = Date.now() - started;
    expect(markupEventSchema.parse(seen.json()[0])).toEqual({ type: "created", markup });
    started = Date.now();
    await t.app.inject({
      method: "PATCH",
      url: `${path(job)}/${markup.id}`,
      headers: alice.headers,
      payload: { version: 1, text: "moved" },
    });
    await waitFor(() => seen.messages.length === 2, 1_000, "the changed markup, live");
    expect(seen.json()[1]).toMatchObject({ type: "updated", markup: { id: markup.id, text: "moved", version: 2 } });
    await t.app.inject({ method: "DELETE", url: `${path(job)}/${markup.id}?version=2`, headers: alice.headers });
    await waitFor(() => seen.messages.length === 3, 1_000, "the deleted markup, live");
    expect(seen.json()[2]).toEqual({ type: "deleted", id: markup.id });
    expect(createdWithin).toBeLessThan(1_000);

    // Taken off the team, a colleague's subscription ends (the topic's rule is the project's).
    const project = await t.app.inject({ method: "GET", url: `/api/projects/${job}`, headers: admin });
    const { version } = project.json() as { version: number };
    const off = await t.app.inject({
      method: "PATCH",
      url: `/api/projects/${job}`,
      headers: admin,
      payload: { version, team: [alice.username] },
    });
    expect(off.statusCode, off.body).toBe(200);
    await waitFor(() => told.messages.length === 1, 5_000, "the revocation");
    expect(told.json()).toMatchObject([{ code: "REVOKED", destination: markupDestinations.sheet(job, "E-101", "A") }]);
  });
});
