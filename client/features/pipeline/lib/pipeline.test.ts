import { describe, expect, it } from "vitest";
import type { QuoteRequest } from "../../../../shared/quote-requests.ts";
import {
  activityText,
  dateInputValue,
  erasureExplanation,
  filtersFromSearch,
  filtersToSearch,
  followUpFromDateInput,
  followUpState,
  formatDuration,
  groupByStage,
  matchesFilters,
  medianResponseTime,
  oldestFirst,
  overviewCounts,
  quoteRequestEditFrom,
  quoteRequestPatch,
  relatedRequests,
} from "./pipeline.ts";

const HOUR = 60 * 60 * 1000;
// Noon local time: "today" is the browser's day, as the admin sees it.
const now = new Date(2026, 10, 25, 12, 0, 0);
const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * HOUR).toISOString();
const localDay = (dayOffset: number, hour: number) => new Date(2026, 10, 25 + dayOffset, hour, 0, 0).toISOString();

function request(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    id: 1,
    name: "Ana",
    email: "ana@example.com",
    company: "Riverside",
    phone: "",
    projectName: "",
    workTypes: [],
    tonsOfSteel: "",
    proposalDate: "",
    projectDate: "",
    scopeOfWork: "",
    projectUrl: "",
    uploadedFilePath: null,
    fileName: null,
    fileType: null,
    submittedAt: at(-48),
    status: "new",
    assignee: null,
    followUpAt: null,
    lostReason: null,
    version: 0,
    reference: "Q-2026-0001",
    related: 0,
    contactedAt: null,
    ...overrides,
  };
}

describe("followUpState", () => {
  it("is overdue before today, due today during today, and scheduled after", () => {
    expect(followUpState(request({ followUpAt: localDay(-1, 23) }), now)).toBe("overdue");
    expect(followUpState(request({ followUpAt: localDay(0, 0) }), now)).toBe("today");
    // Earlier today, even hours ago, is due today rather than overdue.
    expect(followUpState(request({ followUpAt: localDay(0, 8) }), now)).toBe("today");
    expect(followUpState(request({ followUpAt: localDay(0, 23) }), now)).toBe("today");
    expect(followUpState(request({ followUpAt: localDay(1, 0) }), now)).toBe("later");
  });

  it("is null without a date, for a closed request, or for a date that does not parse", () => {
    expect(followUpState(request(), now)).toBeNull();
    expect(followUpState(request({ followUpAt: localDay(-3, 9), status: "won" }), now)).toBeNull();
    expect(followUpState(request({ followUpAt: localDay(-3, 9), status: "lost" }), now)).toBeNull();
    expect(followUpState(request({ followUpAt: "not a date" }), now)).toBeNull();
  });
});

describe("medianResponseTime", () => {
  it("is the median of submitted → first contact over the last 30 days, odd and even counts", () => {
    const odd = [
      { submittedAt: at(-10), contactedAt: at(-9) },
      { submittedAt: at(-20), contactedAt: at(-17) },
      { submittedAt: at(-30), contactedAt: at(-25) },
    ];
    expect(medianResponseTime(odd, now)).toBe(3 * HOUR);
    const even = [...odd, { submittedAt: at(-40), contactedAt: at(-33) }];
    expect(medianResponseTime(even, now)).toBe(4 * HOUR);
  });

  it("leaves out requests never contacted, older than 30 days, or from the future", () => {
    const list = [
      { submittedAt: at(-5), contactedAt: null },
      { submittedAt: at(-31 * 24), contactedAt: at(-31 * 24 + 1) },
      { submittedAt: at(5), contactedAt: at(6) },
      { submittedAt: at(-3), contactedAt: at(-1) },
    ];
    expect(medianResponseTime(list, now)).toBe(2 * HOUR);
    expect(medianResponseTime([{ submittedAt: at(-5), contactedAt: null }], now)).toBeNull();
    expect(medianResponseTime([], now)).toBeNull();
  });

  it("counts a contact stamped before the submission (clock skew) as zero, not negative", () => {
    expect(medianResponseTime([{ submittedAt: at(-2), contactedAt: at(-3) }], now)).toBe(0);
  });
});

describe("formatDuration", () => {
  it("says minutes, hours and days the way people do", () => {
    expect(formatDuration(10_000)).toBe("under a minute");
    expect(formatDuration(45 * 60_000)).toBe("45 min");
    expect(formatDuration(3 * HOUR)).toBe("3 h");
    expect(formatDuration(3 * HOUR + 20 * 60_000)).toBe("3 h 20 min");
    expect(formatDuration(53 * HOUR)).toBe("2 d 5 h");
    expect(formatDuration(48 * HOUR)).toBe("2 d");
  });
});

describe("groupByStage", () => {
  it("gives every stage a column in pipeline order, keeping the list's order within each", () => {
    const list = [
      request({ id: 1, status: "won" }),
      request({ id: 2, status: "new" }),
      request({ id: 3, status: "won" }),
    ];
    const columns = groupByStage(list);
    expect(columns.map((column) => column.status)).toEqual(["new", "contacted", "quoted", "won", "lost"]);
    expect(columns.map((column) => column.items.map((item) => item.id))).toEqual([[2], [], [], [1, 3], []]);
  });
});

describe("filters", () => {
  const list = [
    request({ id: 1, status: "new", assignee: null, followUpAt: localDay(-1, 9) }),
    request({ id: 2, status: "contacted", assignee: "alice", followUpAt: localDay(0, 15) }),
    request({ id: 3, status: "quoted", assignee: "bob", followUpAt: localDay(2, 9) }),
    request({ id: 4, status: "won", assignee: "alice", followUpAt: localDay(-2, 9) }),
  ];
  const ids = (filters: Parameters<typeof matchesFilters>[1]) =>
    list.filter((item) => matchesFilters(item, filters, now)).map((item) => item.id);

  it("filters by stage, assignee (or unassigned) and due date; due today includes overdue", () => {
    expect(ids({})).toEqual([1, 2, 3, 4]);
    expect(ids({ status: "contacted" })).toEqual([2]);
    expect(ids({ assignee: "alice" })).toEqual([2, 4]);
    expect(ids({ assignee: "none" })).toEqual([1]);
    expect(ids({ due: "overdue" })).toEqual([1]);
    expect(ids({ due: "today" })).toEqual([1, 2]);
    expect(ids({ assignee: "alice", due: "today" })).toEqual([2]);
  });

  it("reads the address, dropping unknown stages and due values, and writes it back keeping other params", () => {
    expect(filtersFromSearch(new URLSearchParams("stage=won&assignee=alice&due=today"))).toEqual({
      status: "won",
      assignee: "alice",
      due: "today",
    });
    expect(filtersFromSearch(new URLSearchParams(`stage=hacked&due=soon&assignee=${"x".repeat(65)}`))).toEqual({});
    const written = filtersToSearch(new URLSearchParams("chat=user:bob&stage=new"), { due: "overdue" });
    expect(written.toString()).toBe("chat=user%3Abob&due=overdue");
  });
});

describe("overviewCounts", () => {
  it("counts new requests, follow-ups due today or overdue on open requests, and new unerased applications", () => {
    const counts = overviewCounts(
      [
        { status: "new", followUpAt: null },
        { status: "contacted", followUpAt: localDay(-1, 9) },
        { status: "quoted", followUpAt: localDay(0, 17) },
        { status: "quoted", followUpAt: localDay(3, 9) },
        { status: "lost", followUpAt: localDay(-1, 9) },
      ],
      [
        { status: "new", erasedAt: null },
        { status: "new", erasedAt: at(-1) },
        { status: "screening", erasedAt: null },
      ],
      now,
    );
    expect(counts).toEqual({ newRequests: 1, followUpsDue: 2, applicationsWaiting: 1 });
  });
});

describe("activityText", () => {
  it("names what happened and who did it, per kind", () => {
    expect(activityText({ kind: "created", actor: null, summary: "Quote request Q-2026-0001 received" })).toBe(
      "Received: Quote request Q-2026-0001 received",
    );
    expect(activityText({ kind: "status", actor: "alice", summary: "New → Contacted" })).toBe(
      "Stage changed by alice: New → Contacted",
    );
    expect(activityText({ kind: "note", actor: "bob", summary: "" })).toBe("Note added by bob");
    expect(activityText({ kind: "erased", actor: null, summary: "Retention period ended" })).toBe(
      "Personal data erased automatically: Retention period ended",
    );
    expect(activityText({ kind: "email", actor: null, summary: "Confirmation sent" })).toBe(
      "E-mail sent automatically: Confirmation sent",
    );
  });

  it("sorts a timeline oldest first, ties by id", () => {
    const entries = [
      { id: 3, at: at(-1) },
      { id: 2, at: at(-5) },
      { id: 1, at: at(-1) },
    ];
    expect(oldestFirst(entries).map((entry) => entry.id)).toEqual([2, 1, 3]);
  });
});

describe("follow-up date input", () => {
  it("round-trips a picked day through 09:00 local time, and refuses impossible days", () => {
    const iso = followUpFromDateInput("2026-12-03");
    expect(iso).not.toBeNull();
    expect(new Date(iso as string).getHours()).toBe(9);
    expect(dateInputValue(iso)).toBe("2026-12-03");
    expect(followUpFromDateInput("")).toBeNull();
    expect(followUpFromDateInput("2026-02-30")).toBeNull();
    expect(dateInputValue(null)).toBe("");
  });
});

describe("erasureExplanation", () => {
  it("says when data goes, that consent doubles the period, and what stays once erased", () => {
    const eraseAfter = new Date(2027, 10, 25).toISOString();
    expect(erasureExplanation({ eraseAfter, keepForFutureRoles: false, erasedAt: null })).toMatch(
      /^Erased automatically on .+\.$/,
    );
    expect(erasureExplanation({ eraseAfter, keepForFutureRoles: true, erasedAt: null })).toContain("doubles");
    expect(erasureExplanation({ eraseAfter: null, keepForFutureRoles: false, erasedAt: at(-1) })).toContain(
      "only the position, stage and dates are kept",
    );
  });
});

describe("quoteRequestPatch", () => {
  const read = request({ version: 7, status: "contacted", assignee: "alice", followUpAt: localDay(1, 9) });

  it("is null when nothing changed, and carries only the changed fields with the version read", () => {
    expect(quoteRequestPatch(read, quoteRequestEditFrom(read))).toBeNull();
    expect(quoteRequestPatch(read, { ...quoteRequestEditFrom(read), status: "quoted" })).toEqual({
      version: 7,
      status: "quoted",
    });
    expect(quoteRequestPatch(read, { ...quoteRequestEditFrom(read), assignee: "" })).toEqual({
      version: 7,
      assignee: null,
    });
    expect(quoteRequestPatch(read, { ...quoteRequestEditFrom(read), followUp: "" })).toEqual({
      version: 7,
      followUpAt: null,
    });
  });

  it("sends the reason with a move to lost, and a changed reason on its own", () => {
    expect(quoteRequestPatch(read, { ...quoteRequestEditFrom(read), status: "lost", lostReason: "  Price  " })).toEqual(
      {
        version: 7,
        status: "lost",
        lostReason: "Price",
      },
    );
    const lost = request({ version: 8, status: "lost", lostReason: "Price" });
    expect(quoteRequestPatch(lost, { ...quoteRequestEditFrom(lost), lostReason: "Schedule" })).toEqual({
      version: 8,
      lostReason: "Schedule",
    });
    // Leaving lost does not send the old reason (the server clears it).
    expect(quoteRequestPatch(lost, { ...quoteRequestEditFrom(lost), status: "quoted" })).toEqual({
      version: 8,
      status: "quoted",
    });
  });
});

describe("relatedRequests", () => {
  it("finds others with the same e-mail in any case or the same non-empty company", () => {
    const me = request({ id: 1, email: "Ana@Example.com", company: "" });
    const all = [
      me,
      request({ id: 2, email: "ana@example.com", company: "Other" }),
      request({ id: 3, email: "bo@example.com", company: "" }),
      request({ id: 4, email: "cy@example.com", company: "Riverside" }),
    ];
    expect(relatedRequests(all, me).map((item) => item.id)).toEqual([2]);
    const withCompany = request({ id: 5, email: "x@example.com", company: " riverside " });
    expect(relatedRequests(all, withCompany).map((item) => item.id)).toEqual([4]);
  });
});
