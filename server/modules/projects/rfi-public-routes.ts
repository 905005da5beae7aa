import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import site from "../../../content/site.json" with { type: "json" };
import { formatBytes } from "../../../shared/bytes.ts";
import { type PublicRfi, publicRfiSchema, rfiAnswerSchema, rfiLimits } from "../../../shared/rfis.ts";
import type { Db } from "../../db/client.ts";
import { rfiFiles } from "../../db/schema.ts";
import { badRequest, conflict, gone, notFound, payloadTooLarge, unsupportedMediaType } from "../../lib/errors.ts";
import { sanitizeFileName } from "../../lib/file-names.ts";
import { classifier, headCheck, quoteTypes } from "../../lib/file-types.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { keysIn, reconcileUploads } from "../../lib/upload-reconciliation.ts";
import { FileTypeError, isStorageKey, translateUploadError } from "../../lib/uploads.ts";
import { RFIS_NAMESPACE, rfiAnsweredNotice } from "./rfi-notices.ts";
import { type RfiRow, rfiRepository, type StoredRfiFile } from "./rfi-repository.ts";

/** Answers per address and link: a person answers once; a few tries cover a failed upload. */
export const rfiAnswerLimit = { max: 10, timeWindowMs: 15 * 60 * 1000 };

/** What an answer's files may be: what a quote's attachment may (PDF, images, office, CAD, archives). */
const answerTypes = quoteTypes;
const answerTypesLabel = "PDF, images, office documents, DWG/DXF/IFC or archives";

const unknownMessage = "This link is not valid.";
const endedMessage = (row: RfiRow) =>
  row.state === "void"
    ? `${row.number} was withdrawn: it needs no answer any more.`
    : `${row.number} is closed: it takes no more answers.`;
const answeredMessage = (row: RfiRow) => `${row.number} has been answered already. Thank you.`;

const tokenParams = z.object({ token: z.string().max(200) });

/** The RFI behind a public link that may still be read: 404 unknown, 410 closed or void. */
function readable(row: RfiRow | undefined): RfiRow {
  if (!row) throw notFound(unknownMessage);
  if (row.state === "closed" || row.state === "void") throw gone(endedMessage(row));
  return row;
}

/**
 * The HTTP status of the answer page at `/rfi/<token>` (DESIGN §16), by the rule of the public
 * view the page loads: 200 while open or answered, 404 unknown, 410 closed or void.
 */
export function rfiPageStatus(db: Db): (token: string) => Promise<200 | 404 | 410> {
  const repository = rfiRepository(db);
  return async (token) => {
    const row = isStorageKey(token) ? await repository.byToken(token) : undefined;
    if (!row) return 404;
    return row.state === "closed" || row.state === "void" ? 410 : 200;
  };
}

/**
 * DESIGN §16 the person asked answers an RFI at `/rfi/{token}`, with no login: this RFI and
 * nothing else of the project; one answer (text and files), which releases the holds and tells
 * the team. Registered under /api.
 */
export const rfiPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = rfiRepository(app.db);
  const files = app.storage.files(RFIS_NAMESPACE);
  const maxBytes = rfiLimits.answerFileMaxMB * 1024 * 1024;
  const tags = ["rfis"];
  // Files no row names (a crash between a file's put and the answer's commit).
  app.addHook("onReady", async () => {
    await reconcileUploads(files, keysIn(app.db, rfiFiles.fileKey), {
      before: app.storage.orphansBefore(),
      log: app.log,
    });
  });
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: maxBytes,
      files: rfiLimits.answerFilesMax,
      fields: 2,
      fieldSize: rfiLimits.answerMax * 4,
      parts: rfiLimits.answerFilesMax + 4,
      headerPairs: 50,
    },
  });

  const byLink = async (token: string) => (isStorageKey(token) ? await repository.byToken(token) : undefined);

  const view = async (row: RfiRow): Promise<PublicRfi> => {
    const { project, sheets } = await repository.publicFacts(row);
    return {
      number: row.number,
      subject: row.subject,
      question: row.question,
      suggestion: row.suggestion,
      sheets,
      dueAt: row.dueAt.toISOString(),
      project,
      firm: site.brand.legalName,
      state: row.state === "open" ? "open" : "answered",
      answeredAt: row.answeredAt?.toISOString() ?? null,
    };
  };

  app.get(
    "/rfi/:token",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "What the answer page shows (public link): this RFI only; 404 unknown, 410 closed or void",
        params: tokenParams,
        response: { 200: publicRfiSchema, ...errorResponses(404, 410) },
      },
    },
    async (request, reply) => {
      const row = readable(await byLink(request.params.token));
      reply.header("cache-control", "private, no-store").header("x-robots-tag", "noindex, nofollow");
      return view(row);
    },
  );

  app.post(
    "/rfi/:token",
    {
      config: {
        access: "public",
        rateLimit: {
          ...rateLimit(rfiAnswerLimit, "answers"),
          keyGenerator: (request: FastifyRequest) =>
            `${request.ip}|${(request.params as { token?: string }).token ?? ""}`,
        },
      },
      schema: {
        tags,
        summary: "Answer the RFI (public link, multipart): 409 once answered, 410 closed or void",
        description:
          `multipart/form-data: \`answer\` (text, at most ${rfiLimits.answerMax} characters) and up to ` +
          `${rfiLimits.answerFilesMax} files in \`files\` (${answerTypesLabel}; each at most ${formatBytes(maxBytes)}).`,
        consumes: ["multipart/form-data"],
        params: tokenParams,
        response: { 200: publicRfiSchema, ...errorResponses(400, 404, 409, 410, 413, 415, 429) },
      },
    },
    async (request) => {
      const found = readable(await byLink(request.params.token));
      if (found.state !== "open") throw conflict(answeredMessage(found));
      if (!request.isMultipart()) throw unsupportedMediaType("Send the answer as multipart/form-data.");
      const fields: Record<string, string> = Object.create(null);
      const stored: StoredRfiFile[] = [];
      let misplaced = false;
      try {
        for await (const part of request.parts()) {
          if (part.type === "field") {
            if (part.valueTruncated)
              throw badRequest("Some fields are not valid.", { answer: "The answer is too long" });
            fields[part.fieldname] ??= String(part.value);
          } else if (part.fieldname !== "files") {
            misplaced = true;
            part.file.resume();
          } else {
            const saved = await files.save(part.file, {
              truncated: () => part.file.truncated,
              checkHead: headCheck(answerTypes),
              classify: classifier(answerTypes),
            });
            // An empty file input still sends a part, with no name and no bytes: that is "no file".
            if (saved.size === 0 && !part.filename) await files.remove(saved.key);
            else stored.push({ key: saved.key, fileName: sanitizeFileName(part.filename), size: saved.size });
          }
        }
        const parsed = rfiAnswerSchema.safeParse(fields);
        const errors: Record<string, string> = {};
        if (!parsed.success) errors.answer = parsed.error.issues[0]?.message ?? "The answer is not valid";
        if (misplaced) errors.files = "Send files in the field `files`";
        if (stored.some((file) => file.size === 0)) errors.files = "A file is empty";
        if (!parsed.success || Object.keys(errors).length > 0) throw badRequest("Some fields are not valid.", errors);
        const answer = parsed.data.answer;
        // Read before the transaction: a job number never changes.
        const { project } = await repository.publicFacts(found);
        const row = await app.notifications.afterCommit((notices) =>
          repository.transition(
            found.id,
            "answered",
            (locked) => {
              readable(locked);
              if (locked.state !== "open") throw conflict(answeredMessage(locked));
            },
            async (tx, answered) => {
              await app.audit.as({ actor: answered.to, request }, "rfi.answer")(tx, {
                target: `rfi:${project.job}/${answered.number}`,
                summary: `Answered ${answered.number} on ${project.job}${
                  stored.length > 0 ? ` with ${stored.length} file${stored.length === 1 ? "" : "s"}` : ""
                }`,
              });
              await notices.add(tx, await repository.listeners(tx, answered), rfiAnsweredNotice(answered, project.job));
            },
            { text: answer, files: stored },
          ),
        );
        request.log.info({ rfi: row.id, files: stored.length }, "rfi answered");
        return view(row);
      } catch (error) {
        for (const file of stored) await files.remove(file.key);
        if (error instanceof FileTypeError) {
          throw unsupportedMediaType(`This type of file is not accepted. Send ${answerTypesLabel}.`);
        }
        if ((error as { code?: string }).code === "FST_FILES_LIMIT") {
          throw badRequest(`Send at most ${rfiLimits.answerFilesMax} files.`, {
            files: `At most ${rfiLimits.answerFilesMax} files`,
          });
        }
        throw translateUploadError(error, () =>
          payloadTooLarge(`A file is larger than the ${formatBytes(maxBytes)} limit.`),
        );
      }
    },
  );
};
