import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createProjectSchema,
  jobSchema,
  projectGroupName,
  projectSchema,
  updateProjectSchema,
} from "../../../shared/projects.ts";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { errorResponses, isUniqueViolation } from "../../lib/schemas.ts";
import type { AccountRef } from "../../plugins/account-events.ts";
import { currentUser } from "../../plugins/auth.ts";
import { drawingAssignRoutes } from "./drawing-assign-routes.ts";
import { drawingRoutes } from "./drawing-routes.ts";
import { revokeMarkupTopics } from "./markup-live.ts";
import { markupPdfRoutes } from "./markup-pdf-routes.ts";
import { markupRoutes } from "./markup-routes.ts";
import { myDayRoutes } from "./my-day.ts";
import { projectFileRoutes } from "./project-file-routes.ts";
import { type ProjectFields, type ProjectRow, projectRepository, toProject } from "./repository.ts";
import { responseLabelRoutes } from "./response-label-routes.ts";
import { rfiRoutes } from "./rfi-routes.ts";
import { drawingSearch, markupSearch, projectSearch, rfiSearch, transmittalSearch } from "./search.ts";
import { transmittalRoutes } from "./transmittal-routes.ts";

const jobParams = z.object({ job: jobSchema });
const noSuchProject = "No such project.";
const staleMessage = "Someone changed this project since you opened it. Reload it and make your change again.";

/** What the audit log calls a project. */
const projectTarget = (job: string) => `project:${job}`;

/** Usernames as the audit log lists them: in order, at most ten. */
const names = (list: string[]) => {
  const sorted = [...list].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  if (sorted.length === 0) return "nobody";
  return sorted.length <= 10 ? sorted.join(", ") : `${sorted.slice(0, 10).join(", ")} and ${sorted.length - 10} more`;
};

/**
 * DESIGN §16 projects. Admins create and edit them; a team member reads theirs; to anyone else a
 * project does not exist (404, and nothing in lists or search). Each project has a chat group
 * (`{job} {name}`, its members the team) kept in step in the same transaction as the change.
 * Registered under /api.
 */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = projectRepository(app.db);
  app.finder.addKind("project", projectSearch(app.db));
  app.finder.addKind("drawing", drawingSearch(app.db));
  app.finder.addKind("transmittal", transmittalSearch(app.db));
  app.finder.addKind("rfi", rfiSearch(app.db));
  app.finder.addKind("markup", markupSearch(app.db));
  await app.register(drawingRoutes);
  await app.register(drawingAssignRoutes);
  await app.register(markupRoutes);
  await app.register(markupPdfRoutes);
  await app.register(myDayRoutes);
  await app.register(transmittalRoutes);
  await app.register(rfiRoutes);
  await app.register(responseLabelRoutes);
  await app.register(projectFileRoutes);
  const tags = ["projects"];

  /** The accounts of a team, every name an active one (any case), in the order given. */
  const teamOf = async (usernames: string[]): Promise<AccountRef[]> => {
    const unique = [...new Map(usernames.map((name) => [name.toLowerCase(), name])).values()];
    const found = await repository.activeAccounts(unique);
    const unknown = unique.filter((name) => !found.has(name));
    if (unknown.length > 0) {
      throw badRequest("Some team members are not valid.", {
        team: `No such active account: ${unknown.slice(0, 5).join(", ")}`,
      });
    }
    return unique.map((name) => found.get(name)!);
  };

  const load = async (job: string): Promise<ProjectRow> => {
    const row = await repository.byJob(job);
    if (!row) throw notFound(noSuchProject);
    return row;
  };

  app.post(
    "/projects",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Create a project with its team (admins); its chat group is made with it",
        body: createProjectSchema,
        response: { 201: projectSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { job, name, client, fabricator, dueDate, team } = request.body;
      const members = await teamOf(team);
      if (await repository.byJob(job)) throw conflict(`A project with job number ${job} already exists.`);
      const fields: ProjectFields = {
        name,
        clientCompany: client.company,
        clientContact: client.contact,
        clientEmail: client.email,
        fabricator,
        dueDate: dueDate ?? null,
      };
      try {
        await app.chat.groups.create(
          // The group is the project's: no account created it, and its members are the team alone.
          {
            name: projectGroupName({ job, name }),
            creator: { id: null, username: `project ${job}` },
            memberIds: members.map((m) => m.id),
          },
          async (tx: Db, chatGroupId: number) => {
            await repository.insert(
              tx,
              { ...fields, job, chatGroupId },
              members.map((member) => member.id),
            );
            await app.audit.as(request, "project.create")(tx, {
              target: projectTarget(job),
              summary: `Created project ${job} ${name} for ${client.company} with ${names(members.map((m) => m.username))}`,
            });
          },
        );
      } catch (error) {
        // Two admins creating the same job at once: one wins, the other is told.
        if (isUniqueViolation(error)) throw conflict(`A project with job number ${job} already exists.`);
        throw error;
      }
      request.log.info({ job, by: currentUser(request).username }, "project created");
      return reply.status(201).send(toProject(await load(job)));
    },
  );

  app.get(
    "/projects",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "The projects I may read (admins: every one), by job number",
        response: { 200: z.array(projectSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return (await repository.list({ id: user.id, role: user.role })).map(toProject);
    },
  );

  app.get(
    "/projects/:job",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "One project (admins, or a member of its team)",
        params: jobParams,
        response: { 200: projectSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await repository.byJob(request.params.job, { id: user.id, role: user.role });
      if (!row) throw notFound(noSuchProject);
      return toProject(row);
    },
  );

  app.patch(
    "/projects/:job",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Change a project (admins), with the version read: 409 when someone changed it since",
        description: "A changed name or team changes the project's chat group in the same transaction.",
        params: jobParams,
        body: updateProjectSchema,
        response: { 200: projectSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { version, name, client, fabricator, dueDate, team } = request.body;
      const before = await load(request.params.job);
      const members = team ? await teamOf(team) : undefined;
      const fields: Partial<ProjectFields> = {
        name,
        fabricator,
        dueDate,
        clientCompany: client?.company,
        clientContact: client?.contact,
        clientEmail: client?.email,
      };
      const changes = describeChanges(before, fields, members);
      const write = async (tx: Db) => {
        if (!(await repository.update(tx, before.id, version, fields))) throw conflict(staleMessage);
        if (members)
          await repository.setTeam(
            tx,
            before.id,
            members.map((member) => member.id),
          );
        await app.audit.as(request, "project.update")(tx, {
          target: projectTarget(before.job),
          summary: `Changed project ${before.job}: ${changes.length > 0 ? changes.join("; ") : "nothing"}`,
        });
      };
      if (before.chatGroupId === null) await app.db.transaction(write);
      else {
        await app.chat.groups.reshape(
          before.chatGroupId,
          {
            name: name !== undefined && name !== before.name ? projectGroupName({ job: before.job, name }) : undefined,
            memberIds: members?.map((member) => member.id),
          },
          (tx) => write(tx),
        );
      }
      if (members) {
        const kept = new Set(members.map((member) => member.username));
        await revokeMarkupTopics(
          app,
          before,
          before.team.filter((name) => !kept.has(name)),
        );
      }
      return toProject(await load(before.job));
    },
  );
};

/** The audit log's words for what an update changes. */
function describeChanges(before: ProjectRow, fields: Partial<ProjectFields>, members?: AccountRef[]): string[] {
  const changes: string[] = [];
  const labels: Record<keyof ProjectFields, string> = {
    name: "name",
    clientCompany: "client",
    clientContact: "client contact",
    clientEmail: "client e-mail",
    fabricator: "fabricator",
    dueDate: "due date",
  };
  for (const key of Object.keys(labels) as (keyof ProjectFields)[]) {
    const value = fields[key];
    if (value === undefined || value === before[key]) continue;
    changes.push(`${labels[key]} ${before[key] || "none"} → ${value || "none"}`);
  }
  if (members) {
    const wanted = new Set(members.map((member) => member.username));
    const had = new Set(before.team);
    const added = [...wanted].filter((name) => !had.has(name));
    const removed = [...had].filter((name) => !wanted.has(name));
    if (added.length > 0 || removed.length > 0) {
      changes.push(`team: added ${names(added)}; removed ${names(removed)}`);
    }
  }
  return changes;
}
