// The pipeline's API contract comes from the shared zod schemas the server is built from.
export type { Activity, Note } from "../../../../shared/activity.ts";
export type { Application, ApplicationPatch, ApplicationStatus } from "../../../../shared/applications.ts";
export type { ChatUser as Person } from "../../../../shared/chat.ts";
export type {
  QuoteRequest,
  QuoteRequestFilters,
  QuoteRequestPatch,
  QuoteStatus,
} from "../../../../shared/quote-requests.ts";
