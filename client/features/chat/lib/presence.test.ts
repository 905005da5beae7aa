import { describe, expect, it } from "vitest";
import { avatarColor, initials } from "./avatar.ts";
import { compareByPresence, presenceFor, statusLook } from "./presence.ts";
import { pushAvailability, vapidKeyBytes } from "./push.ts";

describe("status dots", () => {
  it("shows ONLINE green, ACTIVE yellow and everything else grey, each with a word", () => {
    expect(statusLook("ONLINE")).toEqual({ label: "Online", dot: "bg-emerald-500" });
    expect(statusLook("ACTIVE")).toEqual({ label: "Away", dot: "bg-amber-400" });
    expect(statusLook("OFFLINE").dot).toBe("bg-steel-300");
    expect(statusLook("BUSY").label).toBe("Offline");
    expect(statusLook(undefined).label).toBe("Offline");
  });

  it("reports ONLINE only when the page is visible and in use", () => {
    expect(presenceFor({ hidden: false, idle: false })).toBe("ONLINE");
    expect(presenceFor({ hidden: true, idle: false })).toBe("ACTIVE");
    expect(presenceFor({ hidden: false, idle: true })).toBe("ACTIVE");
  });

  it("sorts online people first, then by name", () => {
    const people = [
      { status: "OFFLINE", name: "Ann", username: "ann" },
      { status: "ACTIVE", name: "Zoe", username: "zoe" },
      { status: "ONLINE", name: "Yan", username: "yan" },
      { status: "ONLINE", name: "bea", username: "bea" },
    ];
    expect([...people].sort(compareByPresence).map((p) => p.username)).toEqual(["bea", "yan", "zoe", "ann"]);
  });
});

describe("avatars", () => {
  it("takes up to two initials", () => {
    expect(initials("Priya Nair")).toBe("PN");
    expect(initials("jane.doe")).toBe("JD");
    expect(initials("admin")).toBe("A");
    expect(initials("  ")).toBe("?");
  });

  it("gives a person the same colour every time", () => {
    expect(avatarColor("alice")).toBe(avatarColor("alice"));
    expect(avatarColor("alice")).toMatch(/^bg-/);
  });
});

describe("web push helpers", () => {
  it("decodes a base64url VAPID key", () => {
    expect([...vapidKeyBytes("AQID_-8")]).toEqual([1, 2, 3, 255, 239]);
  });

  it("knows when push cannot work", () => {
    expect(pushAvailability({ hasServiceWorker: false, hasPushManager: true, permission: "default" })).toBe(
      "unsupported",
    );
    expect(pushAvailability({ hasServiceWorker: true, hasPushManager: true, permission: undefined })).toBe(
      "unsupported",
    );
    expect(pushAvailability({ hasServiceWorker: true, hasPushManager: true, permission: "granted" })).toBe("granted");
  });
});
