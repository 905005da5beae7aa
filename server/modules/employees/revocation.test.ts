import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, authHeader } from "../../../test/helpers/factories.ts";
import { type RealtimeTestApp, staffUser, startApp, stompClient, waitFor } from "../../../test/helpers/realtime.ts";

/** Ending an account's sessions also closes its open chat sockets, not only future requests. */
describe("session revocation closes live sockets", () => {
  let t: RealtimeTestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp({ broker: "memory" });
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  const edit = async (id: number, username: string, changes: Record<string, unknown>) =>
    t.app.inject({
      method: "PUT",
      url: `/api/admin/employees/${id}`,
      headers: authHeader(admin),
      payload: {
        name: "Sam Carter",
        email: "sam@example.com",
        role: "Modeler",
        username,
        status: "active",
        performance: 10,
        projects: [],
        ...changes,
      },
    });

  it("closes the socket when the employee is disabled", async () => {
    const user = await staffUser(t);
    const client = await stompClient(t.url, user);
    expect((await edit(user.id, user.username, { status: "disabled" })).statusCode).toBe(200);
    await waitFor(() => client.socketClosed, 5_000);
    await client.close();
  });

  it("closes the socket when the password changes, but not on a harmless edit", async () => {
    const user = await staffUser(t);
    const client = await stompClient(t.url, user);
    expect((await edit(user.id, user.username, { performance: 80 })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.socketClosed).toBe(false);
    expect((await edit(user.id, user.username, { password: "a-new-password-9" })).statusCode).toBe(200);
    await waitFor(() => client.socketClosed, 5_000);
    await client.close();
  });

  it("closes the socket when the employee is deleted", async () => {
    const user = await staffUser(t);
    const client = await stompClient(t.url, user);
    const response = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/employees/${user.id}`,
      headers: authHeader(admin),
    });
    expect(response.statusCode).toBe(204);
    await waitFor(() => client.socketClosed, 5_000);
    await client.close();
  });
});
