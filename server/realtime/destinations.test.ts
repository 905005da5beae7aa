import { describe, expect, it } from "vitest";
import { parseSubscribeDestination, queueOfSuffix, sameUsername } from "./destinations.ts";

describe("parseSubscribeDestination", () => {
  it("reads both forms of a user queue", () => {
    expect(parseSubscribeDestination("/user/queue/private")).toEqual({
      kind: "user-queue",
      owner: null,
      queue: "private",
    });
    expect(parseSubscribeDestination("/user/alice.b/queue/errors")).toEqual({
      kind: "user-queue",
      owner: "alice.b",
      queue: "errors",
    });
  });

  it("reads the presence topic and group topics with canonical ids", () => {
    expect(parseSubscribeDestination("/topic/user-status")).toEqual({
      kind: "topic",
      topic: { kind: "user-status", destination: "/topic/user-status" },
    });
    expect(parseSubscribeDestination("/topic/group/42")).toEqual({
      kind: "topic",
      topic: { kind: "group", groupId: 42, destination: "/topic/group/42" },
    });
  });

  it.each([
    "",
    "/",
    "/user/",
    "/user/queue/",
    "/user/alice/queue/",
    "/user//queue/private",
    "/user/alice/topic/private",
    "/user/alice/queue/private/extra",
    "/user/queue/pri vate",
    "/queue/private",
    "/topic/group/0",
    "/topic/group/007",
    "/topic/group/-1",
    "/topic/group/1.5",
    "/topic/group/99999999999999999",
    "/topic/group/",
    "/topic/user-status/",
    "/topic/other",
    "/app/chat.sendPrivateMessage",
  ])("refuses %j as unknown", (destination) => {
    expect(parseSubscribeDestination(destination)).toEqual({ kind: "unknown" });
  });
});

describe("queueOfSuffix", () => {
  it("accepts /queue/<name> only", () => {
    expect(queueOfSuffix("/queue/private")).toBe("private");
    expect(queueOfSuffix("/queue/errors")).toBe("errors");
    for (const bad of ["queue/private", "/queue/", "/queue/a/b", "/topic/x", "/queue/a b"]) {
      expect(queueOfSuffix(bad)).toBeUndefined();
    }
  });
});

describe("sameUsername", () => {
  it("ignores case, as usernames are unique regardless of case", () => {
    expect(sameUsername("Alice", "alice")).toBe(true);
    expect(sameUsername("alice", "alice2")).toBe(false);
  });
});
