import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Employee, EmployeeStatus } from "../../../shared/employees.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/password-hashing.ts";
import { assertNewPassword } from "../../lib/password-policy.ts";
import { isUniqueViolation } from "../../lib/schemas.ts";
import type { AccountEvents } from "../../plugins/account-events.ts";

/** The columns an Employee is made of: password hashes and token versions never leave the table. */
const employeeColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  jobRole: users.jobRole,
  username: users.username,
  status: users.status,
  performance: users.performance,
  projects: users.projects,
  createdAt: users.createdAt,
};
type EmployeeRow = { [K in keyof typeof employeeColumns]: (typeof users.$inferSelect)[K] };

const toEmployee = (row: EmployeeRow): Employee => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.jobRole,
  username: row.username,
  status: row.status,
  performance: row.performance,
  projects: row.projects,
  createdAt: row.createdAt.toISOString(),
});

const usernameTaken = (username: string) => conflict(`Username "${username}" is already taken.`);
const isEmployee = (id: number) => and(eq(users.id, id), eq(users.kind, "employee"));

export interface NewEmployee {
  name: string;
  email: string;
  role: string;
  username: string;
  password: string;
}

/**
 * Writes the audit entry of a change in the change's own transaction (DESIGN §11), so the entry
 * commits or rolls back with it. The summary never holds a password.
 */
export type AuditWriter = (tx: Db, entry: { target: string; summary: string }) => Promise<void>;

/** "Updated bob: password changed; disabled" (field names and states, never a password). */
export function updateSummary(
  current: {
    username: string;
    name: string;
    email: string;
    jobRole: string;
    status: EmployeeStatus;
    performance: number;
    projects: string[];
  },
  changes: EmployeeChanges,
): string {
  const parts: string[] = [];
  if (changes.username !== current.username) parts.push(`renamed to ${changes.username}`);
  if (changes.password !== undefined) parts.push("password changed");
  if (changes.status !== current.status) parts.push(changes.status === "disabled" ? "disabled" : "enabled");
  const fields = [
    changes.name !== current.name && "name",
    changes.email !== current.email && "email",
    changes.role !== current.jobRole && "role",
    changes.performance !== current.performance && "performance",
    changes.projects.join("\n") !== current.projects.join("\n") && "projects",
  ].filter((field): field is string => typeof field === "string");
  if (fields.length > 0) parts.push(`changed ${fields.join(", ")}`);
  return `Updated employee ${current.username}: ${parts.length > 0 ? parts.join("; ") : "no changes"}`;
}

export interface EmployeeChanges {
  name: string;
  email: string;
  role: string;
  username: string;
  /** undefined keeps the current password. */
  password?: string;
  status: EmployeeStatus;
  performance: number;
  projects: string[];
}

/** Employee accounts (users of kind `employee`). Admin accounts are out of reach of this module. */
export interface EmployeeRepositoryOptions {
  /** Called after a change that ends an account's sessions (the live sockets must close too). */
  onSessionsEnded?: (username: string) => Promise<void>;
  /** Told what happens to accounts: the modules that keep data about them listen (the chat). */
  events?: Pick<AccountEvents, "deleting" | "changed">;
}

export function employeeRepository(db: Db, options: EmployeeRepositoryOptions = {}) {
  async function usernameInUse(username: string, exceptId?: number) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(sql`lower(${users.username})`, username.toLowerCase()),
          exceptId === undefined ? undefined : ne(users.id, exceptId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  return {
    /** Newest first. */
    async list(): Promise<Employee[]> {
      const rows = await db
        .select(employeeColumns)
        .from(users)
        .where(eq(users.kind, "employee"))
        .orderBy(desc(users.createdAt), desc(users.id));
      return rows.map(toEmployee);
    },

    async create(input: NewEmployee, audit?: AuditWriter): Promise<Employee> {
      if (await usernameInUse(input.username)) throw usernameTaken(input.username);
      assertNewPassword(input.password, input);
      const passwordHash = await hashPassword(input.password);
      try {
        const row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(users)
            .values({
              kind: "employee",
              name: input.name,
              email: input.email,
              jobRole: input.role,
              username: input.username,
              passwordHash,
            })
            .returning(employeeColumns);
          const created = inserted as EmployeeRow;
          await audit?.(tx as unknown as Db, {
            target: `employee:${created.id}`,
            summary: `Created employee ${created.username} (${created.name})`,
          });
          return created;
        });
        return toEmployee(row);
      } catch (error) {
        // Two admins registering the same username at once: the unique index decides.
        if (isUniqueViolation(error)) throw usernameTaken(input.username);
        throw error;
      }
    },

    /**
     * Applies exactly the listed fields. A new password, disabling, or a new username ends the
     * employee's sessions (token_version + 1).
     */
    async update(id: number, changes: EmployeeChanges, audit?: AuditWriter): Promise<Employee> {
      const [current] = await db.select().from(users).where(isEmployee(id)).limit(1);
      if (!current) throw notFound("No such employee.");
      if (
        changes.username.toLowerCase() !== current.username.toLowerCase() &&
        (await usernameInUse(changes.username, id))
      ) {
        throw usernameTaken(changes.username);
      }
      if (changes.password !== undefined) assertNewPassword(changes.password, changes);
      const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);
      const endsSessions =
        passwordHash !== undefined ||
        (changes.status === "disabled" && current.status !== "disabled") ||
        changes.username !== current.username;
      try {
        const row = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(users)
            .set({
              name: changes.name,
              email: changes.email,
              jobRole: changes.role,
              username: changes.username,
              status: changes.status,
              performance: changes.performance,
              projects: changes.projects,
              ...(passwordHash === undefined ? {} : { passwordHash }),
              ...(endsSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
              updatedAt: new Date(),
            })
            .where(isEmployee(id))
            .returning(employeeColumns);
          if (updated) {
            await audit?.(tx as unknown as Db, { target: `employee:${id}`, summary: updateSummary(current, changes) });
          }
          return updated;
        });
        if (!row) throw notFound("No such employee.");
        const account = { id, username: current.username };
        if (changes.username !== current.username) options.events?.changed(account, "renamed");
        if (changes.status === "disabled" && current.status !== "disabled")
          options.events?.changed(account, "disabled");
        else if (endsSessions) options.events?.changed(account, "sessions-ended");
        if (endsSessions) await options.onSessionsEnded?.(current.username);
        return toEmployee(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw usernameTaken(changes.username);
        throw error;
      }
    },

    async remove(id: number, audit?: AuditWriter): Promise<void> {
      const deleted = await db.transaction(async (tx) => {
        // Locked: the name the listeners copy is the one the account has when it goes.
        const [row] = await tx
          .select({ id: users.id, username: users.username })
          .from(users)
          .where(isEmployee(id))
          .for("update");
        if (!row) return undefined;
        await options.events?.deleting(tx as unknown as Db, row);
        await tx.delete(users).where(eq(users.id, row.id));
        await audit?.(tx as unknown as Db, {
          target: `employee:${row.id}`,
          summary: `Deleted employee ${row.username}`,
        });
        return row;
      });
      if (!deleted) throw notFound("No such employee.");
      options.events?.changed(deleted, "deleted");
      await options.onSessionsEnded?.(deleted.username);
    },
  };
}

export type EmployeeRepository = ReturnType<typeof employeeRepository>;
