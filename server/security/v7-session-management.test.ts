/**
 * ASVS 5.0 V7 Session Management: a session ends when the user (or an admin) says so, at once,
 * on every server instance and on every channel it opened (REST, attachment cookie, chat socket).
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPaths } from "../../shared/chat.ts";
import { createTestApp } from "../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession, loginAs } from "../../test/helpers/factories.ts";
import {
  deleteRedisKeys,
  RawClient,
  REDIS_URL,
  type RealtimeTestApp,
  sleep,
  startApp,
  uniquePrefix,
} from "../../test/helpers/realtime.ts";
import { revokedSessions } from "../db/schema.ts";
import { accessRefusals } from "../plugins/auth.ts";
import { header } from "../realtime/stomp/frame.ts";

describe("V7 Session Management", () => {
  let t: RealtimeTestApp;
  beforeAll(async () => {
    t = await startApp({ broker: "memory" });
  });
  afterAll(async () => t.close());

  const me = (token: string) => t.app.inject({ url: "/api/auth/me", headers: authHeader(token) });
  const logout = (token: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/logout", headers: authHeader(token) });

  it("V7.4.1 logout ends the session on the server: the token is refused at once, not 12 h later (finding 1)", async () => {
    const { employee, token } = await employeeSession(t);
    const elsewhere = await loginAs(t, employee); // the same person, logged in on another device
    expect((await me(token)).statusCode).toBe(200);

    const out = await logout(token);
    expect(out.statusCode).toBe(204);
    // V14.3.1: the browser is told to drop the site's cookies (the attachments cookie) as well.
    expect(out.headers["clear-site-data"]).toBe('"cookies"');

    // The reviewer's attack: keep using the token after pressing Logout.
    const replay = await me(token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: accessRefusals.sessionEnded });
    expect((await t.app.inject({ url: "/users", headers: authHeader(token) })).statusCode).toBe(401);
    expect((await logout(token)).statusCode).toBe(401);
    // Only that session: the other login of the same person goes on.
    expect((await me(elsewhere)).statusCode).toBe(200);
  });

  it("V7.4.1 logout closes the chat socket opened with that token and refuses it on reconnect; other logins keep theirs", async () => {
    const { employee, token } = await employeeSession(t);
    const elsewhere = await loginAs(t, employee);
    const mine = await RawClient.connect(t.url, token);
    const theirs = await RawClient.connect(t.url, elsewhere);

    expect((await logout(token)).statusCode).toBe(204);
    const error = await mine.client.next((frame) => frame.command === "ERROR");
    expect(header(error, "message")).toMatch(/session has ended/i);
    await mine.client.waitClosed();

    await sleep(200);
    expect(theirs.client.closed).toBeUndefined();

    const again = await RawClient.open(t.url);
    again.sendFrame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${token}` });
    expect((await again.next()).command).toBe("ERROR");
    await again.waitClosed();
    theirs.client.close();
  });

  it("V7.4.1 the attachments cookie of a logged-out session stops working with it", async () => {
    const { token } = await employeeSession(t);
    const opened = await t.app.inject({
      method: "POST",
      url: chatPaths.attachmentSession,
      headers: authHeader(token),
    });
    expect(opened.statusCode).toBe(204);
    const cookie = String(opened.headers["set-cookie"]).split(";")[0] ?? "";
    const file = () => t.app.inject({ url: `${chatPaths.chatFilesPrefix}nothing-here`, headers: { cookie } });
    expect((await file()).statusCode).toBe(404); // the cookie is accepted: the file just does not exist
    expect((await logout(token)).statusCode).toBe(204);
    expect((await file()).statusCode).toBe(401);
  });

  it("V7.4.1 a logout holds on every server instance: they share the database", async () => {
    const other = await createTestApp({ database: t.database, realtime: { broker: "memory" } });
    try {
      const { token } = await employeeSession(t);
      const meOn = (app: typeof other.app) => app.inject({ url: "/api/auth/me", headers: authHeader(token) });
      expect((await meOn(other.app)).statusCode).toBe(200);
      expect((await logout(token)).statusCode).toBe(204);
      expect((await meOn(other.app)).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("V7.4.1 a logout on one instance closes the socket the session holds on another (Redis broker)", async () => {
    const prefix = uniquePrefix("v7-logout");
    const realtime = { broker: "redis", redisUrl: REDIS_URL, redisKeyPrefix: prefix } as const;
    const a = await startApp(realtime, { database: t.database });
    const b = await startApp(realtime, { database: t.database });
    try {
      const { token } = await employeeSession(a);
      const onB = await RawClient.connect(b.url, token);
      const out = await a.app.inject({ method: "POST", url: "/api/auth/logout", headers: authHeader(token) });
      expect(out.statusCode).toBe(204);
      await onB.client.waitClosed();
    } finally {
      await a.close();
      await b.close();
      await deleteRedisKeys(prefix);
    }
  });

  it("V7.4.2 an admin's change of password or status ends every session of that account at once", async () => {
    const admin = await adminToken(t);
    const { employee, token } = await employeeSession(t);
    const second = await loginAs(t, employee);
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/admin/employees/${employee.id}`,
      headers: authHeader(admin),
      payload: {
        name: employee.name,
        email: employee.email,
        role: employee.jobRole,
        username: employee.username,
        password: "quartz-lantern-meadow-7",
        status: "active",
        performance: 50,
        projects: [],
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
  });

  it("V7.2.4 every login gets a new session id; ended sessions are forgotten once their tokens expire anyway", async () => {
    const { employee, token } = await employeeSession(t);
    const again = await loginAs(t, employee);
    const { jti, exp } = decodeJwt(token);
    expect(jti).not.toBe(decodeJwt(again).jti);
    expect((await logout(token)).statusCode).toBe(204);

    const ended = async () => (await t.app.db.select().from(revokedSessions)).some((row) => row.id === jti);
    expect(await ended()).toBe(true);
    await t.app.auth.pruneEndedSessions(new Date(((exp ?? 0) - 60) * 1000));
    expect(await ended()).toBe(true);
    await t.app.auth.pruneEndedSessions(new Date(((exp ?? 0) + 1) * 1000));
    expect(await ended()).toBe(false);
  });
});
