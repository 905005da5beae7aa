import { and, desc, isNull } from "drizzle-orm";
import { applicationStatusLabels } from "../../../shared/applications.ts";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import type { Db } from "../../db/client.ts";
import { jobApplications } from "../../db/schema.ts";
import type { SearchProvider } from "../../plugins/search.ts";
import { searchCondition } from "./repository.ts";

/**
 * Applications in search everything (DESIGN §15): admins only, newest first, by the list's own `q`.
 * An erased application is never found: what it was found by is gone.
 */
export const applicationSearch =
  (db: Db): SearchProvider =>
  async (who, q, limit) => {
    if (who.role !== "admin") return [];
    const rows = await db
      .select({
        id: jobApplications.id,
        name: jobApplications.name,
        position: jobApplications.position,
        status: jobApplications.status,
      })
      .from(jobApplications)
      .where(and(searchCondition(q), isNull(jobApplications.erasedAt)))
      .orderBy(desc(jobApplications.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      title: row.name,
      subtitle: `${row.position} · ${applicationStatusLabels[row.status]}`,
      url: staffAddresses.application(row.id),
    }));
  };
