import { describe, expect, it } from "vitest";
import { changedSince, type SiteImageDetails } from "../../../../shared/site-images.ts";
import { acknowledge, changeFrom, followServer, isDirty, pictureForm } from "./picture-details.ts";

const read: SiteImageDetails = { alt: "A truss", decorative: false, focalX: 0.5, focalY: 0.5 };

describe("a picture's details form", () => {
  it("sends only what the admin changed, with what it was read as, alt text trimmed", () => {
    const form = { ...pictureForm(read), draft: { ...read, alt: "  A roof truss " } };
    expect(isDirty(form)).toBe(true);
    expect(changeFrom(form)).toEqual({ alt: "A roof truss", read: { alt: "A truss" } });
    expect(isDirty(pictureForm(read))).toBe(false);
    expect(changeFrom(pictureForm(read))).toEqual({ read: {} });
  });

  it("follows the server's copy where the admin changed nothing, and keeps what the admin typed", () => {
    const form = { ...pictureForm(read), draft: { ...read, alt: "Mine" } };
    const theirs = { ...read, alt: "Theirs", focalX: 0.2 };
    const next = followServer(form, theirs);
    expect(next.draft).toEqual({ ...read, alt: "Mine", focalX: 0.2 });
    expect(next.base).toEqual({ ...read, focalX: 0.2 });
    // Their focal point is not a conflict of mine: only the alt text goes.
    expect(changeFrom(next)).toEqual({ alt: "Mine", read: { alt: "A truss" } });
  });

  it("against a colleague's change of the same detail: a conflict, then, acknowledged, a save over theirs", () => {
    const form = { ...pictureForm(read), draft: { ...read, alt: "Mine", focalX: 0.9 } };
    const theirs = { ...read, alt: "Theirs", focalY: 0.1 };
    // What the server decides (shared/site-images.ts): the alt text changed since it was read.
    expect(changedSince(changeFrom(form), theirs)).toEqual(["alt"]);
    const { form: rebased, differing } = acknowledge(form, theirs);
    expect(differing).toEqual(["alt", "focalX"]);
    expect(rebased.draft).toEqual({ ...read, alt: "Mine", focalX: 0.9, focalY: 0.1 });
    expect(changedSince(changeFrom(rebased), theirs)).toEqual([]);
    expect(changeFrom(rebased)).toEqual({ alt: "Mine", focalX: 0.9, read: { alt: "Theirs", focalX: 0.5 } });
  });

  it("no conflict when the colleague made the same change, or when nothing was read", () => {
    expect(changedSince({ alt: "Same", read: { alt: "Old" } }, { ...read, alt: "Same" })).toEqual([]);
    expect(changedSince({ alt: "Mine" }, { ...read, alt: "Theirs" })).toEqual([]);
  });
});
