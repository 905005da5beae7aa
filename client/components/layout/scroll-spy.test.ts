import { describe, expect, it } from "vitest";
import { pickActiveSection } from "./scroll-spy.ts";

const sections = [
  { id: "home-section", top: -900, bottom: -100 },
  { id: "about-section", top: -100, bottom: 500 },
  { id: "services-section", top: 500, bottom: 1400 },
];

describe("pickActiveSection", () => {
  it("picks the section that spans the middle of the viewport", () => {
    expect(pickActiveSection(sections, 800)).toBe("about-section");
    expect(pickActiveSection(sections, 1200)).toBe("services-section");
  });

  it("treats a section's bottom edge as outside it", () => {
    expect(
      pickActiveSection(
        [
          { id: "a", top: 0, bottom: 400 },
          { id: "b", top: 400, bottom: 900 },
        ],
        800,
      ),
    ).toBe("b");
  });

  it("falls back to the last section above the middle when the middle is in a gap", () => {
    const gapped = [
      { id: "a", top: -500, bottom: 100 },
      { id: "b", top: 300, bottom: 600 },
      { id: "c", top: 900, bottom: 1500 },
    ];
    expect(pickActiveSection(gapped, 1400)).toBe("b");
  });

  it("returns null before any section reaches the middle", () => {
    expect(pickActiveSection([{ id: "a", top: 600, bottom: 900 }], 800)).toBeNull();
    expect(pickActiveSection([], 800)).toBeNull();
  });
});
