import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  type ResponseLabels,
  responseKeys,
  responseLabelsAnswerSchema,
  saveResponseLabelsSchema,
  transmittalPaths,
} from "../../../shared/transmittals.ts";
import { conflict } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { currentUser } from "../../plugins/auth.ts";
import { responseLabelRepository } from "./response-label-repository.ts";

const staleMessage =
  "Someone changed the response labels since you opened them. Reload them and make your change again.";

/** The path under the /api prefix the module is registered with. */
const path = transmittalPaths.responseLabels.replace(/^\/api/, "");

/** The audit log's words for a rename: each changed label, old → new. */
function describeRename(before: ResponseLabels, after: ResponseLabels): string {
  const changes = responseKeys
    .filter((key) => before[key] !== after[key])
    .map((key) => `${before[key]} → ${after[key]}`);
  return changes.length > 0 ? changes.join("; ") : "nothing";
}

/**
 * DESIGN §16: the words of the review's four responses, which an admin may rename. Any staff
 * reads them (the transmittal log shows them); admins change them, with the version read (409
 * when stale). A static path: the router prefers it to `/projects/:job` whatever the order, and a
 * job number is never lower case. Registered inside the projects routes.
 */
export const responseLabelRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = responseLabelRepository(app.db);
  const tags = ["transmittals"];

  app.get(
    path,
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "The words of the review's responses (Approved, Approved as noted, …) and their version",
        response: { 200: responseLabelsAnswerSchema, ...errorResponses(401) },
      },
    },
    () => repository.current(),
  );

  app.put(
    path,
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Rename the review's responses (admins), with the version read: 409 when someone changed them since",
        description:
          "Each label 1–40 characters, no two alike (whatever their case). Responses are stored by key: " +
          "answers already given show the new words.",
        body: saveResponseLabelsSchema,
        response: { 200: responseLabelsAnswerSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { labels, version } = request.body;
      const user = currentUser(request);
      await app.db.transaction(async (tx) => {
        const before = await repository.labels(tx);
        if (!(await repository.save(tx, labels, version, user.id))) throw conflict(staleMessage);
        await app.audit.as(request, "transmittal.labels")(tx, {
          target: "settings:responseLabels",
          summary: `Renamed the review's responses: ${describeRename(before, labels)}`,
        });
      });
      request.log.info({ by: user.username }, "response labels renamed");
      return repository.current();
    },
  );
};
