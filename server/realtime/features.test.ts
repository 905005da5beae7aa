// Features plugging into the transport: the registry alone, then through a real connection on a
// bare transport (an in-process broker, no app, no database).
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { bodyJson, RawClient, sendFeature, waitFor } from "../../test/helpers/realtime.ts";
import { InProcessBroker } from "./broker/memory.ts";
import { FeatureRegistry, type RealtimeFeature } from "./features.ts";
import { RealtimeServer } from "./realtime.ts";
import { STOMP_SUBPROTOCOLS } from "./stomp/protocol.ts";
import { RealtimeRefusal, type RealtimeUser } from "./types.ts";

const logged: { level: string; object: object }[] = [];
const log = {
  debug: () => {},
  info: () => {},
  warn: (object: object) => void logged.push({ level: "warn", object }),
  error: (object: object) => void logged.push({ level: "error", object }),
};

/** Rooms `{prefix}{number}` on channels `room:{number}`. */
const room = (destination: string, authorize: (user: RealtimeUser, id: number) => boolean) => ({
  destination,
  match: (rest: string) => (/^\d+$/.test(rest) ? Number(rest) : undefined),
  channel: (id: number) => `room:${id}`,
  authorize,
});

describe("FeatureRegistry", () => {
  it("refuses a destination registered twice, or overlapping another feature's topics, adding nothing", () => {
    const registry = new FeatureRegistry(log);
    registry.register({
      name: "one",
      sends: { "/app/one": () => {} },
      topics: [
        { destination: "/topic/status", channel: () => "status", authorize: () => true },
        room("/topic/room/*", () => true),
      ],
    });
    const attempts: [RealtimeFeature, RegExp][] = [
      [{ name: "two", sends: { "/app/one": () => {} } }, /\/app\/one is already registered/],
      [
        { name: "two", topics: [{ destination: "/topic/status", channel: () => "x", authorize: () => true }] },
        /already/,
      ],
      [
        { name: "two", topics: [{ destination: "/topic/room/5", channel: () => "x", authorize: () => true }] },
        /already/,
      ],
      [{ name: "two", topics: [room("/topic/*", () => true)] }, /already/],
      [{ name: "two", topics: [room("/topic/room/vip/*", () => true)] }, /already/],
      [{ name: "two", sends: { "/topic/x": () => {} } }, /Not an \/app\/… destination/],
      [
        { name: "two", topics: [{ destination: "/app/x", channel: () => "x", authorize: () => true }] },
        /Not a \/topic\//,
      ],
      [
        { name: "two", topics: [{ destination: "/topic/y/*", channel: () => "x", authorize: () => true }] },
        /needs match/,
      ],
      [
        {
          name: "two",
          sends: { "/app/fine": () => {} },
          topics: [room("/topic/a/*", () => true), room("/topic/a/*", () => true)],
        },
        /already/,
      ],
    ];
    for (const [feature, error] of attempts) expect(() => registry.register(feature)).toThrow(error);
    // The last attempt's valid send handler was not half-registered.
    expect(registry.sendHandler("/app/fine")).toBeUndefined();
    registry.register({
      name: "three",
      sends: { "/app/fine": () => {} },
      topics: [room("/topic/rooms/*", () => true)],
    });
    expect(registry.sendHandler("/app/fine")).toBeDefined();
  });

  it("keeps send limits for the feature's own sends only, and says which limit a destination counts against", () => {
    const registry = new FeatureRegistry(log);
    const handler = () => {};
    expect(() =>
      registry.register({
        name: "stray",
        sends: { "/app/a": handler },
        sendLimits: [{ destinations: ["/app/b"], perSecond: 5 }],
      }),
    ).toThrow("/app/b is limited but not sent to (stray)");
    expect(() =>
      registry.register({
        name: "zero",
        sends: { "/app/a": handler },
        sendLimits: [{ destinations: [], perSecond: 0 }],
      }),
    ).toThrow("perSecond > 0");
    expect(registry.sendHandler("/app/a")).toBeUndefined();
    const light = { destinations: ["/app/a", "/app/b"], perSecond: 20 };
    registry.register({
      name: "light",
      sends: { "/app/a": handler, "/app/b": handler, "/app/c": handler },
      sendLimits: [light],
    });
    expect(registry.sendLimit("/app/a")).toBe(light);
    expect(registry.sendLimit("/app/b")).toBe(light);
    expect(registry.sendLimit("/app/c")).toBeUndefined();
  });

  it("resolves exact and prefix topics to their channel; a prefix route's non-match is no topic", () => {
    const registry = new FeatureRegistry(log);
    registry.register({
      name: "rooms",
      topics: [
        { destination: "/topic/status", channel: () => "status", authorize: () => true },
        room("/topic/room/*", () => true),
      ],
    });
    expect(registry.topic("/topic/status")).toMatchObject({ channel: "status", target: "/topic/status" });
    expect(registry.topic("/topic/room/42")).toMatchObject({ channel: "room:42", target: 42 });
    for (const unknown of ["/topic/room/x", "/topic/room/", "/topic/statuses", "/topic/other"]) {
      expect(registry.topic(unknown)).toBeUndefined();
    }
  });

  it("tells every feature of a session's opening and end; a hook that throws is logged and the others still run", async () => {
    const registry = new FeatureRegistry(log);
    const events: string[] = [];
    registry.register({
      name: "broken",
      opened: () => {
        throw new Error("hook bug");
      },
    });
    registry.register({
      name: "fine",
      opened: (session) => events.push(`opened ${session.id} ${session.user.username}`),
      closed: (session) => events.push(`closed ${session.id}`),
      settle: async () => void events.push("settled"),
    });
    const session = { id: "s1", user: { id: 1, username: "alice", role: "employee" } as RealtimeUser };
    const before = logged.length;
    registry.opened(session);
    registry.closed(session);
    await registry.settle();
    expect(events).toEqual(["opened s1 alice", "closed s1", "settled"]);
    expect(logged.slice(before)).toMatchObject([{ level: "error", object: { feature: "broken", session: "s1" } }]);
  });
});

describe("features through a connection", () => {
  let server: RealtimeServer;
  let wss: WebSocketServer;
  let url: string;
  const authorized: [string, unknown][] = [];
  const users: Record<string, RealtimeUser> = {
    alice: { id: 1, username: "alice", role: "employee" },
    boss: { id: 2, username: "boss", role: "admin" },
  };

  beforeAll(async () => {
    server = new RealtimeServer({
      broker: new InProcessBroker(),
      authenticate: async (token) => users[token] ?? null,
      log,
      settings: { heartBeatMs: 0 },
    });
    await server.start();
    server.register({
      name: "rooms",
      topics: [
        room("/topic/room/*", (user, id) => {
          authorized.push([user.username, id]);
          if (id === 13) throw new RealtimeRefusal("Room 13 is closed.", { code: "NOT_FOUND" });
          return user.role === "admin" || id === 1;
        }),
      ],
    });
    wss = new WebSocketServer({
      port: 0,
      host: "127.0.0.1",
      handleProtocols: (offered) => STOMP_SUBPROTOCOLS.find((protocol) => offered.has(protocol)) ?? false,
    });
    wss.on("connection", (socket) => server.handleConnection(socket));
    await new Promise((resolve) => wss.once("listening", resolve));
    url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => wss?.close(resolve));
  });

  const refusalOf = async (client: RawClient) =>
    bodyJson(await client.next((frame) => frame.command === "MESSAGE")) as Record<string, unknown>;

  it("consults the topic's authorizer with what the destination names, and delivers what it allows", async () => {
    const { client } = await RawClient.connect(url, "alice");
    await client.request("SUBSCRIBE", { id: "e", destination: "/user/queue/errors" });
    expect(await client.request("SUBSCRIBE", { id: "r1", destination: "/topic/room/1" })).toBe("done");
    expect(await client.request("SUBSCRIBE", { id: "r2", destination: "/topic/room/2" })).toBe("refused");
    expect(await refusalOf(client)).toMatchObject({ code: "FORBIDDEN", destination: "/topic/room/2" });
    expect(await client.request("SUBSCRIBE", { id: "r13", destination: "/topic/room/13" })).toBe("refused");
    expect(await refusalOf(client)).toMatchObject({ code: "NOT_FOUND", message: "Room 13 is closed." });
    expect(authorized.filter(([user]) => user === "alice")).toEqual([
      ["alice", 1],
      ["alice", 2],
      ["alice", 13],
    ]);
    await server.publishToTopic("/topic/room/2", { n: 2 });
    await server.publishToTopic("/topic/room/1", { n: 1 });
    const message = await client.next((frame) => frame.command === "MESSAGE");
    expect(bodyJson(message)).toEqual({ n: 1 });
    await expect(server.publishToTopic("/topic/elsewhere", {})).rejects.toThrow(/Not a registered topic/);
    client.close();
  });

  it("refuses unknown destinations with NOT_FOUND (without asking any feature) and stays connected", async () => {
    const { client } = await RawClient.connect(url, "boss");
    await client.request("SUBSCRIBE", { id: "e", destination: "/user/queue/errors" });
    const before = authorized.length;
    for (const [command, destination] of [
      ["SUBSCRIBE", "/topic/room/x"],
      ["SUBSCRIBE", "/topic/nowhere"],
      ["SUBSCRIBE", "/elsewhere"],
      ["SEND", "/app/nowhere"],
    ] as const) {
      const body = command === "SEND" ? "{}" : "";
      expect(await client.request(command, { id: `s-${destination}`, destination }, body)).toBe("refused");
      expect(await refusalOf(client)).toMatchObject({
        code: "NOT_FOUND",
        message: "Unknown destination.",
        destination,
      });
    }
    expect(authorized.length).toBe(before);
    expect(await client.request("SUBSCRIBE", { id: "ok", destination: "/topic/room/7" })).toBe("done");
    expect(client.closed).toBeUndefined();
    client.close();
  });

  it("makes a feature's handler error that feature's refusal, never the session's end", async () => {
    server.register(
      sendFeature("/app/test.refuses", () => {
        throw new RealtimeRefusal("Too fast.", { code: "RATE_LIMITED", details: { clientId: "m-7" } });
      }),
    );
    server.register(
      sendFeature("/app/test.breaks", () => {
        throw new TypeError("handler bug");
      }),
    );
    const { client } = await RawClient.connect(url, "alice");
    await client.request("SUBSCRIBE", { id: "e", destination: "/user/queue/errors" });
    expect(await client.request("SEND", { destination: "/app/test.refuses" }, "{}")).toBe("refused");
    expect(await refusalOf(client)).toMatchObject({
      code: "RATE_LIMITED",
      message: "Too fast.",
      destination: "/app/test.refuses",
      clientId: "m-7",
    });
    const before = logged.length;
    expect(await client.request("SEND", { destination: "/app/test.breaks" }, "{}")).toBe("refused");
    expect(await refusalOf(client)).toMatchObject({ code: "UNAVAILABLE", destination: "/app/test.breaks" });
    expect(logged.slice(before)).toMatchObject([{ level: "error", object: { destination: "/app/test.breaks" } }]);
    expect(client.closed).toBeUndefined();
    expect(await client.request("SUBSCRIBE", { id: "still", destination: "/topic/room/1" })).toBe("done");
    client.close();
    await waitFor(() => server.localSessionCount("alice") === 0);
  });

  it("refuses a subscription beyond the limit as INVALID", async () => {
    const small = new RealtimeServer({
      broker: new InProcessBroker(),
      authenticate: async (token) => users[token] ?? null,
      log,
      settings: { heartBeatMs: 0, maxSubscriptions: 2 },
    });
    const other = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    other.on("connection", (socket) => small.handleConnection(socket));
    await new Promise((resolve) => other.once("listening", resolve));
    try {
      const { client } = await RawClient.connect(`ws://127.0.0.1:${(other.address() as AddressInfo).port}`, "alice");
      await client.request("SUBSCRIBE", { id: "e", destination: "/user/queue/errors" });
      expect(await client.request("SUBSCRIBE", { id: "p", destination: "/user/queue/private" })).toBe("done");
      expect(await client.request("SUBSCRIBE", { id: "q", destination: "/user/queue/other" })).toBe("refused");
      expect(await refusalOf(client)).toMatchObject({
        code: "INVALID",
        message: "Too many subscriptions on one connection.",
      });
      client.close();
      await client.waitClosed();
    } finally {
      await small.close();
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
