import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  employeeIdParamsSchema,
  employeeSchema,
  registerEmployeeSchema,
  updateEmployeeSchema,
} from "../../../shared/employees.ts";
import { realtimeTexts } from "../../../shared/realtime.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { employeeRepository } from "./repository.ts";
import { personSearch } from "./search.ts";

/** Admin dashboard: employee accounts. Every route is admin-only. */
export const employeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.finder.addKind("person", personSearch(app.db));
  const employees = employeeRepository(app.db, {
    // Revoked tokens are refused on the next request; open chat sockets are closed now.
    onSessionsEnded: (username) => app.realtime.disconnectUser(username, realtimeTexts.sessionEnded),
    // The chat (and whoever else keeps data about accounts) listens.
    events: app.accountEvents,
  });
  const admin = { access: "admin" } as const;
  const tags = ["employees"];

  app.get(
    "/admin/employees",
    {
      config: admin,
      schema: {
        tags,
        summary: "Employee accounts, newest first",
        response: { 200: z.array(employeeSchema), ...errorResponses(401, 403) },
      },
    },
    async () => employees.list(),
  );

  app.post(
    "/admin/register-employee",
    {
      config: admin,
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        summary: "Register an employee account",
        body: registerEmployeeSchema,
        response: { 201: employeeSchema, ...errorResponses(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await employees.create(request.body, app.audit.as(request, "employee.create"))),
  );

  app.put(
    "/admin/employees/:id",
    {
      config: admin,
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        summary: "Edit an employee (a blank password keeps the current one)",
        description: "A new password, disabling or renaming ends the employee's sessions.",
        params: employeeIdParamsSchema,
        body: updateEmployeeSchema,
        response: { 200: employeeSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => employees.update(request.params.id, request.body, app.audit.as(request, "employee.update")),
  );

  app.delete(
    "/admin/employees/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Delete an employee account (ends its sessions)",
        params: employeeIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await employees.remove(request.params.id, app.audit.as(request, "employee.delete"));
      return reply.status(204).send(null);
    },
  );
};
