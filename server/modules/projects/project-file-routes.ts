import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatBytes } from "../../../shared/bytes.ts";
import {
  projectFileCategoryLabels,
  projectFileFieldsSchema,
  projectFileLimits,
  projectFileSchema,
  projectFilesSchema,
} from "../../../shared/project-files.ts";
import { jobSchema } from "../../../shared/projects.ts";
import { projectFiles } from "../../db/schema.ts";
import { downloadResponses, sendStoredFile } from "../../lib/downloads.ts";
import { badRequest, forbidden, notFound, payloadTooLarge, unsupportedMediaType } from "../../lib/errors.ts";
import { quoteTypes } from "../../lib/file-types.ts";
import { receiveForm } from "../../lib/multipart-form.ts";
import { errorResponses, fieldErrorsOf } from "../../lib/schemas.ts";
import { keysIn, reconcileUploads } from "../../lib/upload-reconciliation.ts";
import { currentUser } from "../../plugins/auth.ts";
import { projectFileRepository } from "./project-file-repository.ts";
import { projectRepository } from "./repository.ts";

/** Where a project's documents live: `project-files/<key>`, one new key per file. */
export const PROJECT_FILES_NAMESPACE = "project-files";

const jobParams = z.object({ job: jobSchema });
const fileParams = jobParams.extend({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * A project's Files tab (DESIGN §16): its own documents (contract drawings, specifications,
 * models, correspondence) uploaded, listed, downloaded and removed by admins and its team (404 to
 * anyone else, as the project itself), beside a read-only list of every file its loop made.
 * Registered inside the projects routes.
 */
export const projectFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const projects = projectRepository(app.db);
  const repository = projectFileRepository(app.db);
  const files = app.storage.files(PROJECT_FILES_NAMESPACE);
  const maxBytes = projectFileLimits.maxMB * 1024 * 1024;
  const staff = { access: "staff" } as const;
  const tags = ["projects"];
  // Files no row names (a crash between a file's put and its row, or a removal's delete).
  app.addHook("onReady", async () => {
    await reconcileUploads(files, keysIn(app.db, projectFiles.fileKey), {
      before: app.storage.orphansBefore(),
      log: app.log,
    });
  });
  await app.register(fastifyMultipart);

  /** The project the caller may read, or 404 as if there were none. */
  const readable = async (job: string, user: ReturnType<typeof currentUser>) => {
    const project = await projects.byJob(job, { id: user.id, role: user.role });
    if (!project) throw notFound("No such project.");
    return project;
  };

  app.get(
    "/projects/:job/files",
    {
      config: staff,
      schema: {
        tags,
        summary: "A project's documents, and every file its drawings, transmittals and RFIs made (admins and the team)",
        params: jobParams,
        response: { 200: projectFilesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const project = await readable(request.params.job, currentUser(request));
      const [documents, loop] = await Promise.all([
        repository.documents(project.id, project.job),
        repository.loop(project.id, project.job),
      ]);
      return { documents, loop };
    },
  );

  app.post(
    "/projects/:job/files",
    {
      config: staff,
      schema: {
        tags,
        summary: "Add a document to a project (admins and the team); a file is never replaced",
        description:
          `multipart/form-data: \`file\` (at most ${formatBytes(maxBytes)}: PDF, images, office files, DWG, DXF, ` +
          "IFC, archives), `category` (contract, specification, model, correspondence or other) and `note`.",
        consumes: ["multipart/form-data"],
        params: jobParams,
        response: { 201: projectFileSchema, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const project = await readable(request.params.job, user);
      if (!request.isMultipart()) throw unsupportedMediaType("Send the file as multipart/form-data.");
      const form = await receiveForm(request, {
        store: files,
        fileField: "file",
        maxBytes,
        types: quoteTypes,
        tooLarge: () => payloadTooLarge(`The file is larger than the ${formatBytes(maxBytes)} limit.`),
        wrongType: () =>
          unsupportedMediaType(
            "This kind of file is not accepted (PDF, images, office files, DWG, DXF, IFC, archives).",
          ),
      });
      const stored = form.file;
      let committed = false;
      try {
        const parsed = projectFileFieldsSchema.safeParse(form.fields);
        const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
        for (const name of form.tooLong) errors[name] ??= "This field is too long";
        if (!stored) errors.file = "Choose a file";
        else if (stored.size === 0) errors.file = "The file is empty";
        if (form.extraFiles) errors.file = "Send exactly one file, in the field `file`";
        if (!parsed.success || !stored || Object.keys(errors).length > 0) {
          throw badRequest("Some fields are not valid.", errors);
        }
        const { category, note } = parsed.data;
        const file = { key: stored.key, fileName: stored.name, size: stored.size, contentType: stored.contentType };
        const id = await app.db.transaction(async (tx) => {
          const added = await repository.insert(tx, { projectId: project.id, category, note, file, by: user.id });
          await app.audit.as(request, "project.fileAdd")(tx, {
            target: `project:${project.job}`,
            summary: `Added ${file.fileName} (${projectFileCategoryLabels[category]}, ${formatBytes(file.size)}) to ${project.job}`,
          });
          return added;
        });
        committed = true;
        request.log.info({ job: project.job, size: file.size, category, by: user.username }, "project file added");
        const [added] = await repository.documents(project.id, project.job, id);
        if (!added) throw new Error("a project file vanished after it was added");
        return reply.status(201).send(added);
      } finally {
        if (stored && !committed) await files.remove(stored.key);
      }
    },
  );

  app.get(
    "/projects/:job/files/:id",
    {
      config: staff,
      compress: false,
      schema: {
        tags,
        summary: "One of a project's documents (admins and the team)",
        params: fileParams,
        response: { ...downloadResponses("The file"), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const project = await readable(request.params.job, currentUser(request));
      const file = await repository.document(project.id, request.params.id);
      if (!file) throw notFound("No such file.");
      return sendStoredFile(request, reply, files, file.fileKey, { name: file.fileName, type: file.contentType });
    },
  );

  app.delete(
    "/projects/:job/files/:id",
    {
      config: staff,
      schema: {
        tags,
        summary: "Remove one of a project's documents (the one who added it, or an admin)",
        params: fileParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const project = await readable(request.params.job, user);
      const file = await repository.document(project.id, request.params.id);
      if (!file) throw notFound("No such file.");
      if (user.role !== "admin" && file.uploadedBy !== user.id) {
        throw forbidden("Only the one who added this file, or an admin, can remove it.");
      }
      const key = await app.db.transaction(async (tx) => {
        const removed = await repository.remove(tx, project.id, file.id);
        if (!removed) return undefined;
        await app.audit.as(request, "project.fileRemove")(tx, {
          target: `project:${project.job}`,
          summary: `Removed ${file.fileName} from ${project.job}`,
        });
        return removed;
      });
      if (!key) throw notFound("No such file.");
      // After the commit: a crash before this leaves an object no row names, which the next start removes.
      await files.remove(key).catch((error: unknown) => request.log.warn({ err: error }, "project file not removed"));
      return reply.status(204).send(null);
    },
  );
};
