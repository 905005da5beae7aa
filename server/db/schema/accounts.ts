/** Staff accounts and what logging in keeps (decision 011). */
import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns.ts";

/** Staff accounts. `kind` is the login role (admin | employee); `jobRole` is the free-text job title. */
export const users = pgTable(
  "users",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind", { enum: ["admin", "employee"] }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    jobRole: text("job_role").notNull().default(""),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    status: text("status", { enum: ["active", "disabled"] })
      .notNull()
      .default("active"),
    performance: integer("performance").notNull().default(0),
    projects: jsonb("projects").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Bumped on password change / disable: every token carrying an older version is refused. */
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`)],
);

/**
 * Failed logins (decision 011): per account and address pair (`address` set), and per account from
 * every address (`address` = ''), in fixed windows. `account` is lower(username), known or not.
 * Kept in the database so the limits hold across server instances.
 */
export const loginFailures = pgTable(
  "login_failures",
  {
    account: text("account").notNull(),
    address: text("address").notNull(),
    failures: integer("failures").notNull(),
    windowStartedAt: timestamptz("window_started_at").notNull(),
    lastFailedAt: timestamptz("last_failed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] })],
);

/** Addresses an account has logged in from: its own failures elsewhere do not slow it down from these. */
export const loginAddresses = pgTable(
  "login_addresses",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    lastLoginAt: timestamptz("last_login_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] }), index("login_addresses_last_login_at_idx").on(t.lastLoginAt)],
);

/** Sessions ended by logout (the token's `jti`), kept until the token would have expired anyway. */
export const revokedSessions = pgTable(
  "revoked_sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [index("revoked_sessions_expires_at_idx").on(t.expiresAt)],
);
