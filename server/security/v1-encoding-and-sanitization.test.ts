/**
 * ASVS 5.0 V1 Encoding and Sanitization: injection into what we produce (V1.2: SQL, CSV) and
 * server-side request forgery through the web push endpoints users hand us (V1.3.6).
 */
import type { LookupAddress } from "node:dns";
import { createServer, type Server } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDestinations, chatPaths } from "../../shared/chat.ts";
import { adminToken, authHeader, employeeSession } from "../../test/helpers/factories.ts";
import { type RealtimeTestApp, startApp, stompClient, waitForAsync } from "../../test/helpers/realtime.ts";
import { pushSubscriptions, quoteRequests } from "../db/schema.ts";
import { endpointProblem, isPublicAddress, publicOnlyLookup } from "../modules/chat/push.ts";

const keys = { p256dh: "B".repeat(87), auth: "A".repeat(22) };

describe("V1 Encoding and Sanitization", () => {
  let t: RealtimeTestApp;
  let admin: string;
  beforeAll(async () => {
    // No test push agent and no test endpoint: the production rules, as they run.
    t = await startApp({ broker: "memory" });
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  describe("V1.3.6 push endpoints cannot point the server at internal addresses (finding 5)", () => {
    const hostile = [
      // The review's two: a trailing-dot localhost, and IPv6 literals in non-public ranges.
      "https://localhost./push",
      "https://[::ffff:127.0.0.1]/push", // IPv4-mapped
      "https://[::ffff:a9fe:a9fe]/latest/meta-data", // IPv4-mapped 169.254.169.254
      "https://[64:ff9b::7f00:1]/push", // NAT64
      "https://[64:ff9b:1::a00:1]/push", // NAT64 local use (RFC 8215)
      "https://[2002:7f00:1::1]/push", // 6to4 of 127.0.0.1
      "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/push", // Teredo
      "https://[fec0::1]/push", // site-local
      "https://[fd12:3456::1]/push", // unique-local
      "https://[fe80::1]/push", // link-local
      "https://[::1]/push", // loopback
      "https://[::]/push",
      "https://[2606:4700::1111]/push", // a public IPv6 literal: still a literal
      // IPv4 in every spelling the URL parser accepts.
      "https://127.0.0.1/push",
      "https://2130706433/push",
      "https://0x7f.1/push",
      "https://10.0.0.8/push",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/push",
      "https://1.1.1.1/push",
      // Names that only mean something inside a network, and other trailing dots.
      "https://localhost/push",
      "https://push.localhost/x",
      "https://metadata.google.internal/computeMetadata/v1",
      "https://printer.local/x",
      "https://router.home.arpa/x",
      "https://fcm.googleapis.com./fcm/send/x",
      "https://intranet/x",
      // Not https on 443, or carrying credentials.
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://fcm.googleapis.com:80/fcm/send/x",
      "https://user:pw@fcm.googleapis.com/fcm/send/x",
      "ftp://fcm.googleapis.com/x",
    ];

    it("refuses every internal, literal or non-https endpoint when subscribing", async () => {
      const { employee, token } = await employeeSession(t);
      for (const endpoint of hostile) {
        const response = await t.app.inject({
          method: "POST",
          url: chatPaths.pushSubscribe(employee.username),
          headers: authHeader(token),
          payload: { endpoint, keys },
        });
        expect(response.statusCode, endpoint).toBe(400);
      }
      const stored = await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, employee.id));
      expect(stored).toEqual([]);
      // The real push services are accepted.
      for (const endpoint of [
        "https://fcm.googleapis.com/fcm/send/abc",
        "https://updates.push.services.mozilla.com/wpush/v2/x",
        "https://web.push.apple.com:443/x",
      ]) {
        expect(endpointProblem(endpoint), endpoint).toBeUndefined();
      }
    });

    it("checks again at send time: an endpoint stored before these rules is dropped, never contacted", async () => {
      // Something listening where the stored endpoints point: it must never hear from us.
      let connections = 0;
      const listener: Server = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
      const { port } = listener.address() as { port: number };
      try {
        const [alice, dave] = [await employeeSession(t), await employeeSession(t)];
        const stale = [
          `https://127.0.0.1:${port}/a`,
          `https://localhost.:${port}/b`,
          `https://[::ffff:127.0.0.1]:${port}/c`,
        ];
        await t.app.db
          .insert(pushSubscriptions)
          .values(stale.map((endpoint) => ({ userId: dave.employee.id, endpoint, ...keys })));

        const sender = await stompClient(t.url, { username: alice.employee.username, token: alice.token });
        await sender.send(chatDestinations.sendPrivate, {
          recipient: dave.employee.username,
          content: "Are you there?",
        });
        await sender.close();
        await waitForAsync(
          async () =>
            (await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, dave.employee.id)))
              .length === 0,
          10_000,
          "the stale subscriptions to be dropped",
        );
        expect(connections).toBe(0);
      } finally {
        await new Promise((resolve) => listener.close(resolve));
      }
    });

    it("refuses, when connecting, a public name that resolves to any non-public address (DNS rebinding)", async () => {
      const resolving =
        (addresses: string[]) =>
        (_name: string, _options: { all: true }, callback: (e: null, a: LookupAddress[]) => void) =>
          callback(
            null,
            addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
          );
      const lookupWith = (addresses: string[]) =>
        new Promise<string>((resolve) =>
          publicOnlyLookup(resolving(addresses))("push.example.com", { all: true }, (error) =>
            resolve(error ? String((error as NodeJS.ErrnoException).code) : "ok"),
          ),
        );
      expect(await lookupWith(["93.184.215.14"])).toBe("ok");
      expect(await lookupWith(["93.184.215.14", "127.0.0.1"])).toBe("EPUSHNOTPUBLIC");
      expect(await lookupWith(["2606:2800:21f:cb07:6820:80da:af6b:8b2c", "fd00::1"])).toBe("EPUSHNOTPUBLIC");
      expect(await lookupWith(["::ffff:10.0.0.1"])).toBe("EPUSHNOTPUBLIC");
      expect(await lookupWith([])).toBe("EPUSHNOTPUBLIC");
      // And through the system resolver: a name that really resolves to loopback.
      const real = await new Promise<string>((resolve) =>
        publicOnlyLookup()("localhost", { all: true }, (error) => resolve(error ? "refused" : "ok")),
      );
      expect(real).toBe("refused");
      expect(isPublicAddress("8.8.8.8")).toBe(true);
      expect(isPublicAddress("64:ff9b:1::808:808")).toBe(false);
    });
  });

  it("V1.2.10 exported CSV cells cannot run as spreadsheet formulas", async () => {
    const formulas = ['=HYPERLINK("https://evil.example","Click")', "+1+1", "-2+3", "@SUM(A1:A2)", "\t=1+1", "\r=1"];
    await t.app.db.insert(quoteRequests).values(
      formulas.map((name, i) => ({
        reference: `Q-2026-${9000 + i}`,
        name,
        email: `csv${i}@example.com`,
        company: "=cmd|' /C calc'!A0",
      })),
    );
    const response = await t.app.inject({ url: "/api/contact/export.csv", headers: authHeader(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    const cells = response.body.split(/,|\r\n/).map((cell) => cell.replace(/^"|"$/g, ""));
    for (const cell of cells.filter((c) => c.length > 0))
      expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
    expect(response.body).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
  });

  it("V1.2.4 search text is a value, never SQL", async () => {
    for (const q of ["' OR '1'='1", "%' OR 1=1 --", "x'); DROP TABLE users; --"]) {
      const response = await t.app.inject({
        url: `/api/contact/all?q=${encodeURIComponent(q)}`,
        headers: authHeader(admin),
      });
      expect(response.statusCode, q).toBe(200);
      expect(response.json(), q).toEqual([]);
    }
    expect((await t.app.inject({ url: "/api/admin/employees", headers: authHeader(admin) })).statusCode).toBe(200);
  });
});
