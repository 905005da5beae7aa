/**
 * The database schema (Drizzle), one file per aggregate under schema/; drizzle.config.ts reads it
 * from here. Migrations are generated from it (`npm run db:generate`) and committed.
 */
export * from "./schema/accounts.ts";
export * from "./schema/applications.ts";
export * from "./schema/audit.ts";
export * from "./schema/chat.ts";
export * from "./schema/drawings.ts";
export * from "./schema/files.ts";
export * from "./schema/instance.ts";
export * from "./schema/markups.ts";
export * from "./schema/notifications.ts";
export * from "./schema/projects.ts";
export * from "./schema/quote-requests.ts";
export * from "./schema/site.ts";
export * from "./schema/transmittals.ts";
