/**
 * DESIGN §17 "Images upload through the store": admins upload the site's pictures, give each its
 * alt text (or mark it decorative) and its focal point; the server makes the build's sizes and
 * formats, cropped around that point, and serves them to everyone, cached for good (a new focal
 * point is a new crop, with new names). Pages show a picture's details as they were published:
 * changing them puts the published items that show it back in the queue to publish.
 */
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import fastifyMultipart from "@fastify/multipart";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatBytes } from "../../../shared/bytes.ts";
import {
  changedSince,
  describedEnough,
  detailsInWords,
  mediaFilePattern,
  siteImageChangeSchema,
  siteImageDetailsSchema,
  siteImageIdSchema,
  siteImageLimits,
  siteImageListSchema,
  siteImagePaths,
  siteImageSchema,
} from "../../../shared/site-images.ts";
import type { Db } from "../../db/client.ts";
import { siteImages, siteItems } from "../../db/schema.ts";
import { badRequest, conflict, notFound, payloadTooLarge, unsupportedMediaType } from "../../lib/errors.ts";
import { siteImageTypes } from "../../lib/file-types.ts";
import { receiveForm } from "../../lib/multipart-form.ts";
import { errorResponses, fieldErrorsOf } from "../../lib/schemas.ts";
import { keysIn, reconcileUploads } from "../../lib/upload-reconciliation.ts";
import { currentUser } from "../../plugins/auth.ts";
import { type EncodedImage, encodeImage } from "./image-encoding.ts";
import { siteImageRepository } from "./media.ts";

const ORIGINALS_NAMESPACE = "site-images";
const MEDIA_PREFIX = "site-media";
const IMMUTABLE = "public, max-age=31536000, immutable";
const tags = ["site"];
const imageParams = z.object({ id: siteImageIdSchema });

/** Published items naming picture `id` (its name in quotes within their fields' JSON). */
const showing = (id: string) =>
  and(isNotNull(siteItems.published), sql`strpos(${siteItems.published}::text, ${`"uploads/${id}"`}) > 0`);

/** The published items that show picture `id` and wait for nothing: back in the queue, as they are. */
async function requeueItemsShowing(tx: Db, id: string, by: number): Promise<number> {
  const marked = await tx
    .update(siteItems)
    .set({
      draft: sql`${siteItems.published}`,
      version: sql`${siteItems.version} + 1`,
      updatedBy: by,
      updatedAt: sql`now()`,
    })
    .where(and(showing(id), isNull(siteItems.draft), eq(siteItems.removing, false)))
    .returning({ id: siteItems.id });
  return marked.length;
}

/** The upload's text fields as their schema reads them (multipart sends text), or a 400 naming each. */
function uploadDetails(fields: Record<string, string>) {
  const parsed = siteImageDetailsSchema.safeParse({
    alt: fields.alt ?? "",
    decorative: fields.decorative === "true",
    focalX: fields.focalX === undefined ? 0.5 : Number(fields.focalX),
    focalY: fields.focalY === undefined ? 0.5 : Number(fields.focalY),
  });
  if (parsed.success) return parsed.data;
  throw badRequest("Some fields are not valid.", fieldErrorsOf(parsed.error));
}

export const siteImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = siteImageRepository(app.db);
  const originals = app.storage.files(ORIGINALS_NAMESPACE);
  const { objects } = app.storage;
  const maxBytes = siteImageLimits.maxMB * 1024 * 1024;
  app.addHook("onReady", async () => {
    await reconcileUploads(originals, keysIn(app.db, siteImages.originalKey), {
      before: app.storage.orphansBefore(),
      log: app.log,
    });
  });
  await app.register(fastifyMultipart);

  const readOriginal = async (key: string) => {
    const stored = await originals.open(key);
    if (!stored) throw new Error(`the original of a site picture is missing from the store (${key})`);
    return buffer(stored.body);
  };
  /** Puts the encoded files; on a failure, removes those already put. */
  const putFiles = async (encoded: EncodedImage) => {
    const put: string[] = [];
    try {
      for (const file of encoded.files) {
        const key = `${MEDIA_PREFIX}/${file.fileName}`;
        await objects.put(key, Readable.from([file.data]), { contentType: `image/${file.format}` });
        put.push(key);
      }
    } catch (error) {
      await Promise.all(put.map((key) => objects.remove(key)));
      throw error;
    }
    return () => Promise.all(put.map((key) => objects.remove(key)));
  };

  app.get(
    siteImagePaths.images,
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "The site's uploaded pictures, newest first",
        response: { 200: siteImageListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ images: await repository.list() }),
  );

  app.post(
    siteImagePaths.images,
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Upload a picture for the site: it is made into the build's sizes and formats around its focal point",
        description:
          `multipart/form-data: \`file\` (JPEG, PNG, WebP or AVIF, at most ${formatBytes(maxBytes)} and ` +
          `${siteImageLimits.maxPixels / 1_000_000} megapixels), \`alt\`, \`decorative\` (true or false), ` +
          "`focalX` and `focalY` (0 to 1 from the top left; 0.5 when absent).",
        consumes: ["multipart/form-data"],
        response: { 201: siteImageSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw unsupportedMediaType("Send the picture as multipart/form-data.");
      const form = await receiveForm(request, {
        store: originals,
        fileField: "file",
        maxBytes,
        types: siteImageTypes,
        tooLarge: () => payloadTooLarge(`The picture is larger than the ${formatBytes(maxBytes)} limit.`),
        wrongType: () => unsupportedMediaType("Upload a JPEG, PNG, WebP or AVIF picture."),
      });
      const stored = form.file;
      let committed = false;
      let removeFiles: (() => Promise<unknown>) | undefined;
      try {
        if (form.extraFiles)
          throw badRequest("Send exactly one picture, in the field `file`.", { file: "One picture" });
        if (!stored || stored.size === 0) throw badRequest("Choose a picture.", { file: "Choose a picture" });
        if (form.tooLong.length > 0) throw badRequest("Some fields are too long.", { [form.tooLong[0]!]: "Too long" });
        const details = uploadDetails(form.fields);
        const id = randomBytes(6).toString("hex");
        const input = await readOriginal(stored.key);
        const encoded = await encodeImage(id, input, { x: details.focalX, y: details.focalY }, true);
        removeFiles = await putFiles(encoded);
        const { width: originalWidth, height: originalHeight } = encoded.original;
        await app.db.transaction(async (tx) => {
          await tx.insert(siteImages).values({
            id,
            fileName: stored.name,
            originalKey: stored.key,
            originalWidth,
            originalHeight,
            crop: encoded.crop,
            width: encoded.width,
            height: encoded.height,
            ...details,
            uploadedBy: user.id,
          });
          await app.audit.as(request, "site.edit")(tx, {
            target: `site:image/${id}`,
            summary: `Uploaded the picture uploads/${id} (${stored.name}, ${originalWidth}×${originalHeight})`,
          });
        });
        committed = true;
        const view = await repository.view(id);
        if (!view) throw new Error("a site picture vanished after it was added");
        return reply.status(201).send(view);
      } finally {
        if (stored && !committed) {
          await originals.remove(stored.key);
          await removeFiles?.();
        }
      }
    },
  );

  app.patch(
    `${siteImagePaths.images}/:id`,
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Change a picture's alt text, decorative mark or focal point (a new focal point: a new crop)",
        description:
          "The published items that show the picture wait to be published again: pages show a picture as it was published.",
        params: imageParams,
        body: siteImageChangeSchema,
        response: { 200: siteImageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const row = await repository.byId(id);
      if (!row) throw notFound("There is no such picture.");
      const { read, ...change } = request.body;
      const described = describedEnough({
        alt: change.alt ?? row.alt,
        decorative: change.decorative ?? row.decorative,
      });
      if (
        !described &&
        (await app.db.select({ id: siteItems.id }).from(siteItems).where(showing(id)).limit(1)).length
      ) {
        throw badRequest("This picture is on the site: it needs alt text, or the decorative mark.", {
          alt: "Describe the picture, or mark it decorative",
        });
      }
      const focal = { x: change.focalX ?? row.focalX, y: change.focalY ?? row.focalY };
      const refocused = focal.x !== row.focalX || focal.y !== row.focalY;
      const encoded = refocused ? await encodeImage(id, await readOriginal(row.originalKey), focal) : undefined;
      const removeFiles = encoded && encoded.crop !== row.crop ? await putFiles(encoded) : undefined;
      try {
        await app.db.transaction(async (tx) => {
          const [current] = await tx.select().from(siteImages).where(eq(siteImages.id, id)).for("update");
          if (!current) throw notFound("There is no such picture.");
          const theirs = changedSince({ ...change, read }, current);
          if (theirs.length > 0) {
            throw conflict(
              `Someone changed this picture's ${detailsInWords(theirs)} since you opened it: theirs is shown beside yours. Save again to keep yours.`,
            );
          }
          await tx
            .update(siteImages)
            .set({
              ...change,
              ...(encoded && { crop: encoded.crop, width: encoded.width, height: encoded.height }),
            })
            .where(eq(siteImages.id, id));
          const requeued = await requeueItemsShowing(tx, id, user.id);
          const what = Object.keys(change).join(", ") || "nothing";
          await app.audit.as(request, "site.edit")(tx, {
            target: `site:image/${id}`,
            summary: `Changed the picture uploads/${id} (${what})${requeued > 0 ? `; ${requeued} item(s) showing it wait to be published` : ""}`,
          });
        });
      } catch (error) {
        await removeFiles?.();
        throw error;
      }
      const view = await repository.view(id);
      if (!view) throw notFound("There is no such picture.");
      return view;
    },
  );

  app.get(
    `${siteImagePaths.media}/:file`,
    {
      config: { access: "public" },
      compress: false,
      schema: { hide: true, params: z.object({ file: z.string().max(100) }) },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!mediaFilePattern.test(file)) throw notFound("No such picture.");
      const stored = await objects.get(`${MEDIA_PREFIX}/${file}`);
      if (!stored) throw notFound("No such picture.");
      return reply
        .type(file.endsWith(".avif") ? "image/avif" : "image/webp")
        .header("cache-control", IMMUTABLE)
        .header("content-length", stored.size)
        .send(stored.body);
    },
  );
};
