import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { searchQuerySchema, searchResultSchema } from "../../../shared/search.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { currentUser } from "../../plugins/auth.ts";

/**
 * Search everything (DESIGN §15): every kind a module added to `app.finder`, filtered by what the
 * caller may read now. Any signed-in staff member. Registered under /api.
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/search",
    {
      config: { access: "staff" },
      schema: {
        tags: ["search"],
        summary: "Search quote requests, applications, people and chat messages at once",
        description:
          "`q`: the words (each must match). `kinds`: a comma-separated list (quoteRequest, application, " +
          "project, drawing, transmittal, rfi, person, message); all by default. `limit`: items per kind " +
          "(1–20, 5 by default). Only the kinds with items come back, each item with the address it opens.",
        querystring: searchQuerySchema,
        response: { 200: searchResultSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { q, kinds, limit } = request.query;
      return {
        groups: await app.finder.find({ id: user.id, username: user.username, role: user.role }, q, kinds, limit),
      };
    },
  );
};
