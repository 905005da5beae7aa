import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Project } from "../../../shared/projects.ts";
import type { Db } from "../../db/client.ts";
import { projectMembers, projects, users } from "../../db/schema.ts";
import type { AccountRef } from "../../plugins/account-events.ts";
import { activeAccountsNamed } from "../accounts/active-accounts.ts";
import { wordSearch } from "../activity/search.ts";

/** Who asks: an admin reads every project, anyone else the ones whose team they are on. */
export interface ProjectReader {
  id: number;
  role: "admin" | "employee";
}

/** The fields a create or an update writes (the job number never changes). */
export interface ProjectFields {
  name: string;
  clientCompany: string;
  clientContact: string;
  clientEmail: string;
  fabricator: string;
  dueDate: string | null;
}

export const projectSearchCondition = wordSearch([
  projects.job,
  projects.name,
  projects.clientCompany,
  projects.fabricator,
]);

const columns = {
  id: projects.id,
  job: projects.job,
  name: projects.name,
  clientCompany: projects.clientCompany,
  clientContact: projects.clientContact,
  clientEmail: projects.clientEmail,
  fabricator: projects.fabricator,
  dueDate: projects.dueDate,
  chatGroupId: projects.chatGroupId,
  version: projects.version,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

export type ProjectRow = { id: number } & Omit<Project, "client" | "createdAt" | "updatedAt"> &
  Pick<ProjectFields, "clientCompany" | "clientContact" | "clientEmail"> & { createdAt: Date; updatedAt: Date };

export const toProject = (row: ProjectRow): Project => ({
  job: row.job,
  name: row.name,
  client: { company: row.clientCompany, contact: row.clientContact, email: row.clientEmail },
  fabricator: row.fabricator,
  dueDate: row.dueDate,
  team: row.team,
  chatGroupId: row.chatGroupId,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The reader's projects, or every one for an admin: a condition on `projects`. */
export const readableBy = (db: Db, who: ProjectReader): SQL | undefined =>
  who.role === "admin"
    ? undefined
    : inArray(
        projects.id,
        db.select({ id: projectMembers.projectId }).from(projectMembers).where(eq(projectMembers.userId, who.id)),
      );

/** DESIGN §16 projects and their teams. */
export function projectRepository(db: Db) {
  /** The rows with their teams' usernames, in order (one query for all of them). */
  async function withTeams(rows: Omit<ProjectRow, "team">[]): Promise<ProjectRow[]> {
    if (rows.length === 0) return [];
    const members = await db
      .select({ projectId: projectMembers.projectId, username: users.username })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(
        inArray(
          projectMembers.projectId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(sql`lower(${users.username})`));
    const teams = new Map<number, string[]>(rows.map((row) => [row.id, []]));
    for (const member of members) teams.get(member.projectId)?.push(member.username);
    return rows.map((row) => ({ ...row, team: teams.get(row.id) ?? [] }));
  }

  return {
    /** The active accounts named (any case), by the name as asked. */
    activeAccounts: (usernames: readonly string[]): Promise<Map<string, AccountRef>> =>
      activeAccountsNamed(db, usernames),

    /** The projects `who` may read, by job number. */
    async list(who: ProjectReader): Promise<ProjectRow[]> {
      return withTeams(await db.select(columns).from(projects).where(readableBy(db, who)).orderBy(asc(projects.job)));
    },

    /** One project by its job number, if `who` may read it (undefined otherwise, as if there were none). */
    async byJob(job: string, who?: ProjectReader): Promise<ProjectRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(projects)
        .where(and(eq(projects.job, job), who ? readableBy(db, who) : undefined))
        .limit(1);
      return row ? (await withTeams([row]))[0] : undefined;
    },

    /** Writes a new project and its team in the caller's transaction; its id. */
    async insert(tx: Db, input: ProjectFields & { job: string; chatGroupId: number }, teamIds: number[]) {
      const [row] = await tx.insert(projects).values(input).returning({ id: projects.id });
      if (!row) throw new Error("project insert returned nothing");
      await this.setTeam(tx, row.id, teamIds);
      return row.id;
    },

    /**
     * Writes an update in the caller's transaction when the project is still at `version`; false
     * when it is not (someone changed it since it was read).
     */
    async update(tx: Db, id: number, version: number, fields: Partial<ProjectFields>): Promise<boolean> {
      const updated = await tx
        .update(projects)
        .set({ ...fields, version: sql`${projects.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(projects.id, id), eq(projects.version, version)))
        .returning({ id: projects.id });
      return updated.length === 1;
    },

    /** Replaces the team in the caller's transaction. */
    async setTeam(tx: Db, projectId: number, userIds: number[]): Promise<void> {
      await tx.delete(projectMembers).where(eq(projectMembers.projectId, projectId));
      if (userIds.length > 0) {
        await tx.insert(projectMembers).values([...new Set(userIds)].map((userId) => ({ projectId, userId })));
      }
    },
  };
}

export type ProjectRepository = ReturnType<typeof projectRepository>;
