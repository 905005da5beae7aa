// A graceful close must not wait on a keep-alive connection that goes idle after the close began: a
// balancer's pooled upstream connection does exactly that, and it held rolling restarts in the
// topology test past the 10 s shutdown budget (an exit 1) until the app swept such connections.
import { Agent, request } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterEach, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/helpers/app.ts";
import { CLOSE_GRACE_MS } from "./plugins/closing-connections.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

it("closes a keep-alive connection that was busy when the close began, once its answer is out", async () => {
  let routed = false;
  t = await createTestApp({
    beforeReady: (app) => {
      app.addHook("onRequest", async () => {
        routed = true;
      });
    },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  const body = JSON.stringify({ username: "nobody", password: "wrong-password", role: "admin" });

  let socketClosed = false;
  const req = request({
    port,
    host: "127.0.0.1",
    method: "POST",
    path: "/api/auth/login",
    // The client would keep the connection for its next request, as nginx's upstream pool does.
    agent: new Agent({ keepAlive: true }),
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
  });
  req.on("socket", (socket) =>
    socket.on("close", () => {
      socketClosed = true;
    }),
  );
  const answered = new Promise<number>((resolve, reject) => {
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
  });
  // Half the body: the request is routed, and busy while the close begins.
  req.write(body.slice(0, 10));
  while (!routed) await new Promise((resolve) => setTimeout(resolve, 5));

  const began = Date.now();
  const closed = t.app.close();
  req.end(body.slice(10));
  expect(await answered).toBe(401);
  // Without the sweep this waits for the cut at the end of the close's grace (or the 30 s idle timeout).
  await closed;
  expect(Date.now() - began).toBeLessThan(CLOSE_GRACE_MS / 2);
  expect(socketClosed || (await new Promise((resolve) => req.socket?.once("close", () => resolve(true))))).toBe(true);
});

it("answers a WebSocket upgrade that arrives while closing with 503, and ends its socket", async () => {
  let holdClose: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    holdClose = resolve;
  });
  let closing = false;
  t = await createTestApp({
    beforeReady: (app) => {
      // The last preClose hook: the app stays mid-close, still listening, until the upgrade is answered.
      app.addHook("preClose", async () => {
        closing = true;
        await held;
      });
    },
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  const closed = t.app.close();
  while (!closing) await new Promise((resolve) => setTimeout(resolve, 5));

  // A client (nginx, here a raw socket) that keeps its end open until the server ends it.
  const socket = connect(port, "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk) => {
    answer += chunk;
  });
  const ended = new Promise<void>((resolve) => socket.once("end", () => resolve()));
  const sent = Date.now();
  socket.write(
    "GET /ws HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n" +
      "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n" +
      "Sec-WebSocket-Protocol: v12.stomp\r\n\r\n",
  );
  await ended;
  // Ended by the answer, not by the cut that ends whatever is left once the close's grace is over.
  expect(Date.now() - sent).toBeLessThan(CLOSE_GRACE_MS / 2);
  expect(answer).toMatch(/^HTTP\/1\.1 503 /);
  socket.destroy();
  holdClose();
  await closed;
});
