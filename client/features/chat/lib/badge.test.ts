import { describe, expect, it } from "vitest";
import { badgeText, mentionLabel, unreadLabel } from "./badge.ts";

describe("badgeText", () => {
  it("shows nothing without unread messages", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
  });

  it("shows the count up to 99 and 99+ above", () => {
    expect(badgeText(1)).toBe("1");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
    expect(badgeText(12_345)).toBe("99+");
  });

  it("gives screen readers a sentence", () => {
    expect(unreadLabel(1)).toBe("1 unread message");
    expect(unreadLabel(4)).toBe("4 unread messages");
    expect(unreadLabel(150)).toBe("99+ unread messages");
    expect(unreadLabel(0)).toBeNull();
  });
});

describe("mention badge", () => {
  it("tells screen readers what the @ means", () => {
    expect(mentionLabel).toBe("You were mentioned");
  });
});
