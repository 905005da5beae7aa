// The staff API contract comes from the shared zod schemas the server is built from.
export type { Activity, Note } from "../../../../shared/activity.ts";
export type { Application, ApplicationPatch, ApplicationStatus } from "../../../../shared/applications.ts";
export type { CurrentUser as Me } from "../../../../shared/auth.ts";
export type { ChatUser as Person } from "../../../../shared/chat.ts";
export {
  type Employee,
  type EmployeeStatus,
  employeeStatuses,
  type RegisterEmployeeInput,
  type UpdateEmployeeInput,
} from "../../../../shared/employees.ts";
export type {
  CreatedFileRequest,
  CreateFileRequest,
  FileRequest,
  ReceivedFile,
} from "../../../../shared/file-requests.ts";
export type { SharedFile, UpdateShare } from "../../../../shared/files.ts";
export type {
  QuoteRequest,
  QuoteRequestFilters,
  QuoteRequestPatch,
  QuoteStatus,
} from "../../../../shared/quote-requests.ts";
