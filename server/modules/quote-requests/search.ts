import { desc } from "drizzle-orm";
import { quoteStatusLabels } from "../../../shared/quote-requests.ts";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import type { Db } from "../../db/client.ts";
import { quoteRequests } from "../../db/schema.ts";
import type { SearchProvider } from "../../plugins/search.ts";
import { searchCondition } from "./repository.ts";

/** Quote requests in search everything (DESIGN §15): admins only, newest first, by the list's own `q`. */
export const quoteRequestSearch =
  (db: Db): SearchProvider =>
  async (who, q, limit) => {
    if (who.role !== "admin") return [];
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
      .where(searchCondition(q))
      .orderBy(desc(quoteRequests.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      title: `${row.reference} · ${row.projectName || row.company || row.name}`,
      subtitle: [row.name, row.company, quoteStatusLabels[row.status]].filter(Boolean).join(" · "),
      url: staffAddresses.quote(row.reference),
    }));
  };
