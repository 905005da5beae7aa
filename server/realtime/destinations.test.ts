import { describe, expect, it } from "vitest";
import { parseUserQueue, queueOfSuffix, sameUsername } from "./destinations.ts";

describe("parseUserQueue", () => {
  it("reads both forms of a user queue", () => {
    expect(parseUserQueue("/user/queue/private")).toEqual({ owner: null, queue: "private" });
    expect(parseUserQueue("/user/alice.b/queue/errors")).toEqual({ owner: "alice.b", queue: "errors" });
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
    "/topic/user-status",
    "/app/chat.sendPrivateMessage",
  ])("finds no user queue in %j", (destination) => {
    expect(parseUserQueue(destination)).toBeUndefined();
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
