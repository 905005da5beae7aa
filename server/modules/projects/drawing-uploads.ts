import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { formatBytes } from "../../../shared/bytes.ts";
import { drawingLimits, drawingTitleSchema, revisionSchema, sheetNumberSchema } from "../../../shared/drawings.ts";
import { jobSchema } from "../../../shared/projects.ts";
import { badRequest, notFound, payloadTooLarge } from "../../lib/errors.ts";
import { sanitizeFileName } from "../../lib/file-names.ts";
import { classifier, drawingTypes, headCheck } from "../../lib/file-types.ts";
import { fieldErrorsOf } from "../../lib/schemas.ts";
import type { UploadStore } from "../../lib/uploads.ts";
import type { ResumableKind } from "../../plugins/resumable-uploads.ts";
import { drawingRepository, refuseRevision } from "./drawing-repository.ts";
import { projectRepository } from "./repository.ts";

/** What a revision's upload keeps until its last byte. */
interface DrawingUploadData {
  projectId: number;
  job: string;
  userId: number;
  username: string;
  number: string;
  revision: string;
  title: string | null;
}

/** Upload-Metadata of a revision: the project's job number, and the fields the multipart upload has. */
const metadataSchema = z.object({
  project: jobSchema,
  number: sheetNumberSchema,
  revision: revisionSchema,
  title: drawingTitleSchema.optional(),
});

const noSuchProject = "No such project.";

/**
 * A drawing's revision by resumable upload (DESIGN §16 "or a tus upload naming them in
 * Upload-Metadata"): `project` (the job number), `number`, `revision`, `title` (a new sheet's) and
 * `filename`. It is refused at its creation, before any byte is sent, when the caller is not on
 * the project's team (404, as the project itself), a field is wrong (400), the file is too large
 * (413) or the revision cannot come next (409, with the reason); the revision rule is checked
 * again under the sheet's lock in the transaction that ends the upload. Only the person who began
 * it, still on the team, may go on with it.
 */
export function drawingUploads(app: FastifyInstance, files: UploadStore): ResumableKind {
  const projects = projectRepository(app.db);
  const sheets = drawingRepository(app.db);
  const maxBytes = drawingLimits.maxMB * 1024 * 1024;

  return {
    name: "drawing",
    // A file request's upload names its request (`token`), a review's markup its link (`review`):
    // never theirs, whatever else their metadata says.
    claims: (metadata) =>
      metadata.project !== undefined && metadata.token === undefined && metadata.review === undefined,
    files,
    saveOptions: { checkHead: headCheck(drawingTypes), classify: classifier(drawingTypes) },

    async begin(request, { size, metadata }, record) {
      const user = await app.auth.require(request, "staff");
      const fields = Object.fromEntries(
        Object.entries(metadata).filter((entry): entry is [string, string] => entry[1] !== null),
      );
      const job = jobSchema.safeParse(fields.project);
      const project = job.success ? await projects.byJob(job.data, { id: user.id, role: user.role }) : undefined;
      if (!project) throw notFound(noSuchProject);
      const parsed = metadataSchema.safeParse(fields);
      if (!parsed.success) {
        throw badRequest("Some fields are not valid.", fieldErrorsOf(parsed.error));
      }
      if (size > maxBytes) throw payloadTooLarge(`The file is larger than the ${formatBytes(maxBytes)} limit.`);
      const { number, revision } = parsed.data;
      const title = parsed.data.title || null;
      const sheet = await sheets.sheetNow(project.id, number);
      refuseRevision(number, sheet, revision, title);
      const data: DrawingUploadData = {
        projectId: project.id,
        job: project.job,
        userId: user.id,
        username: user.username,
        number,
        revision,
        title,
      };
      const begun = {
        scope: `project:${project.id}`,
        fileName: sanitizeFileName(metadata.filename ?? undefined),
        data: { ...data },
      };
      await record(begun);
      return begun;
    },

    async allow(request, upload) {
      const user = await app.auth.require(request, "staff");
      const data = upload.data as unknown as DrawingUploadData;
      // Another person's upload is not there for this one (its id is no secret to the first).
      if (data.userId !== user.id) throw notFound("No such upload.");
      if (!(await projects.byJob(data.job, { id: user.id, role: user.role }))) throw notFound(noSuchProject);
    },

    async finish(tx, request, upload, saved) {
      const data = upload.data as unknown as DrawingUploadData;
      const file = { key: saved.key, fileName: upload.fileName, size: saved.size };
      const { number, revision } = data;
      await sheets.addRevisionIn(
        tx,
        {
          projectId: data.projectId,
          number,
          title: data.title ?? undefined,
          revision,
          file,
          by: { id: data.userId, username: data.username },
        },
        (inTx) =>
          app.audit.as({ actor: data.username, request }, "drawing.upload")(inTx, {
            target: `project:${data.job}`,
            summary: `Uploaded ${number} revision ${revision} (${file.fileName}, ${formatBytes(file.size)}) to ${data.job}`,
          }),
      );
      // The sheet as the multipart upload answers it, read in the upload's transaction (the embedded
      // database has one connection, which that transaction holds).
      const [sheet] = await drawingRepository(tx).register(data.projectId, number);
      if (!sheet) throw new Error("a sheet vanished after its revision was added");
      return {
        body: sheet,
        afterCommit: () =>
          app.log.info({ job: data.job, number, revision, size: file.size, by: data.username }, "drawing uploaded"),
      };
    },
  };
}
