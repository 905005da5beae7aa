import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminSiteContentSchema,
  adminSiteItemSchema,
  listCollections,
  publicSiteContentSchema,
  publishSiteSchema,
  saveSiteItemSchema,
  siteCollections,
  siteItemIdSchema,
  siteOrderSchema,
  siteVersionContentSchema,
  siteVersionSchema,
} from "../../../shared/site-content.ts";
import { notFound } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { currentUser } from "../../plugins/auth.ts";
import { checkedFields } from "./fields.ts";
import { checkImagesExist } from "./media.ts";
import { reorder } from "./order.ts";
import { describeChanges, siteRepository } from "./repository.ts";

const itemParams = z.object({ collection: z.enum(siteCollections), id: siteItemIdSchema });
const versionParams = z.object({ id: z.coerce.number().int().positive() });
const tags = ["site"];

/**
 * DESIGN §17: the site's content in the database. The public reads what is published; admins
 * keep drafts, publish them as versions and restore a version as drafts. The content folder seeds
 * it at the first start. Registered under /api.
 */
export const siteContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = siteRepository(app.db);
  if (await repository.seed()) app.log.info("site content seeded from the content folder");

  app.get(
    "/site/content",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "The published content of the site: every collection's items, each its fields with its id",
        response: { 200: publicSiteContentSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return repository.publicContent();
    },
  );

  app.get(
    "/admin/site/content",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Every item with its version, status (published, draft, changed), published fields and draft",
        response: { 200: adminSiteContentSchema, ...errorResponses(401, 403) },
      },
    },
    () => repository.adminContent(),
  );

  app.put(
    "/admin/site/:collection/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Save a draft of an item with the version read (409 when stale); a new id adds an item",
        description:
          "The body is the item's fields (its collection's schema) and `version` (absent or 0 for a new item).",
        params: itemParams,
        body: saveSiteItemSchema,
        response: { 200: adminSiteItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { collection, id } = request.params;
      const { version = 0, publishAt, ...body } = request.body;
      const fields = checkedFields(collection, body);
      const user = currentUser(request);
      const at = publishAt ? new Date(publishAt) : null;
      return app.db.transaction(async (tx) => {
        await checkImagesExist(tx, fields);
        const { item, added } = await repository.save(tx, collection, id, fields, version, user.id, at);
        await app.audit.as(request, "site.edit")(tx, {
          target: `site:${collection}/${id}`,
          summary: `${added ? "Added" : "Saved"} a draft of ${collection} "${id}"${
            at && item.draft ? `, to publish at ${at.toISOString()}` : ""
          }`,
        });
        return item;
      });
    },
  );

  app.put(
    "/admin/site/order/:collection",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Reorder a list as a draft: its ids in the new order, and the order read (409 when stale)",
        description:
          "Items whose place changes are `moved` until published; the pages keep the published order until then (decision 058).",
        params: z.object({ collection: z.enum(listCollections) }),
        body: siteOrderSchema,
        response: { 200: z.array(adminSiteItemSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { collection } = request.params;
      const user = currentUser(request);
      await app.db.transaction(async (tx) => {
        const moved = await reorder(tx, collection, request.body, user.id);
        await app.audit.as(request, "site.edit")(tx, {
          target: `site:${collection}`,
          summary: `Reordered ${collection}: ${moved} ${moved === 1 ? "item" : "items"} moved, waiting to be published`,
        });
      });
      return (await repository.adminContent())[collection];
    },
  );

  app.delete(
    "/admin/site/:collection/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Remove an item at the next publish (an item never published goes at once)",
        params: itemParams,
        response: { 200: adminSiteItemSchema, 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { collection, id } = request.params;
      const user = currentUser(request);
      const item = await app.db.transaction(async (tx) => {
        const marked = await repository.remove(tx, collection, id, user.id);
        await app.audit.as(request, "site.edit")(tx, {
          target: `site:${collection}/${id}`,
          summary: marked
            ? `Marked ${collection} "${id}" for removal at the next publish`
            : `Removed the draft ${collection} "${id}"`,
        });
        return marked;
      });
      if (!item) return reply.code(204).send(null);
      return item;
    },
  );

  app.post(
    "/admin/site/publish",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Publish the drafts and removals of some items, or of all: one new version",
        description:
          "The pages the changes touch are rendered again in the same transaction: a page that cannot be rendered publishes nothing (422, naming the page and why), and the site keeps its last version.",
        body: publishSiteSchema,
        response: { 200: siteVersionSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const chosen = "all" in request.body ? "all" : request.body.items;
      const version = await app.db.transaction(async (tx) => {
        const published = await repository.publish(tx, chosen, user.id);
        await app.audit.as(request, "site.publish")(tx, {
          target: `site:version/${published.id}`,
          summary: `Published version ${published.id}: ${describeChanges(published.changes)}`,
        });
        await app.livePages.render(tx, published);
        return published;
      });
      request.log.info({ version: version.id, changes: version.changes.length }, "site content published");
      await app.livePages.published(version);
      return version;
    },
  );

  app.get(
    "/admin/site/versions",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Every publish, newest first (the last 100): when, by whom, and what changed",
        response: { 200: z.array(siteVersionSchema), ...errorResponses(401, 403) },
      },
    },
    () => repository.versions(),
  );

  app.get(
    "/admin/site/versions/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "One version and the whole published content after it (to compare two versions)",
        params: versionParams,
        response: { 200: siteVersionContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const version = await repository.version(request.params.id);
      if (!version) throw notFound("There is no such version.");
      return version;
    },
  );

  app.post(
    "/admin/site/versions/:id/restore",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Restore a version as drafts: publishing them brings it back",
        params: versionParams,
        response: { 200: adminSiteContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await app.db.transaction(async (tx) => {
        const drafted = await repository.restore(tx, request.params.id, user.id);
        await app.audit.as(request, "site.restore")(tx, {
          target: `site:version/${request.params.id}`,
          summary: `Restored version ${request.params.id} as drafts (${drafted} items)`,
        });
      });
      return repository.adminContent();
    },
  );
};
