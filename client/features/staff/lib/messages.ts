import { HttpError } from "~/lib/http-error";

/** The admin dashboard's exact texts (SPEC §8). */
export const staffMessages = {
  registered: "Employee registered successfully!",
  registerFailed: "Employee registration failed.",
  updated: "Employee updated successfully!",
  updateFailed: "Employee update failed.",
  deleted: "Employee deleted successfully!",
  deleteFailed: "Employee deletion failed.",
  listFailed: "Failed to fetch employee list.",
  uploaded: "File uploaded successfully!",
  uploadFailed: "File upload failed.",
  adminDenied: "Access Denied. Please log in as an Admin.",
  employeeDenied: "Access Denied. Please log in as an Employee.",
} as const;

/** The server's `{message}` when it sent one, else the fallback text. */
export function messageFrom(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.serverMessage ? error.serverMessage : fallback;
}

/** Field errors from a 400 answer (`errors: {field: text}`), or an empty object. */
export function fieldErrorsFrom(error: unknown): Record<string, string> {
  return error instanceof HttpError && error.errors ? error.errors : {};
}
