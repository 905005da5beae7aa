/**
 * DESIGN §10: at most 30 stored messages per account in any window; the rest are refused with
 * RATE_LIMITED and the SEND's clientId, nothing stored. A repeated clientId is no new message, so it
 * neither counts nor is refused. The window is shortened here so it can pass within the test.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDestinations, chatLimits, chatMessages } from "../../../shared/chat.ts";
import { refusalSchema } from "../../../shared/realtime.ts";
import { chatClients, chatPerson } from "../../../test/helpers/chat.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { type RealtimeTestApp, startApp, uniquePrefix, waitFor, waitForAsync } from "../../../test/helpers/realtime.ts";
import { messages } from "../../db/schema.ts";

const WINDOW_MS = 4_000;
const LIMIT = chatLimits.rateLimitMessages;
const database = await createTestDatabase();
let t: RealtimeTestApp;
const clients = chatClients(() => t.url);

beforeAll(async () => {
  t = await startApp(
    { redisKeyPrefix: uniquePrefix("chat-rate-limit") },
    { database, chat: { rateLimit: { windowMs: WINDOW_MS } } },
  );
});
afterAll(async () => {
  await clients.closeAll();
  await t?.close();
  await database.close();
});

describe("the per-account rate limit", () => {
  it(`stores ${LIMIT} in a window, refuses the next with RATE_LIMITED, and lets it through once the window has passed`, async () => {
    const [alice, bob, carol] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const a = await clients.connect(alice);
    const send = (n: number) =>
      a.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: `m${n}`, clientId: `m${n}` });
    const stored = () => t.app.db.$count(messages, eq(messages.senderId, alice.id));

    // Ten, then the same ten again (repeats, not new messages), then the rest: all in one burst.
    const first = await Promise.all(Array.from({ length: 10 }, (_, n) => send(n)));
    const repeats = await Promise.all(Array.from({ length: 10 }, (_, n) => send(n)));
    const rest = await Promise.all(Array.from({ length: LIMIT - 10 }, (_, n) => send(10 + n)));
    expect([...first, ...repeats, ...rest].every((outcome) => outcome === "done")).toBe(true);
    expect(await stored()).toBe(LIMIT);

    expect(await send(LIMIT)).toBe("refused");
    await waitFor(() => a.errors.messages.length === 1, 5_000, "the refusal");
    expect(refusalSchema.parse(a.errors.json()[0])).toMatchObject({
      code: "RATE_LIMITED",
      message: chatMessages.rateLimited,
      clientId: `m${LIMIT}`,
      destination: chatDestinations.sendPrivate,
    });
    expect(await stored()).toBe(LIMIT);
    // A repeat of a stored one is still answered while the limit holds.
    expect(await send(3)).toBe("done");
    // Others are not held back by alice.
    const c = await clients.connect(carol);
    expect(await c.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: "mine" })).toBe(
      "done",
    );

    // The client retries with the same clientId; once the window has passed, it is stored, once.
    await waitForAsync(async () => (await send(LIMIT)) === "done", WINDOW_MS + 10_000, "the window to pass");
    expect(await stored()).toBe(LIMIT + 1);
    const rows = await t.app.db
      .select()
      .from(messages)
      .where(eq(messages.clientId, `m${LIMIT}`));
    expect(rows).toHaveLength(1);
  });
});
