/**
 * Search everything (DESIGN §15) against the real app, database and chat: each kind finds what it
 * should, and never what the caller may not read now (per kind: quote requests and applications
 * for admins, quote requests assigned to an employee for them, erased applications never, people while active, messages only in the caller's
 * conversations, not after leaving a group or a deletion), with the query's refusals.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatMessage, chatDestinations, chatPaths } from "../../../shared/chat.ts";
import type { ChatGroup } from "../../../shared/chat-groups.ts";
import { type SearchKind, type SearchResult, searchResultSchema } from "../../../shared/search.ts";
import { type ChatPerson, call, chatClients, chatPerson, expectJson } from "../../../test/helpers/chat.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken } from "../../../test/helpers/factories.ts";
import { createProject, uploadSheets } from "../../../test/helpers/projects.ts";
import { submitApplication, submitQuoteRequest } from "../../../test/helpers/public-form-submissions.ts";
import { type RealtimeTestApp, startApp, uniquePrefix, waitFor } from "../../../test/helpers/realtime.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { jobApplications, quoteRequests, users } from "../../db/schema.ts";

const database = await createTestDatabase();
let t: RealtimeTestApp;
let admin: ChatPerson;
let employee: ChatPerson;
const clients = chatClients(() => t.url);

beforeAll(async () => {
  t = await startApp({ redisKeyPrefix: uniquePrefix("search") }, { database });
  admin = { id: 0, username: "admin", password: "", token: await adminToken(t) };
  employee = await chatPerson(t);
});
afterAll(async () => {
  await clients.closeAll();
  await t?.close();
  await database.close();
});

const search = async (who: { token: string }, query: string): Promise<SearchResult> =>
  searchResultSchema.parse(await expectJson(t, "GET", `/api/search?${query}`, who));
const itemsOf = (result: SearchResult, kind: SearchKind) =>
  result.groups.find((group) => group.kind === kind)?.items ?? [];
const word = () => `w${randomBytes(4).toString("hex")}`;

describe("search everything", () => {
  it("finds quote requests and applications for admins, by reference, company or name; employees only the requests assigned to them", async () => {
    const quoteId = await submitQuoteRequest(t, samples.pdf);
    const [quote] = await t.app.db.select().from(quoteRequests).where(eq(quoteRequests.id, quoteId));
    const applicationId = await submitApplication(t, samples.pdf);

    const byReference = await search(admin, `q=${quote!.reference}`);
    expect(itemsOf(byReference, "quoteRequest")).toEqual([
      {
        id: quoteId,
        title: `${quote!.reference} · Steelworks & Sons`,
        subtitle: "Dana Fabricator · Steelworks & Sons · New",
        url: `/staff/quotes/${quote!.reference}`,
      },
    ]);
    const byName = await search(admin, "q=ravi%20modeler&kinds=application");
    expect(byName.groups.map((group) => group.kind)).toEqual(["application"]);
    expect(itemsOf(byName, "application")[0]).toEqual({
      id: applicationId,
      title: "Ravi Modeler",
      subtitle: "Open application · New",
      url: `/staff/applications/${applicationId}`,
    });

    for (const query of [`q=${quote!.reference}`, "q=ravi&kinds=application,quoteRequest", "q=steelworks"]) {
      const result = await search(employee, query);
      expect(itemsOf(result, "quoteRequest"), query).toEqual([]);
      expect(itemsOf(result, "application"), query).toEqual([]);
    }

    // Assigned to the employee, it is theirs to find (decision 043); unassigned, it is gone again.
    const assign = async (assignee: string | null, version: number) =>
      expectJson<{ version: number }>(t, "PATCH", `/api/contact/${quoteId}`, admin, 200, { version, assignee });
    const assigned = await assign(employee.username, quote!.version);
    expect(itemsOf(await search(employee, `q=${quote!.reference}`), "quoteRequest").map((i) => i.id)).toEqual([
      quoteId,
    ]);
    expect(itemsOf(await search(employee, "q=ravi&kinds=application"), "application")).toEqual([]);
    await assign(null, assigned.version);
    expect(itemsOf(await search(employee, `q=${quote!.reference}`), "quoteRequest")).toEqual([]);

    // Erased: what it was found by is gone, and so is the result.
    expect((await call(t, "POST", `/api/applications/${applicationId}/erase`, admin)).statusCode).toBeLessThan(300);
    const [erased] = await t.app.db.select().from(jobApplications).where(eq(jobApplications.id, applicationId));
    expect(erased!.erasedAt).not.toBeNull();
    expect(itemsOf(await search(admin, "q=ravi&kinds=application"), "application").map((i) => i.id)).not.toContain(
      applicationId,
    );
  });

  it("finds active people for everyone, opening the people page for admins and a private chat for employees", async () => {
    const tag = word();
    const person = await chatPerson(t, { name: `Marta ${tag}` });
    const asAdmin = itemsOf(await search(admin, `q=${tag}`), "person");
    expect(asAdmin).toEqual([
      {
        id: person.id,
        title: `Marta ${tag}`,
        subtitle: expect.stringMatching(new RegExp(`^@${person.username} · `)),
        url: `/staff/people?person=${encodeURIComponent(person.username)}`,
      },
    ]);
    const asEmployee = itemsOf(await search(employee, `q=${tag}&kinds=person`), "person");
    expect(asEmployee.map((item) => item.url)).toEqual([
      `/staff/chat/${encodeURIComponent(`private:${person.username}`)}`,
    ]);
    await t.app.db.update(users).set({ status: "disabled" }).where(eq(users.id, person.id));
    expect(itemsOf(await search(admin, `q=${tag}`), "person")).toEqual([]);
  });

  it("finds messages only in the caller's conversations now: not others' groups or privates, not after leaving, not deleted", async () => {
    const [ana, ben, cy] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const group = await expectJson<ChatGroup>(t, "POST", chatPaths.createGroup, admin, 201, {
      name: "Grid C",
      members: [ana.username, ben.username],
    });
    const tag = word();
    const { client, queue } = await clients.connect(ana);
    expect(await client.send(chatDestinations.sendGroup, { groupId: group.id, content: `beam ${tag} at grid C` })).toBe(
      "done",
    );
    expect(
      await client.send(chatDestinations.sendPrivate, { recipient: ben.username, content: `private ${tag} note` }),
    ).toBe("done");
    const privateMessage = await waitFor(() => queue.json()[0] as ChatMessage | undefined, 5_000, "the private copy");

    const anaHits = itemsOf(await search(ana, `q=${tag}&kinds=message`), "message");
    expect(anaHits.map((item) => item.subtitle.replace(/ · \d{4}-\d{2}-\d{2}$/, ""))).toEqual([
      `${ana.username} in private with ${ben.username}`,
      `${ana.username} in Grid C`,
    ]);
    expect(anaHits[0]).toMatchObject({
      id: privateMessage.id,
      title: `private ${tag} note`,
      url: `/staff/chat/${encodeURIComponent(`private:${ben.username}`)}?m=${privateMessage.id}`,
    });
    expect(anaHits[1]!.url).toBe(`/staff/chat/${encodeURIComponent(`group:${group.id}`)}?m=${anaHits[1]!.id}`);
    // Ben sees the private one from his side.
    expect(itemsOf(await search(ben, `q=${tag}`), "message").map((item) => item.url)).toContain(
      `/staff/chat/${encodeURIComponent(`private:${ana.username}`)}?m=${privateMessage.id}`,
    );
    // Cy is in neither conversation, nor is an admin who is not a member (the creator, admin, stays one).
    expect(itemsOf(await search(cy, `q=${tag}`), "message")).toEqual([]);
    const outsider = await chatPerson(t, { kind: "admin" });
    expect(itemsOf(await search(outsider, `q=${tag}&kinds=message`), "message")).toEqual([]);

    // Ben leaves the group: its message is no longer his to find; Ana deletes the private one.
    await expectJson(t, "PUT", chatPaths.groupMembers(group.id), admin, 200, { members: [ana.username] });
    expect(itemsOf(await search(ben, `q=${tag}`), "message").map((item) => item.id)).toEqual([privateMessage.id]);
    expect((await call(t, "DELETE", `/api/chat/messages/${privateMessage.id}`, ana)).statusCode).toBeLessThan(300);
    expect(itemsOf(await search(ben, `q=${tag}`), "message")).toEqual([]);
    expect(itemsOf(await search(ana, `q=${tag}`), "message").map((item) => item.title)).toEqual([
      `beam ${tag} at grid C`,
    ]);
  });

  it("finds drawings, transmittals and RFIs for whoever may read their project: admins and its team", async () => {
    const tag = word().toUpperCase();
    const adminHeaders = { authorization: `Bearer ${admin.token}` };
    const other = await chatPerson(t);
    // One project the employee is on, one they are not: the same words in each.
    const mine = await createProject(t, adminHeaders, `SE-${tag}`, [employee.username]);
    const theirs = await createProject(t, adminHeaders, `SO-${tag}`, [other.username]);
    for (const job of [mine, theirs]) {
      await uploadSheets(t, job, adminHeaders, ["E-101"]);
      await expectJson(t, "POST", `/api/projects/${job}/transmittals`, admin, 201, {
        purpose: "approval",
        sheets: [{ number: "E-101", revision: "A" }],
        message: `Anchor bolts ${tag} for approval`,
        recipients: ["eor@client.example"],
      });
      await expectJson(t, "POST", `/api/projects/${job}/rfis`, admin, 201, {
        subject: `Base plate ${tag}`,
        question: "Bolted or welded?",
        sheets: [],
        to: "eor@client.example",
        dueAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
    }

    const everything = await search(admin, `q=${tag}`);
    expect(
      itemsOf(everything, "drawing")
        .map((item) => item.url)
        .sort(),
    ).toEqual([`/staff/projects/${mine}`, `/staff/projects/${theirs}`].sort());
    expect(itemsOf(everything, "drawing")[0]).toMatchObject({ title: "E-101 · Sheet E-101" });
    expect(
      itemsOf(everything, "transmittal")
        .map((item) => item.url)
        .sort(),
    ).toEqual([`/staff/projects/${mine}?tab=transmittals`, `/staff/projects/${theirs}?tab=transmittals`].sort());
    expect(itemsOf(everything, "rfi").map((item) => item.title)).toEqual([
      `RFI-001 · Base plate ${tag}`,
      `RFI-001 · Base plate ${tag}`,
    ]);
    expect(
      itemsOf(everything, "rfi")
        .map((item) => item.url)
        .sort(),
    ).toEqual([`/staff/projects/${mine}?tab=rfis`, `/staff/projects/${theirs}?tab=rfis`].sort());

    // The team member finds their project's things only; by a sheet's number and job too.
    const asEmployee = await search(employee, `q=${tag}&kinds=drawing,transmittal,rfi`);
    expect(asEmployee.groups.map((group) => group.kind)).toEqual(["drawing", "transmittal", "rfi"]);
    for (const group of asEmployee.groups) {
      expect(
        group.items.map((item) => item.url.split("?")[0]),
        group.kind,
      ).toEqual([`/staff/projects/${mine}`]);
    }
    // Every word must match: a sheet's title and its job.
    expect(itemsOf(await search(employee, `q=sheet%20e-101%20${mine}&kinds=drawing`), "drawing")).toHaveLength(1);
    expect(itemsOf(await search(employee, `q=${theirs}`), "drawing")).toEqual([]);
  });

  it("keeps to the kinds and the limit asked for, groups in a fixed order, and matches every word", async () => {
    const tag = word();
    for (let i = 0; i < 3; i++) await chatPerson(t, { name: `Limit ${tag} ${i}` });
    expect(itemsOf(await search(admin, `q=${tag}&limit=2`), "person")).toHaveLength(2);
    expect(itemsOf(await search(admin, `q=${tag}%20limit`), "person")).toHaveLength(3);
    expect((await search(admin, `q=${tag}%20nomatch`)).groups).toEqual([]);
    expect((await search(admin, `q=${tag}&kinds=message,quoteRequest`)).groups).toEqual([]);
    const both = await search(admin, "q=a&limit=1");
    const order = ["quoteRequest", "application", "project", "drawing", "transmittal", "rfi", "person", "message"];
    expect(both.groups.map((group) => order.indexOf(group.kind))).toEqual(
      [...both.groups.map((group) => order.indexOf(group.kind))].sort((a, b) => a - b),
    );
    // LIKE's wildcards are plain characters.
    expect(itemsOf(await search(admin, "q=%25%25%25"), "person")).toEqual([]);
  });

  it("refuses a query that is empty, too long, of an unknown kind or limit, and anyone signed out", async () => {
    for (const query of [
      "",
      "q=",
      "q=%20%20",
      `q=${"x".repeat(201)}`,
      "q=a&kinds=",
      "q=a&kinds=secrets",
      "q=a&kinds=person,,message",
      "q=a&limit=0",
      "q=a&limit=21",
      "q=a&limit=x",
    ]) {
      const response = await call(t, "GET", `/api/search?${query}`, employee);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toEqual(expect.any(String));
    }
    expect((await t.app.inject({ url: "/api/search?q=a" })).statusCode).toBe(401);
  });
});
