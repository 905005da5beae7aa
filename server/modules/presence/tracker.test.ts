import { describe, expect, it } from "vitest";
import type { SessionPresence } from "../../../shared/realtime.ts";
import { PresenceTracker } from "./tracker.ts";

describe("PresenceTracker", () => {
  it("writes only when a user's state on this instance changes", async () => {
    const writes: [string, SessionPresence | null][] = [];
    const tracker = new PresenceTracker(
      async (username, state) => {
        writes.push([username, state]);
      },
      (error) => {
        throw error;
      },
    );
    tracker.set("alice", "s1", "ONLINE");
    tracker.set("alice", "s2", "ONLINE");
    tracker.set("alice", "s1", "ACTIVE");
    expect(tracker.localState("alice")).toBe("ONLINE");
    tracker.set("alice", "s2", "ACTIVE");
    tracker.set("alice", "s2", "ACTIVE");
    tracker.set("alice", "s1", "ONLINE");
    tracker.remove("alice", "s1");
    tracker.remove("alice", "unknown");
    tracker.remove("alice", "s2");
    await tracker.flush();
    expect(writes).toEqual([
      ["alice", "ONLINE"],
      ["alice", "ACTIVE"],
      ["alice", "ONLINE"],
      ["alice", "ACTIVE"],
      ["alice", null],
    ]);
    expect(tracker.localState("alice")).toBeUndefined();
  });

  it("reports a failed write instead of throwing", async () => {
    const reported: unknown[] = [];
    const tracker = new PresenceTracker(
      () => Promise.reject(new Error("redis down")),
      (error) => reported.push(error),
    );
    tracker.set("bob", "s1", "ONLINE");
    await tracker.flush();
    expect(reported).toHaveLength(1);
  });
});
