import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditPageSchema, auditPaths, auditQuerySchema } from "../../../shared/audit.ts";
import { sendCsv } from "../../lib/downloads.ts";
import { badRequest } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { auditCsv } from "./csv.ts";
import { auditRepository, CSV_MAX_ROWS, toAuditEntry } from "./repository.ts";

const listPath = auditPaths.list.replace(/^\/api/, "");

/**
 * The audit log's admin side (DESIGN §11): the filtered, paged list and its CSV. Read-only by
 * design: no route changes or deletes an entry (the retention sweep is retention.ts). Registered
 * under /api.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = auditRepository(app.db);

  app.get(
    listPath,
    {
      config: { access: "admin" },
      schema: {
        tags: ["audit"],
        summary: "The audit log, newest first (admins)",
        description:
          "Exact `actor` and `action`; `from` (inclusive) and `to` (exclusive) are ISO times; `page` from 0, " +
          `\`size\` 1–200 (default 50). \`format=csv\` answers every match (at most ${CSV_MAX_ROWS}, newest first) ` +
          "as CSV with the columns at, actor, action, target, summary, ip; paging is ignored.",
        querystring: auditQuerySchema,
        response: {
          200: z.union([auditPageSchema, z.string().describe("text/csv")]),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { actor, action, from, to, page, size, format } = request.query;
      if (from !== undefined && to !== undefined && Date.parse(from) >= Date.parse(to)) {
        throw badRequest("Some filters are not valid.", { to: "“to” must be later than “from”" });
      }
      const filters = { actor, action, from, to };
      if (format === "csv") return sendCsv(reply, "audit-log", auditCsv(await repository.all(filters)));
      const { rows, total } = await repository.page(filters, page, size);
      return {
        content: rows.map(toAuditEntry),
        page,
        size,
        totalElements: total,
        last: (page + 1) * size >= total,
      };
    },
  );
};
