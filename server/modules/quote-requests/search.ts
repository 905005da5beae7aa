import { and, desc, eq } from "drizzle-orm";
import { quoteStatusLabels } from "../../../shared/quote-requests.ts";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import type { Db } from "../../db/client.ts";
import { quoteRequests } from "../../db/schema.ts";
import type { SearchProvider } from "../../plugins/search.ts";
import { searchCondition } from "./repository.ts";

/**
 * Quote requests in search everything (DESIGN §15), newest first, by the list's own `q`: every one
 * for an admin, the ones assigned to them for anyone else (decision 043).
 */
export const quoteRequestSearch =
  (db: Db): SearchProvider =>
  async (who, q, limit) => {
    const rows = await db
      .select({
        id: quoteRequests.id,
        reference: quoteRequests.reference,
        name: quoteRequests.name,
        company: quoteRequests.company,
        projectName: quoteRequests.projectName,
        status: quoteRequests.status,
      })
      .from(quoteRequests)
      .where(who.role === "admin" ? searchCondition(q) : and(searchCondition(q), eq(quoteRequests.assigneeId, who.id)))
      .orderBy(desc(quoteRequests.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      title: `${row.reference} · ${row.projectName || row.company || row.name}`,
      subtitle: [row.name, row.company, quoteStatusLabels[row.status]].filter(Boolean).join(" · "),
      url: staffAddresses.quote(row.reference),
    }));
  };
