// SIGTERM's order (decision 012): stop accepting, let the SENDs already received be stored, send
// their RECEIPTs, then close the sockets. A RECEIPT is never lost for a message that was stored.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chatDestinations } from "../../../shared/chat.ts";
import {
  RawClient,
  type RealtimeTestApp,
  staffUser,
  startApp,
  waitFor,
  waitForAsync,
} from "../../../test/helpers/realtime.ts";
import { messages } from "../../db/schema.ts";
import { header } from "../../realtime/stomp/frame.ts";

let t: RealtimeTestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

describe("shutting down with SENDs in flight", () => {
  it("stores them, sends their RECEIPTs, then closes the sockets (1001)", async () => {
    t = await startApp({ broker: "memory" });
    const app = t.app;
    const [sender, reader] = [await staffUser(t), await staffUser(t)];
    const { client } = await RawClient.connect(t.url, sender.token);

    // Hold the writer's first batch until the shutdown has begun.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // biome-ignore lint/suspicious/noExplicitAny: holding a private method to order the race
    const writer = app.chat.writer as any;
    const original = writer.writeBatch.bind(writer);
    const held = vi.spyOn(writer, "writeBatch").mockImplementation(async (...args: unknown[]) => {
      await gate;
      return original(...args);
    });

    const bodies = ["first", "second", "third"].map((content) =>
      JSON.stringify({ recipient: reader.username, content }),
    );
    for (const [n, body] of bodies.entries()) {
      client.sendFrame("SEND", { destination: chatDestinations.sendPrivate, receipt: `m${n}` }, body);
    }
    await waitFor(() => held.mock.calls.length > 0, 5_000, "the write to be in flight");

    const closing = app.close();
    // Once the server says it is closing (503), let the held write complete: a shutdown that closed
    // the sockets first would lose these RECEIPTs.
    const health = `http://127.0.0.1:${t.port}/api/health`;
    await waitForAsync(async () => (await fetch(health)).status === 503, 5_000, "the server to be closing");
    release();
    await closing;

    const receipts = client.frames
      .filter((frame) => frame.command === "RECEIPT")
      .map((frame) => header(frame, "receipt-id"));
    expect(receipts).toEqual(["m0", "m1", "m2"]);
    expect((await client.waitClosed()).code).toBe(1001);
    const stored = await t.database.db.select().from(messages).where(eq(messages.senderId, sender.id));
    expect(stored.map((row) => row.content).sort()).toEqual(["first", "second", "third"]);
  });

  it("refuses a new connection once shutting down", async () => {
    t = await startApp({ broker: "memory" });
    const user = await staffUser(t);
    const { client } = await RawClient.connect(t.url, user.token);
    const closing = t.app.close();
    expect((await client.waitClosed()).code).toBe(1001);
    await closing;
    await expect(RawClient.open(t.url)).rejects.toThrow();
  });
});
