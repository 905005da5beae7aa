// The process survives a failure injected into each layer: the STOMP codec, the protocol layer, a
// send handler, the database under a send, broker delivery, output, a session timer, and an HTTP
// route, hook and query. Each failure ends only its own session or request (logged with context),
// the bystanders keep chatting, HTTP keeps answering, and nothing escapes as an unhandled
// rejection or uncaught exception. A write the database refuses midway through its transaction
// (a quote request's change or note, an application's erasure, a site picture or its details, a list's order) leaves nothing
// half written.
import { randomBytes } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { chatDestinations } from "../../shared/chat.ts";
import { sitePaths } from "../../shared/site-content.ts";
import { siteImagePaths } from "../../shared/site-images.ts";
import { adminToken, authHeader } from "../../test/helpers/factories.ts";
import { multipart } from "../../test/helpers/multipart.ts";
import { submitApplication, submitQuoteRequest } from "../../test/helpers/public-form-submissions.ts";
import {
  RawClient,
  type RealtimeTestApp,
  type StompTestClient,
  staffUser,
  startApp,
  stompClient,
  waitFor,
} from "../../test/helpers/realtime.ts";
import { samples } from "../../test/helpers/sample-files.ts";
import { tusRequest, uploadMetadata } from "../../test/helpers/tus.ts";
import type { Db } from "../db/client.ts";
import {
  applicationActivity,
  applicationNotes,
  auditLog,
  jobApplications,
  quoteRequestActivity,
  quoteRequestNotes,
  quoteRequests,
  receivedFiles,
  sharedFiles,
  siteImages,
  siteItems,
} from "../db/schema.ts";
import { Connection } from "../realtime/connection.ts";
import { FrameDecoder } from "../realtime/stomp/decode.ts";
import { header } from "../realtime/stomp/frame.ts";
import { StompProtocol } from "../realtime/stomp/protocol.ts";

const escaped: unknown[] = [];
const onUnhandled = (reason: unknown) => escaped.push(reason);
const onUncaught = (error: unknown) => escaped.push(error);

let t: RealtimeTestApp;
const logs: Record<string, unknown>[] = [];
let alice: StompTestClient;
let bob: StompTestClient;
let bobName: string;
let bobInbox: { messages: { body: string }[] };
let admin: string;

/** Anything else in this file that spies on a prototype is undone after each test. */
afterEach(() => vi.restoreAllMocks());

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  process.on("uncaughtException", onUncaught);
  t = await startApp(
    // Heart-beats every 100 ms for a client that asks for them (the bystanders ask for 10 s).
    { broker: "memory", session: { heartBeatMs: 100 } },
    {
      logger: {
        level: "error",
        stream: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
      },
      beforeReady: (app) => {
        const test = { config: { access: "public" as const }, schema: { hide: true } };
        app.get("/api/test/throws", test, () => {
          throw new TypeError("injected: a route that throws");
        });
        app.get("/api/test/rejects", test, async () => {
          await Promise.resolve();
          throw new RangeError("injected: a route that rejects");
        });
        app.get(
          "/api/test/hook",
          {
            ...test,
            preHandler: async () => {
              throw new Error("injected: a hook that throws");
            },
          },
          async () => ({ ok: true }),
        );
      },
    },
  );
  const [a, b] = [await staffUser(t), await staffUser(t)];
  bobName = b.username;
  alice = await stompClient(t.url, a);
  bob = await stompClient(t.url, b);
  bobInbox = await bob.subscribe(chatDestinations.privateQueue(b.username));
  admin = await adminToken(t);
});

afterAll(async () => {
  await alice?.close();
  await bob?.close();
  await t?.close();
  process.off("unhandledRejection", onUnhandled);
  process.off("uncaughtException", onUncaught);
});

let probes = 0;
/** The bystanders still chat and HTTP still answers. */
async function stillServing() {
  const content = `probe ${++probes}`;
  expect(await alice.send(chatDestinations.sendPrivate, { recipient: bobName, content })).toBe("done");
  await waitFor(() => bobInbox.messages.some((message) => message.body.includes(`"${content}"`)), 5_000, content);
  expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  expect(escaped).toEqual([]);
}

/** The error-level log lines since `from` that mention `text`. */
const loggedSince = (from: number, text: string) =>
  logs.slice(from).filter((line) => JSON.stringify(line).includes(text));

/**
 * Sends a SEND with a known receipt and checks the outcome once a later frame's RECEIPT proves the
 * SEND was handled (frames are handled in order): "done" if its RECEIPT came, else "refused".
 */
async function sendAndSettle(client: RawClient, destination: string, body: string): Promise<"done" | "refused"> {
  const receipt = `send-${++probes}`;
  client.sendFrame("SEND", { destination, receipt }, body);
  expect(await client.request("UNSUBSCRIBE", { id: "none" })).toBe("done");
  return client.frames.some((frame) => header(frame, "receipt-id") === receipt) ? "done" : "refused";
}

/** A raw, connected victim session subscribed to its errors queue. */
async function victim() {
  const user = await staffUser(t);
  const { client } = await RawClient.connect(t.url, user.token);
  await client.request("SUBSCRIBE", { id: "errors", destination: chatDestinations.errorsQueue });
  return { client, user };
}

describe("a failure injected into the realtime layers ends only its own session", () => {
  it("the frame decoder (codec)", async () => {
    const { client } = await victim();
    const from = logs.length;
    vi.spyOn(FrameDecoder.prototype, "push").mockImplementationOnce(() => {
      throw new TypeError("injected: decoder bug");
    });
    client.sendFrame("SEND", { destination: chatDestinations.sendPrivate }, "{}");
    const error = await client.next((frame) => frame.command === "ERROR");
    expect(header(error, "message")).toBe("Internal server error");
    expect((await client.waitClosed()).code).toBe(1011);
    expect(loggedSince(from, "injected: decoder bug")[0]).toMatchObject({ context: "reading a frame" });
    await stillServing();
  });

  it("the protocol layer (a frame's handling rejects)", async () => {
    const { client } = await victim();
    const from = logs.length;
    // biome-ignore lint/suspicious/noExplicitAny: reaching a private method to inject the fault
    vi.spyOn(StompProtocol.prototype as any, "execute").mockRejectedValueOnce(new Error("injected: protocol bug"));
    client.sendFrame("SUBSCRIBE", { id: "x", destination: "/user/queue/private", receipt: "r1" });
    const error = await client.next((frame) => frame.command === "ERROR");
    expect(header(error, "message")).toBe("Internal server error");
    expect((await client.waitClosed()).code).toBe(1011);
    expect(loggedSince(from, "injected: protocol bug")[0]).toMatchObject({ command: "SUBSCRIBE" });
    await stillServing();
  });

  it("a send handler that throws: refused, no RECEIPT, the session stays", async () => {
    t.app.realtime.register({
      name: "test",
      sends: {
        "/app/test.throws": () => {
          throw new TypeError("injected: handler bug");
        },
      },
    });
    const { client } = await victim();
    expect(await sendAndSettle(client, "/app/test.throws", "{}")).toBe("refused");
    expect(client.closed).toBeUndefined();
    await stillServing();
    client.close();
  });

  it("the database refusing a message's write: refused, no RECEIPT, nothing delivered, then it recovers", async () => {
    const { client, user } = await victim();
    // biome-ignore lint/suspicious/noExplicitAny: reaching a private method to inject the fault
    vi.spyOn(t.app.chat.writer as any, "writeBatch").mockRejectedValueOnce(new Error("injected: database refuses"));
    const content = "written while the database refuses";
    expect(
      await sendAndSettle(client, chatDestinations.sendPrivate, JSON.stringify({ recipient: bobName, content })),
    ).toBe("refused");
    const history = await t.app.inject({
      method: "GET",
      url: `/api/chat/private/history?user1=${user.username}&user2=${bobName}&page=0&size=20`,
      headers: authHeader(user.token),
    });
    expect(history.body).not.toContain(content);
    expect(bobInbox.messages.some((message) => message.body.includes(content))).toBe(false);
    // The same send, now that the database answers again, is stored and acknowledged.
    const again = JSON.stringify({ recipient: bobName, content: `${content}, again` });
    expect(await sendAndSettle(client, chatDestinations.sendPrivate, again)).toBe("done");
    await stillServing();
    client.close();
  });

  it("delivery from the broker", async () => {
    const { client, user } = await victim();
    await client.request("SUBSCRIBE", { id: "private", destination: "/user/queue/private" });
    const from = logs.length;
    // biome-ignore lint/suspicious/noExplicitAny: reaching a private method to inject the fault
    vi.spyOn(Connection.prototype as any, "deliver").mockImplementationOnce(() => {
      throw new TypeError("injected: delivery bug");
    });
    await t.app.realtime.publishToUser(user.username, "/queue/private", { hello: true });
    expect((await client.waitClosed()).code).toBe(1011);
    expect(loggedSince(from, "injected: delivery bug")[0]).toMatchObject({ context: "delivering a user message" });
    await stillServing();
  });

  it("writing to the socket", async () => {
    const { client } = await victim();
    const from = logs.length;
    // biome-ignore lint/suspicious/noExplicitAny: reaching a private method to inject the fault
    vi.spyOn(Connection.prototype as any, "flushOutbox").mockImplementationOnce(() => {
      throw new TypeError("injected: output bug");
    });
    client.sendFrame("SUBSCRIBE", { id: "late", destination: "/user/queue/private", receipt: "r2" });
    expect((await client.waitClosed()).code).toBe(1011);
    expect(loggedSince(from, "injected: output bug")[0]).toMatchObject({ context: "writing" });
    await stillServing();
  });

  it("a session timer", async () => {
    const from = logs.length;
    const user = await staffUser(t);
    const original = (Connection.prototype as unknown as { write: (data: Uint8Array | string) => void }).write;
    // The heart-beat timer's write fails, on the victim's session only.
    // biome-ignore lint/suspicious/noExplicitAny: reaching a private method to inject the fault
    const spy = vi.spyOn(Connection.prototype as any, "write").mockImplementation(function (
      this: Connection,
      data: unknown,
    ) {
      if (data === "\n" && this.user?.username === user.username) throw new TypeError("injected: timer bug");
      return original.call(this, data as string);
    });
    const { client } = await RawClient.connect(t.url, user.token, { "heart-beat": "0,100" });
    expect((await client.waitClosed()).code).toBe(1011);
    expect(spy).toHaveBeenCalled();
    expect(loggedSince(from, "injected: timer bug")[0]).toMatchObject({ context: "a timer" });
    await stillServing();
  });
});

describe("a failure injected into an HTTP request ends only that request", () => {
  it.each([
    ["a route that throws", "/api/test/throws"],
    ["a route that rejects", "/api/test/rejects"],
    ["a hook that throws", "/api/test/hook"],
  ])("%s: 500 {message}, logged with the request id, no stack", async (_, url) => {
    const from = logs.length;
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: "Something went wrong on our side. Please try again.",
      requestId: response.headers["x-request-id"],
    });
    expect(response.body).not.toMatch(/injected|at |\.ts:/);
    const line = loggedSince(from, "injected")[0];
    expect(line).toMatchObject({ msg: "request failed" });
    expect(line?.reqId).toBeDefined();
    await stillServing();
  });

  it("the database refusing a query: 500 for that request, the next one is answered", async () => {
    const refusing = vi.spyOn(t.app.db, "select").mockImplementation(() => {
      throw new Error("injected: connection refused");
    });
    const refused = await t.app.inject({ method: "GET", url: "/api/admin/employees", headers: authHeader(admin) });
    refusing.mockRestore();
    expect(refused.statusCode).toBe(500);
    expect(refused.body).not.toContain("injected");
    const answered = await t.app.inject({ method: "GET", url: "/api/admin/employees", headers: authHeader(admin) });
    expect(answered.statusCode).toBe(200);
    await stillServing();
  });
});

/**
 * Makes the database refuse the first insert into `table` made in a transaction from now on, after
 * the transaction's earlier writes went through: the failure lands midway, where only the rollback
 * keeps them out. Undone by mockRestore (and after each test).
 */
function refuseInsertInto(table: PgTable) {
  const db = t.app.db;
  const transaction = db.transaction.bind(db);
  let refused = false;
  const refusing = (tx: Db) =>
    new Proxy(tx, {
      get(target, key) {
        if (key === "insert") {
          return (into: PgTable) => {
            if (into === table && !refused) {
              refused = true;
              throw new Error("injected: the database refuses the write");
            }
            return target.insert(into);
          };
        }
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const spy = vi
    .spyOn(db, "transaction")
    .mockImplementation((work, config) => transaction((tx) => work(refusing(tx) as typeof tx), config));
  return { spy, refused: () => refused };
}

/** Sends `request` while the insert into `table` is refused: 500 {message}, no detail, logged. */
async function refusedAt(table: PgTable, request: InjectOptions) {
  const from = logs.length;
  const refusal = refuseInsertInto(table);
  const refused = await t.app.inject(request);
  refusal.spy.mockRestore();
  expect(refusal.refused(), "the injected failure was reached").toBe(true);
  expect(refused.statusCode).toBe(500);
  expect(refused.json()).toEqual({
    message: "Something went wrong on our side. Please try again.",
    requestId: refused.headers["x-request-id"],
  });
  expect(refused.body).not.toMatch(/injected|at |\.ts:/);
  expect(loggedSince(from, "injected: the database refuses")[0]).toMatchObject({ msg: "request failed" });
}

/** A PDF (by content) unlike any other, so its stored bytes are known. */
const uniquePdf = () => Buffer.concat([samples.pdf, randomBytes(2048)]);
/** The bytes the store holds under `namespace/name`; undefined when there is no such object. */
const stored = async (namespace: string, name: string | null | undefined) => {
  if (!name) return undefined;
  const object = await t.app.storage.objects.get(`${namespace}/${name}`);
  return object && (await buffer(object.body));
};
const auditEntries = () => t.app.db.select().from(auditLog).orderBy(auditLog.id);

describe("a write the database refuses midway leaves nothing half written, and the same request then succeeds", () => {
  /** A quote request's row, notes, timeline and file, and the audit log. */
  const quoteState = async (id: number) => {
    const [row] = await t.app.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    return {
      row,
      notes: await t.app.db.select().from(quoteRequestNotes).where(eq(quoteRequestNotes.quoteRequestId, id)),
      activity: await t.app.db
        .select()
        .from(quoteRequestActivity)
        .where(eq(quoteRequestActivity.quoteRequestId, id))
        .orderBy(quoteRequestActivity.id),
      audit: await auditEntries(),
      file: await stored("quotes", row?.fileKey),
    };
  };

  /** An application's row, notes, timeline and CV, and the audit log. */
  const applicationState = async (id: number) => {
    const [row] = await t.app.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    return {
      row,
      notes: await t.app.db.select().from(applicationNotes).where(eq(applicationNotes.applicationId, id)),
      activity: await t.app.db
        .select()
        .from(applicationActivity)
        .where(eq(applicationActivity.applicationId, id))
        .orderBy(applicationActivity.id),
      audit: await auditEntries(),
      file: await stored("resumes", row?.resumeKey),
    };
  };

  it.each([
    ["its timeline line", quoteRequestActivity],
    ["its audit entry", auditLog],
  ])("a quote request's PATCH, refused at %s", async (_, table) => {
    const file = uniquePdf();
    const id = await submitQuoteRequest(t, file);
    const before = await quoteState(id);
    expect(before.file).toEqual(file);
    const request: InjectOptions = {
      method: "PATCH",
      url: `/api/contact/${id}`,
      headers: authHeader(admin),
      payload: { version: 0, status: "contacted" },
    };
    await refusedAt(table, request);
    expect(await quoteState(id)).toEqual(before);

    const answered = await t.app.inject(request);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ version: 1, status: "contacted" });
    const after = await quoteState(id);
    expect(after.row).toMatchObject({ version: 1, status: "contacted" });
    expect(after.activity.slice(before.activity.length).map((line) => line.kind)).toEqual(["status"]);
    expect(after.audit.slice(before.audit.length).map((entry) => entry.action)).toEqual(["quote.update"]);
    expect(after.file).toEqual(file);
    await stillServing();
  });

  it.each([
    ["the note itself", quoteRequestNotes],
    ["its audit entry", auditLog],
  ])("a note on a quote request, refused at %s", async (_, table) => {
    const file = uniquePdf();
    const id = await submitQuoteRequest(t, file);
    const before = await quoteState(id);
    const text = "Called back: wants the stairs priced apart.";
    const request: InjectOptions = {
      method: "POST",
      url: `/api/contact/${id}/notes`,
      headers: authHeader(admin),
      payload: { text },
    };
    await refusedAt(table, request);
    expect(await quoteState(id)).toEqual(before);

    const answered = await t.app.inject(request);
    expect(answered.statusCode, answered.body).toBe(201);
    const after = await quoteState(id);
    expect(after.notes.map((note) => note.text)).toEqual([text]);
    expect(after.row).toEqual(before.row);
    expect(after.activity.slice(before.activity.length).map((line) => line.kind)).toEqual(["note"]);
    expect(after.audit.slice(before.audit.length).map((entry) => entry.action)).toEqual(["quote.note"]);
    expect(after.file).toEqual(file);
    await stillServing();
  });

  it.each([
    ["its timeline line", applicationActivity],
    ["its audit entry", auditLog],
  ])("an application's erasure, refused at %s", async (_, table) => {
    const cv = uniquePdf();
    const id = await submitApplication(t, cv);
    // A note, so that the erasure's deleting it is one of the writes to roll back.
    const note = await t.app.inject({
      method: "POST",
      url: `/api/applications/${id}/notes`,
      headers: authHeader(admin),
      payload: { text: "Strong on connections." },
    });
    expect(note.statusCode, note.body).toBe(201);
    const before = await applicationState(id);
    expect(before.file).toEqual(cv);
    expect(before.notes).toHaveLength(1);
    const request: InjectOptions = { method: "POST", url: `/api/applications/${id}/erase`, headers: authHeader(admin) };
    await refusedAt(table, request);
    expect(await applicationState(id)).toEqual(before);

    const answered = await t.app.inject(request);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ name: "", email: "", resumePath: null, erasedAt: expect.any(String) });
    const after = await applicationState(id);
    expect(after.row).toMatchObject({ name: "", resumeKey: null, version: (before.row?.version ?? 0) + 1 });
    expect(after.notes).toEqual([]);
    expect(after.activity.slice(before.activity.length).map((line) => line.kind)).toEqual(["erased"]);
    expect(after.audit.slice(before.audit.length).map((entry) => entry.action)).toEqual(["application.erase"]);
    expect(await stored("resumes", before.row?.resumeKey)).toBeUndefined();
    await stillServing();
  });
});

/** The keys of the site's pictures and their encoded files in the store. */
const siteObjects = async () => {
  const found: string[] = [];
  for (const prefix of ["site-images/", "site-media/"]) {
    for await (const object of t.app.storage.objects.list(prefix)) found.push(object.key);
  }
  return found.sort();
};
/** What a picture's write may touch: the rows, the audit log, the stored files. */
const pictureState = async () => ({
  images: await t.app.db.select().from(siteImages).orderBy(siteImages.id),
  audit: await auditEntries(),
  objects: await siteObjects(),
});

describe("a site picture whose row the database refuses leaves no file, and the same upload then succeeds", () => {
  it.each([
    ["its row", siteImages],
    ["its audit entry", auditLog],
  ])("refused at %s", async (_, table) => {
    const request = (): InjectOptions => {
      const body = multipart([
        { name: "alt", value: "A bracing detail" },
        { name: "file", value: samples.png, fileName: "brace.png", contentType: "image/png" },
      ]);
      return {
        method: "POST",
        url: "/api/admin/site/images",
        headers: { ...authHeader(admin), ...body.headers },
        payload: body.payload,
      };
    };
    const before = await pictureState();
    await refusedAt(table, request());
    expect(await pictureState()).toEqual(before);

    const answered = await t.app.inject(request());
    expect(answered.statusCode, answered.body).toBe(201);
    const after = await pictureState();
    expect(after.images).toHaveLength(before.images.length + 1);
    expect(after.audit.slice(before.audit.length).map((entry) => entry.action)).toEqual(["site.edit"]);
    // The original and its encoded files (one width of each format for a 1 px picture, and the whole).
    expect(after.objects.length - before.objects.length).toBe(4);
    await stillServing();
  });
});

describe("a picture's new details whose audit entry the database refuses stay as they were, and the same change then lands", () => {
  it("refused at its audit entry, with a new focal point: the new crop's files are made, then removed", async () => {
    const wide = await sharp({ create: { width: 1200, height: 400, channels: 3, background: "#3b6e8f" } })
      .png()
      .toBuffer();
    const body = multipart([
      { name: "alt", value: "A portal frame" },
      { name: "focalX", value: "0.1" },
      { name: "file", value: wide, fileName: "portal.png", contentType: "image/png" },
    ]);
    const uploaded = await t.app.inject({
      method: "POST",
      url: siteImagePaths.images,
      headers: { ...authHeader(admin), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id } = uploaded.json() as { id: string };
    const request = (): InjectOptions => ({
      method: "PATCH",
      url: siteImagePaths.image(id),
      headers: authHeader(admin),
      payload: { alt: "The portal frame from the east", focalX: 0.9, read: { alt: "A portal frame", focalX: 0.1 } },
    });
    const before = await pictureState();
    await refusedAt(auditLog, request());
    expect(await pictureState()).toEqual(before);

    const answered = await t.app.inject(request());
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ alt: "The portal frame from the east", focalX: 0.9 });
    const after = await pictureState();
    expect(after.audit.slice(before.audit.length).map((entry) => entry.action)).toEqual(["site.edit"]);
    // The new crop's files beside the old crop's (a published page may still show those).
    expect(after.objects.length).toBeGreaterThan(before.objects.length);
    await stillServing();
  });
});

describe("a list's new order whose audit entry the database refuses stays as it was, and the same order then lands", () => {
  const orderState = async () => ({
    items: await t.app.db
      .select({ id: siteItems.id, draftPosition: siteItems.draftPosition, position: siteItems.position })
      .from(siteItems)
      .where(eq(siteItems.collection, "keyNumbers"))
      .orderBy(siteItems.id),
    audit: await auditEntries(),
  });

  it("refused at its audit entry", async () => {
    const content = await t.app.inject({ url: sitePaths.adminContent, headers: authHeader(admin) });
    const expected = (content.json() as { keyNumbers: { id: string }[] }).keyNumbers.map((item) => item.id);
    expect(expected.length).toBeGreaterThan(1);
    const ids = [...expected.slice(1), expected[0]];
    const request = (): InjectOptions => ({
      method: "PUT",
      url: sitePaths.order("keyNumbers"),
      headers: authHeader(admin),
      payload: { ids, expected },
    });
    const before = await orderState();
    await refusedAt(auditLog, request());
    expect(await orderState()).toEqual(before);

    const answered = await t.app.inject(request());
    expect(answered.statusCode, answered.body).toBe(200);
    expect((answered.json() as { id: string }[]).map((item) => item.id)).toEqual(ids);
    const after = await orderState();
    expect(after.audit.slice(before.audit.length).map((entry) => entry.action)).toEqual(["site.edit"]);
    await stillServing();
  });
});

describe("a resumable upload whose end the database refuses keeps its parts, and the last PATCH then succeeds", () => {
  const base = () => `http://127.0.0.1:${t.port}`;
  const keys = async (namespace: string) => {
    const found: string[] = [];
    for await (const object of t.app.storage.objects.list(`${namespace}/`)) found.push(object.key);
    return found.sort();
  };
  const state = async () => ({
    shares: await t.app.db.select().from(sharedFiles).orderBy(sharedFiles.id),
    received: await t.app.db.select().from(receivedFiles).orderBy(receivedFiles.id),
    audit: await auditEntries(),
    stored: [...(await keys("shares")), ...(await keys("requests"))],
  });

  /** Begins an upload of `data` and sends its first half; the upload's address. */
  async function halfUploaded(data: Buffer, headers: Record<string, string>, metadata: Record<string, string>) {
    const created = await tusRequest(`${base()}/api/uploads/`, "POST", {
      ...headers,
      "upload-length": String(data.length),
      "upload-metadata": uploadMetadata(metadata),
    });
    expect(created.status, created.body).toBe(201);
    const url = `${base()}${String(created.headers.location)}`;
    const half = data.length / 2;
    const first = await tusRequest(
      url,
      "PATCH",
      { ...headers, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      data.subarray(0, half),
    );
    expect(first.status, first.body).toBe(204);
    return url;
  }

  const lastPatch = (url: string, data: Buffer, headers: Record<string, string>) =>
    tusRequest(
      url,
      "PATCH",
      { ...headers, "content-type": "application/offset+octet-stream", "upload-offset": String(data.length / 2) },
      data.subarray(data.length / 2),
    );

  async function refusedThenAnswered(
    table: PgTable,
    data: Buffer,
    headers: Record<string, string>,
    metadata: Record<string, string>,
  ) {
    const url = await halfUploaded(data, headers, metadata);
    const before = await state();
    const parts = await keys("uploads");
    const refusal = refuseInsertInto(table);
    const refused = await lastPatch(url, data, headers);
    refusal.spy.mockRestore();
    expect(refusal.refused(), "the injected failure was reached").toBe(true);
    expect(refused.status).toBe(500);
    expect(JSON.parse(refused.body)).toEqual({
      message: "The upload could not be stored. Please try again.",
      requestId: refused.headers["x-request-id"],
    });
    // Nothing of the end is kept: no row, no audit entry, no file; the first half's part stays.
    expect(await state()).toEqual(before);
    expect(await keys("uploads")).toEqual(parts);
    const head = await tusRequest(url, "HEAD", headers);
    expect(head.headers["upload-offset"]).toBe(String(data.length / 2));

    const answered = await lastPatch(url, data, headers);
    expect(answered.status, answered.body).toBe(200);
    expect(await keys("uploads")).toEqual([]);
    return { before, after: await state(), body: JSON.parse(answered.body) as Record<string, unknown> };
  }

  it("a share's, refused at its audit entry", async () => {
    const data = randomBytes(200_000);
    const { before, after, body } = await refusedThenAnswered(auditLog, data, authHeader(admin), {
      filename: "shop-drawings.zip",
      expiryMinutes: "60",
    });
    expect(body).toMatchObject({ fileName: "shop-drawings.zip", size: data.length });
    expect(after.shares).toHaveLength(before.shares.length + 1);
    expect(after.audit.slice(before.audit.length).map((entry) => entry.action)).toEqual(["share.create"]);
    const token = new URL(String(body.fileUrl)).pathname.split("/").pop();
    expect(await stored("shares", token)).toEqual(data);
    await stillServing();
  });

  it("a file request's, refused at the received file's row", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/file-requests",
      headers: authHeader(admin),
      payload: { title: "Fault drawings", expiryHours: 2 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = new URL((created.json() as { url: string }).url).pathname.split("/").pop() ?? "";
    const data = randomBytes(200_000);
    const { before, after, body } = await refusedThenAnswered(
      receivedFiles,
      data,
      {},
      { token, filename: "model.ifc" },
    );
    expect(body).toMatchObject({ fileName: "model.ifc", size: data.length });
    expect(after.received).toHaveLength(before.received.length + 1);
    expect(await stored("requests", after.received.at(-1)?.key)).toEqual(data);
    await stillServing();
  });
});
