import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyRequest, FastifyTypeProviderDefault } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Activity, activitySchema, type Note, noteInputSchema, noteSchema } from "../../../shared/activity.ts";
import type { AuditAction } from "../../../shared/audit.ts";
import { workItemIdParamsSchema } from "../../../shared/public-forms.ts";
import { downloadResponses, type StoredFileAnswer, sendCsv, sendStoredFile } from "../../lib/downloads.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { keysIn, reconcileUploads } from "../../lib/upload-reconciliation.ts";
import type { UploadStore } from "../../lib/uploads.ts";
import { type Access, accessRefusals, currentUser } from "../../plugins/auth.ts";
import type { Actor } from "./timeline.ts";
import type { RecordAudit } from "./work-item-activity.ts";

type App = Parameters<FastifyPluginAsyncZod>[0];

/** `:id` in a work item's paths. */
export const itemIdParams = workItemIdParamsSchema;
type Id = { Params: z.output<typeof itemIdParams> };

/** A route's OpenAPI text. */
export interface RouteDoc {
  summary: string;
  description?: string;
}

/** The signed-in admin as the timeline keeps them. */
export const actorOf = (request: FastifyRequest): Actor => {
  const user = currentUser(request);
  return { id: user.id, username: user.username };
};

/** What a kind of work item reads and writes, as its repository does it. */
export interface WorkItemStore<Row, Item extends Row, Filters, Patch> {
  /** `scope.assigneeId`: only the items assigned to that account. */
  list(filters: Filters, scope?: { assigneeId: number }): Promise<Item[]>;
  get(id: number): Promise<Item | undefined>;
  update(id: number, patch: Patch, actor: Actor, audit: RecordAudit): Promise<Item>;
  notes(id: number): Promise<Note[]>;
  addNote(id: number, text: string, author: Actor, audit: RecordAudit): Promise<Note>;
  activity(id: number): Promise<Activity[]>;
  /** Deletes the item with its notes and timeline; answers the row, whose file the route then removes. */
  remove(id: number): Promise<Row | undefined>;
}

/** How a kind of work item is served to its admins: the parts that differ from kind to kind. */
export interface WorkItemRoutesConfig<
  Row,
  Item extends Row,
  Filters extends z.ZodType,
  Patch extends z.ZodType,
  View extends z.ZodType,
> {
  /** The list's path, and the path the others hang off (`${base}/export.csv`, `${base}/:id`, …). */
  paths: { list: string; base: string };
  tags: string[];
  access: Access;
  notFoundMessage: string;
  schemas: { filters: Filters; patch: Patch; item: View };
  store: WorkItemStore<Row, Item, z.output<Filters>, z.output<Patch>>;
  view: (item: Item) => z.output<View>;
  csv: { name: string; of: (items: Item[]) => string };
  audit: { update: AuditAction; note: AuditAction };
  /**
   * Items that are assigned to people (decision 043): a staff member who is not an admin works the
   * ones assigned to them (the list, one item, changes other than reassigning, notes, the timeline,
   * the file); the export and deletion stay the admins'.
   */
  assigned?: {
    of: (item: Item) => number | null;
    /** Whether a change reassigns the item: refused to a non-admin. */
    reassigns: (patch: z.output<Patch>, item: Item) => boolean;
    /** Said when a non-admin opens an item that is not theirs, and when they try to reassign. */
    notYours: string;
    onlyAdminsReassign: string;
  };
  /** Adding a note may answer 409 (an item that can no longer change). */
  noteConflict?: boolean;
  /** The item's one stored file (`${base}/:id/${path}`). */
  file: {
    path: string;
    store: UploadStore;
    /** The column naming the stored files: the others are removed at start (after a crash). */
    keys: PgColumn;
    /** What the download is, for its OpenAPI description. */
    what: string;
    /** Error answers beyond 404 (e.g. 410 once erased). */
    errors?: readonly (400 | 401 | 403 | 404 | 409 | 410)[];
    key: (row: Row) => string | null;
    /** The file to send, or throws why there is none. */
    answer: (item: Item) => StoredFileAnswer & { key: string };
  };
  docs: Record<"list" | "export" | "one" | "update" | "notes" | "addNote" | "activity" | "file" | "remove", RouteDoc>;
}

/**
 * Registers the admin routes every kind of work item has (DESIGN §11): the list, its CSV, one
 * item, a change with optimistic concurrency, notes, the timeline, the file and deletion; and at
 * start, removes the stored files no row names. The kind's own routes are registered beside them.
 */
export function registerWorkItemRoutes<
  Row,
  Item extends Row,
  Filters extends z.ZodType,
  Patch extends z.ZodType,
  View extends z.ZodType,
>(app: App, config: WorkItemRoutesConfig<Row, Item, Filters, Patch, View>): void {
  // Typed here rather than through the zod provider, which cannot see into the config's generic
  // schemas: what they let through is what the store takes. They still validate every request
  // and answer.
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  const filtersOf = (request: FastifyRequest) => request.query as z.output<Filters>;
  const { store, view, docs, file } = config;
  const { base } = config.paths;
  const options = { config: { access: config.access } };
  // The routes an assignee may use too, when items are assigned to people.
  const workOptions = { config: { access: config.assigned ? ("staff" as const) : config.access } };
  const schema = (doc: RouteDoc) => ({ tags: config.tags, ...doc });
  const params = itemIdParams;

  // Files whose row never committed (or whose row was deleted or erased) before a crash are not kept.
  app.addHook("onReady", async () => {
    await reconcileUploads(file.store, keysIn(app.db, file.keys), {
      before: app.storage.orphansBefore(),
      log: app.log,
    });
  });

  async function found(id: number): Promise<Item> {
    const item = await store.get(id);
    if (!item) throw notFound(config.notFoundMessage);
    return item;
  }

  /** The item, if the caller may work it: an admin any, anyone else only one assigned to them. */
  async function workable(request: FastifyRequest, id: number): Promise<Item> {
    const item = await found(id);
    const user = currentUser(request);
    if (user.role !== "admin" && config.assigned?.of(item) !== user.id)
      throw forbidden(config.assigned?.notYours ?? accessRefusals.adminOnly);
    return item;
  }

  /** Only theirs for anyone but an admin. */
  const scopeOf = (request: FastifyRequest) => {
    const user = currentUser(request);
    return user.role === "admin" ? undefined : { assigneeId: user.id };
  };

  routes.get(
    config.paths.list,
    {
      ...workOptions,
      schema: {
        ...schema(docs.list),
        querystring: config.schemas.filters,
        response: { 200: z.array(config.schemas.item), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => (await store.list(filtersOf(request), scopeOf(request))).map(view),
  );

  routes.get(
    `${base}/export.csv`,
    {
      ...options,
      schema: {
        ...schema(docs.export),
        querystring: config.schemas.filters,
        response: { 200: z.string().describe("text/csv"), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => sendCsv(reply, config.csv.name, config.csv.of(await store.list(filtersOf(request)))),
  );

  routes.get<Id>(
    `${base}/:id`,
    {
      ...workOptions,
      schema: {
        ...schema(docs.one),
        params,
        response: { 200: config.schemas.item, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => view(await workable(request, request.params.id)),
  );

  routes.patch<Id>(
    `${base}/:id`,
    {
      ...workOptions,
      schema: {
        ...schema(docs.update),
        params,
        body: config.schemas.patch,
        response: { 200: config.schemas.item, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const patch = request.body as z.output<Patch>;
      if (config.assigned && currentUser(request).role !== "admin") {
        const item = await workable(request, request.params.id);
        if (config.assigned.reassigns(patch, item)) throw forbidden(config.assigned.onlyAdminsReassign);
      }
      return view(
        await store.update(request.params.id, patch, actorOf(request), app.audit.as(request, config.audit.update)),
      );
    },
  );

  routes.get<Id>(
    `${base}/:id/notes`,
    {
      ...workOptions,
      schema: {
        ...schema(docs.notes),
        params,
        response: { 200: z.array(noteSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (config.assigned) await workable(request, request.params.id);
      return store.notes(request.params.id);
    },
  );

  routes.post<Id & { Body: z.output<typeof noteInputSchema> }>(
    `${base}/:id/notes`,
    {
      ...workOptions,
      schema: {
        ...schema(docs.addNote),
        params,
        body: noteInputSchema,
        response: {
          201: noteSchema,
          ...errorResponses(400, 401, 403, 404, ...(config.noteConflict ? ([409] as const) : [])),
        },
      },
    },
    async (request, reply) => {
      if (config.assigned) await workable(request, request.params.id);
      const note = await store.addNote(
        request.params.id,
        request.body.text,
        actorOf(request),
        app.audit.as(request, config.audit.note),
      );
      return reply.status(201).send(note);
    },
  );

  routes.get<Id>(
    `${base}/:id/activity`,
    {
      ...workOptions,
      schema: {
        ...schema(docs.activity),
        params,
        response: { 200: z.array(activitySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (config.assigned) await workable(request, request.params.id);
      return store.activity(request.params.id);
    },
  );

  routes.get<Id>(
    `${base}/:id/${file.path}`,
    {
      ...workOptions,
      compress: false,
      schema: {
        ...schema(docs.file),
        params,
        response: { ...downloadResponses(file.what), ...errorResponses(400, 401, 403, 404, ...(file.errors ?? [])) },
      },
    },
    async (request, reply) => {
      const { key, ...answer } = file.answer(await workable(request, request.params.id));
      return sendStoredFile(request, reply, file.store, key, answer);
    },
  );

  routes.delete<Id>(
    `${base}/:id`,
    {
      ...options,
      schema: {
        ...schema(docs.remove),
        params,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await store.remove(request.params.id);
      if (!row) throw notFound(config.notFoundMessage);
      const key = file.key(row);
      if (key) await file.store.remove(key);
      return reply.status(204).send(null);
    },
  );
}
