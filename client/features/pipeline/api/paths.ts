import { type ApplicationStatus, applicationPaths } from "../../../../shared/applications.ts";
import { chatPaths } from "../../../../shared/chat.ts";
import { type QuoteRequestFilters, quoteRequestPaths } from "../../../../shared/quote-requests.ts";

export { applicationPaths, quoteRequestPaths };

/** The pipeline's other API paths (quote requests and applications: their shared contract's paths). */
export const pipelinePaths = {
  /** The staff directory (the chat's list of people, with each account's kind): where admins are found. */
  people: chatPaths.users,
  newsletterExport: "/api/newsletter/export.csv",
} as const;

/** The subject of notes and a timeline: a quote request or an application. */
export type WorkItem = { kind: "quote"; id: number } | { kind: "application"; id: number };

/** TanStack Query keys of the pipeline. */
export const pipelineKeys = {
  people: ["pipeline", "people"] as const,
  quoteRequests: ["pipeline", "quote-requests"] as const,
  quoteRequestList: (q: string, filters: QuoteRequestFilters) =>
    ["pipeline", "quote-requests", "list", q, filters] as const,
  applications: ["pipeline", "applications"] as const,
  applicationList: (q: string, status?: ApplicationStatus) =>
    ["pipeline", "applications", "list", q, status ?? ""] as const,
  /** Notes and timeline live under their item's key, so invalidating the item's list refreshes them too. */
  notes: (item: WorkItem) =>
    [
      ...(item.kind === "quote" ? ["pipeline", "quote-requests"] : ["pipeline", "applications"]),
      "notes",
      item.id,
    ] as const,
  activity: (item: WorkItem) =>
    [
      ...(item.kind === "quote" ? ["pipeline", "quote-requests"] : ["pipeline", "applications"]),
      "activity",
      item.id,
    ] as const,
};

/** The notes and activity paths of a work item. */
export const workItemPaths = (item: WorkItem) =>
  item.kind === "quote"
    ? { notes: quoteRequestPaths.notes(item.id), activity: quoteRequestPaths.activity(item.id) }
    : { notes: applicationPaths.notes(item.id), activity: applicationPaths.activity(item.id) };
