/**
 * Chat attachments (DESIGN §5): 50 MB, SPEC types by content, readable only by the uploader and
 * the participants of the messages that carry them, by bearer token or by the http-only cookie
 * that `<img>` previews use.
 */
import { existsSync, readdirSync } from "node:fs";
import { connect as tcpConnect } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ChatMessage, chatDestinations, chatLimits, chatPaths } from "../../../shared/chat.ts";
import type { UploadResult } from "../../../shared/chat-attachments.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { multipart } from "../../../test/helpers/multipart.ts";
import {
  type RealtimeTestApp,
  type StompTestClient,
  startApp,
  stompClient,
  uniquePrefix,
  waitFor,
  waitForAsync,
} from "../../../test/helpers/realtime.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { storesInS3 } from "../../../test/helpers/storage.ts";
import { chatRefusals } from "./service.ts";

const database = await createTestDatabase();
let t: RealtimeTestApp;
interface Person {
  username: string;
  token: string;
}
let alice: Person;
let bob: Person;
let carol: Person;
let admin: Person;
const clients: StompTestClient[] = [];

async function person(): Promise<Person> {
  const { employee, token } = await employeeSession(t);
  return { username: employee.username, token };
}

function upload(who: Person | undefined, file: Buffer, fileName: string, contentType = "application/octet-stream") {
  const body = multipart([{ name: "file", value: file, fileName, contentType }]);
  return t.app.inject({
    method: "POST",
    url: chatPaths.upload,
    headers: { ...body.headers, ...(who ? authHeader(who.token) : {}) },
    payload: body.payload,
  });
}

async function uploaded(who: Person, file: Buffer, fileName: string): Promise<UploadResult> {
  const response = await upload(who, file, fileName);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const fetchFile = (url: string, who?: Person, cookie?: string) =>
  t.app.inject({
    method: "GET",
    url,
    headers: { ...(who ? authHeader(who.token) : {}), ...(cookie ? { cookie } : {}) },
  });

async function connect(who: Person) {
  const client = await stompClient(t.url, who);
  clients.push(client);
  const errors = await client.subscribe(chatDestinations.errorsQueue);
  return { client, errors };
}

/** The names of the attachments in the store, as the store itself tells (on disk or in S3). */
async function storedFiles(): Promise<string[]> {
  const names: string[] = [];
  for await (const object of t.app.storage.objects.list("chat/")) names.push(object.key.slice("chat/".length));
  return names.sort();
}

/** On disk, the temporary files of puts under way or cut off (and of their types); S3 keeps none to see. */
function temporaryFiles(): string[] {
  if (storesInS3()) return [];
  const dir = path.join(t.dataDir, "files", "chat");
  return [dir, path.join(dir, ".types")]
    .filter((folder) => existsSync(folder))
    .flatMap((folder) => readdirSync(folder).filter((name) => name.startsWith(".upload-")));
}

beforeAll(async () => {
  t = await startApp({ redisKeyPrefix: uniquePrefix("chat-attachments") }, { database });
  [alice, bob, carol] = [await person(), await person(), await person()];
  admin = { username: "admin", token: await adminToken(t) };
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t?.close();
  await database.close();
});

describe("POST /upload", () => {
  it("stores an accepted file and answers {fileUrl, fileType, fileName}, the type decided by content", async () => {
    // Named .txt and declared text/plain, but it is a PNG.
    const result = await uploaded(alice, samples.png, "../../etc/site plan.txt");
    expect(result.fileUrl).toMatch(/^\/api\/chat\/files\/[A-Za-z0-9_-]{32}$/);
    expect(result).toMatchObject({ fileType: "image/png", fileName: "site plan.txt" });
    const key = result.fileUrl.slice(chatPaths.chatFilesPrefix.length);
    expect(await storedFiles()).toContain(key);
    expect(await t.app.storage.objects.stat(`chat/${key}`)).toMatchObject({ size: samples.png.length });
    for (const [file, name, type] of [
      [samples.pdf, "spec.pdf", "application/pdf"],
      [samples.docx, "rfi.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      [samples.zip, "model.zip", "application/zip"],
      [samples.text, "notes.txt", "text/plain; charset=utf-8"],
      [Buffer.from("export const beam = { depth: 305 };\n"), "beam.ts", "text/plain; charset=utf-8"],
      [samples.cfb, "old.xls", "application/octet-stream"],
    ] as const) {
      expect((await uploaded(alice, file, name)).fileType, name).toBe(type);
    }
  });

  it("refuses executables and unknown binary content (415), empty or missing files (400), and strangers (401)", async () => {
    const before = await storedFiles();
    for (const [file, name] of [
      [samples.exe, "photo.png"],
      [samples.elf, "notes.txt"],
      [Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 0, 7, 8]), "data.bin"],
    ] as const) {
      const response = await upload(alice, file, name);
      expect(response.statusCode, name).toBe(415);
      expect(response.json().message).toMatch(/cannot be sent/);
    }
    expect((await upload(alice, Buffer.alloc(0), "empty.txt")).statusCode).toBe(400);
    const noFile = multipart([{ name: "note", value: "hi" }]);
    const missing = await t.app.inject({
      method: "POST",
      url: chatPaths.upload,
      headers: { ...noFile.headers, ...authHeader(alice.token) },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect((await upload(undefined, samples.png, "x.png")).statusCode).toBe(401);
    expect(await storedFiles()).toEqual(before);
    expect(temporaryFiles()).toEqual([]);
  });

  it("enforces 50 MB: one byte more is a 413 and leaves nothing behind", async () => {
    const before = await storedFiles();
    const big = Buffer.alloc(chatLimits.maxAttachmentBytes + 1, 0x41);
    const response = await upload(alice, big, "huge.txt");
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/50 MB/);
    expect(await storedFiles()).toEqual(before);
    expect(temporaryFiles()).toEqual([]);
    const exact = await upload(alice, Buffer.alloc(chatLimits.maxAttachmentBytes, 0x41), "limit.txt");
    expect(exact.statusCode).toBe(201);
  });

  it("an upload the client cuts off half-way leaves nothing in the store, and the server goes on answering", async () => {
    const before = await storedFiles();
    // A PNG head, so the upload passes the first check and is being written when the client goes.
    const file = Buffer.concat([samples.png, Buffer.alloc(2 * 1024 * 1024, 0x41)]);
    const form = multipart([{ name: "file", value: file, fileName: "cut.png", contentType: "image/png" }]);
    const body = form.payload as Buffer;
    // Calls through: it only tells when the store starts writing this upload and how that ends.
    const put = vi.spyOn(t.app.storage.objects, "put");
    try {
      const socket = tcpConnect(t.port, "127.0.0.1");
      socket.on("error", () => {});
      await new Promise<void>((resolve) => socket.once("connect", resolve));
      socket.write(
        [
          `POST ${chatPaths.upload} HTTP/1.1`,
          "Host: localhost",
          `Authorization: Bearer ${alice.token}`,
          `Content-Type: ${form.headers["content-type"]}`,
          `Content-Length: ${body.length}`,
          "",
          "",
        ].join("\r\n"),
      );
      socket.write(body.subarray(0, body.length / 2));
      await waitFor(
        () => put.mock.calls.some(([key]) => key.startsWith("chat/")),
        10_000,
        "the store to start writing",
      );
      const writing = put.mock.results.at(-1)?.value as Promise<unknown>;
      socket.destroy();
      // Whether the cut-off put fails or completes (to be removed by the route), it must end.
      await Promise.race([
        writing.catch(() => undefined),
        new Promise((_, reject) => setTimeout(() => reject(new Error("the cut-off put never ended")), 10_000)),
      ]);
    } finally {
      put.mockRestore();
    }
    await waitForAsync(
      async () => JSON.stringify(await storedFiles()) === JSON.stringify(before) && temporaryFiles().length === 0,
      10_000,
      "the cut-off upload to leave nothing behind",
    );
    expect(await storedFiles()).toEqual(before);
    expect(temporaryFiles()).toEqual([]);

    // The next upload, over a new connection, goes through.
    const next = multipart([{ name: "file", value: samples.png, fileName: "after.png", contentType: "image/png" }]);
    const response = await fetch(`http://127.0.0.1:${t.port}${chatPaths.upload}`, {
      method: "POST",
      headers: { ...next.headers, ...authHeader(alice.token) },
      body: new Uint8Array(next.payload),
    });
    expect(response.status).toBe(201);
    const { fileUrl } = (await response.json()) as UploadResult;
    expect(await storedFiles()).toEqual([...before, fileUrl.slice(chatPaths.chatFilesPrefix.length)].sort());
  });
});

describe("reading attachments", () => {
  it("serves an inline image with a single Range (206, those bytes), its headers kept", async () => {
    const { fileUrl } = await uploaded(alice, samples.png, "elevation.png");
    const part = await t.app.inject({
      method: "GET",
      url: fileUrl,
      headers: { ...authHeader(alice.token), range: "bytes=0-9" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-9/${samples.png.length}`);
    expect(part.headers["content-length"]).toBe("10");
    expect(part.rawPayload.equals(samples.png.subarray(0, 10))).toBe(true);
    expect(part.headers["content-type"]).toBe("image/png");
    expect(part.headers["content-disposition"]).toMatch(/^inline/);
    expect(part.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(part.headers["x-content-type-options"]).toBe("nosniff");

    const whole = await fetchFile(fileUrl, alice);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.rawPayload.equals(samples.png)).toBe(true);
    const past = await t.app.inject({
      method: "GET",
      url: fileUrl,
      headers: { ...authHeader(alice.token), range: `bytes=${samples.png.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${samples.png.length}`);
    // The Range does not get round the access rule.
    expect(
      (await t.app.inject({ method: "GET", url: fileUrl, headers: { ...authHeader(bob.token), range: "bytes=0-9" } }))
        .statusCode,
    ).toBe(403);
  });

  it("only the uploader reads an attachment nobody has been sent", async () => {
    const { fileUrl } = await uploaded(alice, samples.png, "draft.png");
    expect((await fetchFile(fileUrl, alice)).statusCode).toBe(200);
    expect((await fetchFile(fileUrl, bob)).statusCode).toBe(403);
    expect((await fetchFile(fileUrl, admin)).statusCode).toBe(403);
    expect((await fetchFile(fileUrl)).statusCode).toBe(401);
    expect((await fetchFile(`${chatPaths.chatFilesPrefix}not-a-key`, alice)).statusCode).toBe(404);
  });

  it("a private message opens it to its recipient, with the cookie <img> uses, and to nobody else", async () => {
    const { fileUrl } = await uploaded(alice, samples.png, "connection detail.png");
    const a = await connect(alice);
    const queue = await a.client.subscribe(chatDestinations.privateQueue(alice.username));
    // The client's fileType and fileName are ignored: the server's record of the upload wins.
    await a.client.send(chatDestinations.sendPrivate, {
      recipient: bob.username,
      content: "",
      fileUrl,
      fileType: "text/html",
      fileName: "evil.html",
    });
    await waitFor(() => queue.messages.length === 1, 5_000, "the echo");
    const message = queue.json()[0] as ChatMessage;
    expect(message).toMatchObject({ fileUrl, fileType: "image/png", fileName: "connection detail.png" });
    expect(message.content).toBe("connection detail.png");

    const byToken = await fetchFile(fileUrl, bob);
    expect(byToken.statusCode).toBe(200);
    expect(byToken.headers["content-type"]).toBe("image/png");
    expect(byToken.headers["x-content-type-options"]).toBe("nosniff");
    expect(byToken.headers["content-disposition"]).toMatch(/^inline/);
    expect(byToken.rawPayload.equals(samples.png)).toBe(true);

    // The browser's way: a cookie set once per session, sent only to the attachments' path.
    const session = await t.app.inject({
      method: "POST",
      url: chatPaths.attachmentSession,
      headers: authHeader(bob.token),
    });
    expect(session.statusCode).toBe(204);
    const setCookie = String(session.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toContain(`Path=${chatPaths.chatFilesPrefix}`);
    const cookie = setCookie.split(";")[0]!;
    expect((await fetchFile(fileUrl, undefined, cookie)).statusCode).toBe(200);

    const carolSession = await t.app.inject({
      method: "POST",
      url: chatPaths.attachmentSession,
      headers: authHeader(carol.token),
    });
    const carolCookie = String(carolSession.headers["set-cookie"]).split(";")[0]!;
    expect((await fetchFile(fileUrl, undefined, carolCookie)).statusCode).toBe(403);
    expect((await fetchFile(fileUrl, carol)).statusCode).toBe(403);
    // The cookie never authorizes a state change.
    const post = await t.app.inject({ method: "POST", url: chatPaths.attachmentSession, headers: { cookie } });
    expect(post.statusCode).toBe(401);
  });

  it("a group message opens it to the group's members and admins", async () => {
    const group = (
      await t.app.inject({
        method: "POST",
        url: chatPaths.createGroup,
        headers: authHeader(admin.token),
        payload: { name: "Files", members: [bob.username] },
      })
    ).json() as { id: number };
    const text = await uploaded(bob, samples.html, "page.html");
    const b = await connect(bob);
    await b.client.send(chatDestinations.sendGroup, {
      groupId: group.id,
      content: "see attached",
      fileUrl: text.fileUrl,
    });
    const forAdmin = await fetchFile(text.fileUrl, admin);
    expect(forAdmin.statusCode).toBe(200);
    // Markup is only ever plain text to download, never a page.
    expect(forAdmin.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(forAdmin.headers["content-disposition"]).toMatch(/^attachment/);
    expect(forAdmin.headers["content-security-policy"]).toContain("sandbox");
    expect((await fetchFile(text.fileUrl, carol)).statusCode).toBe(403);
  });

  it("one cannot send someone else's upload, nor a URL that is not ours", async () => {
    const { fileUrl } = await uploaded(alice, samples.pdf, "private.pdf");
    const c = await connect(carol);
    await c.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: "look", fileUrl });
    await c.client.send(chatDestinations.sendPrivate, {
      recipient: bob.username,
      content: "look",
      fileUrl: "https://evil.example/x.png",
    });
    await waitFor(() => c.errors.messages.length === 2, 5_000, "two refusals");
    expect(c.errors.json().map((e) => (e as { message: string }).message)).toEqual([
      chatRefusals.badAttachment,
      chatRefusals.badAttachment,
    ]);
    expect((await fetchFile(fileUrl, carol)).statusCode).toBe(403);
    expect((await fetchFile(fileUrl, bob)).statusCode).toBe(403);
  });
});

describe("deleting a group", () => {
  it("deletes the attachments only its messages carried, rows and files; one also sent privately stays", async () => {
    const group = (
      await t.app.inject({
        method: "POST",
        url: chatPaths.createGroup,
        headers: authHeader(admin.token),
        payload: { name: "Short-lived", members: [alice.username, bob.username] },
      })
    ).json() as { id: number };
    const onlyHere = await uploaded(alice, samples.pdf, "only-here.pdf");
    const alsoPrivate = await uploaded(alice, samples.png, "also-private.png");
    const a = await connect(alice);
    for (const { fileUrl } of [onlyHere, alsoPrivate]) {
      await a.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "", fileUrl });
    }
    await a.client.send(chatDestinations.sendPrivate, {
      recipient: bob.username,
      content: "",
      fileUrl: alsoPrivate.fileUrl,
    });
    const keyOf = (fileUrl: string) => fileUrl.slice(chatPaths.chatFilesPrefix.length);
    expect(await storedFiles()).toEqual(expect.arrayContaining([keyOf(onlyHere.fileUrl), keyOf(alsoPrivate.fileUrl)]));

    const deleted = await t.app.inject({
      method: "DELETE",
      url: chatPaths.deleteGroup(group.id),
      headers: authHeader(admin.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await storedFiles()).not.toContain(keyOf(onlyHere.fileUrl));
    expect((await fetchFile(onlyHere.fileUrl, alice)).statusCode).toBe(404);
    expect(await storedFiles()).toContain(keyOf(alsoPrivate.fileUrl));
    expect((await fetchFile(alsoPrivate.fileUrl, bob)).statusCode).toBe(200);
  });
});
