import { describe, expect, it } from "vitest";
import { auditQueryFrom, emptyAuditFilters, pageLabel } from "./audit-filters.ts";

describe("audit filters", () => {
  it("leaves out what is blank", () => {
    expect(auditQueryFrom({ ...emptyAuditFilters, actor: "   " })).toEqual({
      query: { actor: undefined, action: undefined, from: undefined, to: undefined },
    });
  });

  it("turns local days into an inclusive range: from the start of the first to the start of the day after the last", () => {
    const { query, error } = auditQueryFrom({
      actor: " admin ",
      action: "auth.login",
      from: "2026-11-02",
      to: "2026-11-03",
    });
    expect(error).toBeUndefined();
    expect(query.actor).toBe("admin");
    expect(query.action).toBe("auth.login");
    expect(query.from).toBe(new Date(2026, 10, 2).toISOString());
    expect(query.to).toBe(new Date(2026, 10, 4).toISOString());
    // One day on its own is that whole day.
    const single = auditQueryFrom({ ...emptyAuditFilters, from: "2026-12-31", to: "2026-12-31" });
    expect(single.error).toBeUndefined();
    expect(single.query.to).toBe(new Date(2027, 0, 1).toISOString());
  });

  it("refuses a last day before the first, and ignores what is not a day", () => {
    expect(auditQueryFrom({ ...emptyAuditFilters, from: "2026-11-05", to: "2026-11-04" }).error).toMatch(/before/);
    expect(auditQueryFrom({ ...emptyAuditFilters, from: "soon" }).query.from).toBeUndefined();
  });

  it("counts pages from 1, an empty log being page 1 of 1", () => {
    expect(pageLabel(0, 50, 0)).toEqual({ current: 1, pages: 1 });
    expect(pageLabel(1, 50, 101)).toEqual({ current: 2, pages: 3 });
    expect(pageLabel(9, 50, 101)).toEqual({ current: 3, pages: 3 });
  });
});
