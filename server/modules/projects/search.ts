import { and, desc } from "drizzle-orm";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import type { Db } from "../../db/client.ts";
import { projects } from "../../db/schema.ts";
import type { SearchProvider } from "../../plugins/search.ts";
import { projectSearchCondition, readableBy } from "./repository.ts";

/**
 * Projects in search everything (DESIGN §15), by job number, name, client or fabricator, newest
 * first: every one for an admin, the ones whose team they are on for anyone else (DESIGN §16).
 */
export const projectSearch =
  (db: Db): SearchProvider =>
  async (who, q, limit) => {
    const rows = await db
      .select({
        id: projects.id,
        job: projects.job,
        name: projects.name,
        clientCompany: projects.clientCompany,
        fabricator: projects.fabricator,
      })
      .from(projects)
      .where(and(projectSearchCondition(q), readableBy(db, who)))
      .orderBy(desc(projects.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      title: `${row.job} · ${row.name}`,
      subtitle: [row.clientCompany, row.fabricator].filter(Boolean).join(" · "),
      url: staffAddresses.project(row.job),
    }));
  };
