import { type ApplicationStatus, applicationPaths } from "../../../../shared/applications.ts";
import { chatPaths } from "../../../../shared/chat.ts";
import { type QuoteRequestFilters, quoteRequestPaths } from "../../../../shared/quote-requests.ts";

export { applicationPaths, quoteRequestPaths };

/** Every staff API path, in one place (quote requests and applications: their shared contract's paths). */
export const staffPaths = {
  employees: "/api/admin/employees",
  employee: (id: number) => `/api/admin/employees/${id}`,
  registerEmployee: "/api/admin/register-employee",
  files: "/api/admin/files",
  file: (id: number) => `/api/admin/files/${id}`,
  uploadFile: "/api/admin/files/upload",
  /** DESIGN §12: links through which clients send files. */
  fileRequests: "/api/admin/file-requests",
  fileRequest: (id: number) => `/api/admin/file-requests/${id}`,
  me: "/api/auth/me",
  /** The staff directory (the chat's list of people, with each account's kind): where admins are found. */
  people: chatPaths.users,
  newsletterExport: "/api/newsletter/export.csv",
} as const;

/** The subject of notes and a timeline: a quote request or an application. */
export type WorkItem = { kind: "quote"; id: number } | { kind: "application"; id: number };

/** TanStack Query keys of the staff area. */
export const staffKeys = {
  all: ["staff"] as const,
  employees: ["staff", "employees"] as const,
  files: ["staff", "files"] as const,
  fileRequests: ["staff", "file-requests"] as const,
  me: ["staff", "me"] as const,
  people: ["staff", "people"] as const,
  quoteRequests: ["staff", "quote-requests"] as const,
  quoteRequestList: (q: string, filters: QuoteRequestFilters) =>
    ["staff", "quote-requests", "list", q, filters] as const,
  applications: ["staff", "applications"] as const,
  applicationList: (q: string, status?: ApplicationStatus) =>
    ["staff", "applications", "list", q, status ?? ""] as const,
  /** Notes and timeline live under their item's key, so invalidating the item's list refreshes them too. */
  notes: (item: WorkItem) =>
    [...(item.kind === "quote" ? ["staff", "quote-requests"] : ["staff", "applications"]), "notes", item.id] as const,
  activity: (item: WorkItem) =>
    [
      ...(item.kind === "quote" ? ["staff", "quote-requests"] : ["staff", "applications"]),
      "activity",
      item.id,
    ] as const,
};

/** The notes and activity paths of a work item. */
export const workItemPaths = (item: WorkItem) =>
  item.kind === "quote"
    ? { notes: quoteRequestPaths.notes(item.id), activity: quoteRequestPaths.activity(item.id) }
    : { notes: applicationPaths.notes(item.id), activity: applicationPaths.activity(item.id) };
