/**
 * Web push (DESIGN §7): a message to a user with no connected session goes out as a push that a
 * local HTTPS push endpoint decrypts with the subscription's own keys (RFC 8291), as a browser
 * would. Hostile endpoints are refused; gone subscriptions are removed.
 */
import { execFileSync } from "node:child_process";
import { createDecipheriv, createECDH, createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer, type Server } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDestinations, chatPaths } from "../../../shared/chat.ts";
import type { MessagePushPayload, NoticePushPayload } from "../../../shared/chat-push.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken, authHeader, createEmployee, employeeSession, loginAs } from "../../../test/helpers/factories.ts";
import { multipart } from "../../../test/helpers/multipart.ts";
import { submitQuoteRequest } from "../../../test/helpers/public-form-submissions.ts";
import {
  type RealtimeTestApp,
  type StompTestClient,
  sleep,
  startApp,
  stompClient,
  uniquePrefix,
  waitFor,
  waitForAsync,
} from "../../../test/helpers/realtime.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { pushSubscriptions } from "../../db/schema.ts";
import { endpointProblem } from "./push.ts";

/** What a browser keeps for one push subscription: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: (endpoint: string) => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    }),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 / RFC 8188 aes128gcm decryption, as the browser does it. */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = hmac(hmac(keys.auth, shared), Buffer.concat([info, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("bad padding delimiter");
  return plain.subarray(0, end).toString("utf8");
}

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A push service on 127.0.0.1 over HTTPS with a throwaway certificate. `status` picks each answer. */
async function startPushService(status: (path: string) => number) {
  const dir = mkdtempSync(path.join(tmpdir(), "push-ca-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  const cert = readFileSync(path.join(dir, "cert.pem"));
  const key = readFileSync(path.join(dir, "key.pem"));
  rmSync(dir, { recursive: true, force: true });
  const received: Received[] = [];
  const server: Server = createServer({ cert, key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status(request.url ?? "")).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    origin: `https://127.0.0.1:${address.port}`,
    received,
    agent: new Agent({ ca: cert }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const database = await createTestDatabase();
let t: RealtimeTestApp;
let push: Awaited<ReturnType<typeof startPushService>>;
const clients: StompTestClient[] = [];

beforeAll(async () => {
  push = await startPushService((p) => (p.startsWith("/gone") ? 410 : 201));
  t = await startApp(
    { redisKeyPrefix: uniquePrefix("chat-push") },
    {
      database,
      chat: { push: { agent: push.agent, acceptEndpoint: (endpoint) => endpoint.startsWith(`${push.origin}/`) } },
    },
  );
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t?.close();
  await push?.close();
  await database.close();
});

async function person() {
  const { employee, token } = await employeeSession(t);
  return { username: employee.username, token };
}

const subscribe = (who: { username: string; token: string }, subscription: object, as = who.username) =>
  t.app.inject({
    method: "POST",
    url: chatPaths.pushSubscribe(as),
    headers: authHeader(who.token),
    payload: subscription,
  });

describe("web push", () => {
  it("gives the VAPID public key to staff only", async () => {
    const who = await person();
    const response = await t.app.inject({
      method: "GET",
      url: chatPaths.vapidPublicKey,
      headers: authHeader(who.token),
    });
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json();
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    expect((await t.app.inject({ method: "GET", url: chatPaths.vapidPublicKey })).statusCode).toBe(401);
  });

  it("refuses hostile endpoints and other users' subscriptions", async () => {
    const who = await person();
    const keys = browserKeys();
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://127.0.0.1/push",
      "https://localhost/push",
      "https://10.1.2.3/push",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/push",
      "https://[::ffff:127.0.0.1]/push",
      "https://metadata.internal/push",
      "https://push.example.com:8443/x",
      "https://user:pw@push.example.com/x",
      "file:///etc/passwd",
      "not a url",
    ]) {
      const response = await subscribe(who, keys.json(endpoint));
      expect(response.statusCode, endpoint).toBe(400);
    }
    const other = await person();
    expect(
      (await subscribe(who, keys.json("https://fcm.googleapis.com/fcm/send/abc"), other.username)).statusCode,
    ).toBe(403);
    const ok = await subscribe(who, keys.json("https://fcm.googleapis.com/fcm/send/abc"));
    expect(ok.statusCode).toBe(201);
    expect(endpointProblem("https://updates.push.services.mozilla.com/wpush/v2/x")).toBeUndefined();
  });

  it("pushes a message to a user with no connected session: sender and preview, never the attachment", async () => {
    const [alice, bob] = [await person(), await person()];
    const keys = browserKeys();
    expect((await subscribe(bob, keys.json(`${push.origin}/bob`))).statusCode).toBe(201);
    const sender = await stompClient(t.url, alice);
    clients.push(sender);

    const form = multipart([{ name: "file", value: samples.pdf, fileName: "erection plan.pdf" }]);
    const file = (
      await t.app.inject({
        method: "POST",
        url: chatPaths.upload,
        headers: { ...form.headers, ...authHeader(alice.token) },
        payload: form.payload,
      })
    ).json();
    await sender.send(chatDestinations.sendPrivate, {
      recipient: bob.username,
      content: `Level 3 is ready. ${"More details follow. ".repeat(20)}`,
      fileUrl: file.fileUrl,
    });
    const delivery = await waitFor(() => push.received.find((r) => r.path === "/bob"), 10_000, "the push");
    expect(delivery.headers["content-encoding"]).toBe("aes128gcm");
    expect(String(delivery.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
    const payload = JSON.parse(decrypt(delivery.body, keys)) as MessagePushPayload;
    expect(payload).toMatchObject({ title: alice.username, chat: { kind: "user", username: alice.username } });
    expect(payload.body.startsWith("Level 3 is ready.")).toBe(true);
    expect(payload.body.length).toBeLessThanOrEqual(120);
    expect(JSON.stringify(payload)).not.toContain(file.fileUrl);
    expect(typeof payload.messageId).toBe("number");
  });

  it("does not push to a user who is connected", async () => {
    const [alice, bob] = [await person(), await person()];
    expect((await subscribe(bob, browserKeys().json(`${push.origin}/online-bob`))).statusCode).toBe(201);
    const online = await stompClient(t.url, bob);
    clients.push(online);
    const sender = await stompClient(t.url, alice);
    clients.push(sender);
    await sender.send(chatDestinations.sendPrivate, { recipient: bob.username, content: "You are here." });
    await sleep(500);
    expect(push.received.filter((r) => r.path === "/online-bob")).toHaveLength(0);
  });

  it("pushes group messages to offline members, and removes subscriptions the push service says are gone", async () => {
    const [carol, dave] = [await person(), await person()];
    const endpoint = `${push.origin}/gone-dave`;
    expect((await subscribe(dave, browserKeys().json(endpoint))).statusCode).toBe(201);
    const adminLogin = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "admin", password: "admin-password-1", role: "admin" },
    });
    const group = (
      await t.app.inject({
        method: "POST",
        url: chatPaths.createGroup,
        headers: authHeader(adminLogin.json().token),
        payload: { name: "Night shift", members: [carol.username, dave.username] },
      })
    ).json();
    const sender = await stompClient(t.url, carol);
    clients.push(sender);
    await sender.send(chatDestinations.sendGroup, { groupId: group.id, content: "Checking sheet 12" });
    await waitFor(() => push.received.find((r) => r.path === "/gone-dave"), 10_000, "the push");
    await waitForAsync(
      async () =>
        (await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).length === 0,
      5_000,
      "the gone subscription to be removed",
    );
  });

  it("tells an offline member they were @mentioned, and the others only who wrote where", async () => {
    const [erin, frank, gina] = [await person(), await person(), await person()];
    const frankKeys = browserKeys();
    const ginaKeys = browserKeys();
    expect((await subscribe(frank, frankKeys.json(`${push.origin}/frank`))).statusCode).toBe(201);
    expect((await subscribe(gina, ginaKeys.json(`${push.origin}/gina`))).statusCode).toBe(201);
    const admin = await adminToken(t);
    const group = (
      await t.app.inject({
        method: "POST",
        url: chatPaths.createGroup,
        headers: authHeader(admin),
        payload: { name: "Shop drawings", members: [erin.username, frank.username, gina.username] },
      })
    ).json();
    const sender = await stompClient(t.url, erin);
    clients.push(sender);
    await sender.send(chatDestinations.sendGroup, {
      groupId: group.id,
      content: `@${frank.username.toUpperCase()} can you check the splice at C-4?`,
    });
    const toFrank = await waitFor(() => push.received.find((r) => r.path === "/frank"), 10_000, "frank's push");
    const toGina = await waitFor(() => push.received.find((r) => r.path === "/gina"), 10_000, "gina's push");
    const mentioned = JSON.parse(decrypt(toFrank.body, frankKeys)) as MessagePushPayload;
    const other = JSON.parse(decrypt(toGina.body, ginaKeys)) as MessagePushPayload;
    expect(mentioned.title).toBe(`${erin.username} mentioned you in Shop drawings`);
    expect(other.title).toBe(`${erin.username} in Shop drawings`);
    expect(mentioned.chat).toEqual({ kind: "group", groupId: group.id });
    // The mention is also a stored notification (DESIGN §15), which is not pushed a second time.
    await sleep(300);
    expect(push.received.filter((r) => r.path === "/frank")).toHaveLength(1);
  });

  it("follows a notification with a push to an admin on no staff page, opening its address; not one who is online", async () => {
    const away = await createEmployee(t, { kind: "admin" });
    const here = await createEmployee(t, { kind: "admin" });
    const awayWho = { username: away.username, token: await loginAs(t, away, "admin") };
    const hereWho = { username: here.username, token: await loginAs(t, here, "admin") };
    const awayKeys = browserKeys();
    expect((await subscribe(awayWho, awayKeys.json(`${push.origin}/away-admin`))).statusCode).toBe(201);
    expect((await subscribe(hereWho, browserKeys().json(`${push.origin}/here-admin`))).statusCode).toBe(201);
    const online = await stompClient(t.url, hereWho);
    clients.push(online);

    await submitQuoteRequest(t, samples.pdf);
    const delivery = await waitFor(() => push.received.find((r) => r.path === "/away-admin"), 10_000, "the push");
    const payload = JSON.parse(decrypt(delivery.body, awayKeys)) as NoticePushPayload;
    expect(payload.body).toMatch(/^New quote request Q-\d{4}-\d{4,} from Dana Fabricator/);
    expect(payload.url).toMatch(/^\/staff\/quotes\/Q-\d{4}-\d{4,}$/);
    expect(typeof payload.notificationId).toBe("number");
    await sleep(300);
    expect(push.received.filter((r) => r.path === "/here-admin")).toHaveLength(0);
  });
});
