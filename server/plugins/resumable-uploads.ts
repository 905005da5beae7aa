import { AsyncLocalStorage } from "node:async_hooks";
import { MemoryLocker, Server as TusServer } from "@tus/server";
import { ERRORS } from "@tus/utils";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { NodeRequest } from "srvx/node";
import { assertNoControlCharacters } from "../lib/control-characters.ts";
import { badRequest, HttpError, notFound } from "../lib/errors.ts";
import { periodicTask } from "../lib/periodic-task.ts";
import { rateLimit } from "../lib/rate-limit.ts";
import { FileTypeError, newStorageKey } from "../lib/uploads.ts";
import { ObjectDataStore, PARTS_NAMESPACE, partKey } from "../uploads/data-store.ts";
import type { ResumableKind } from "../uploads/kinds.ts";
import { resumableUploadRepository } from "../uploads/repository.ts";

export type { ResumableKind } from "../uploads/kinds.ts";

/** DESIGN §12: where tus clients send large files (shares and file requests). */
export const UPLOADS_PATH = "/api/uploads";
/** How often unfinished uploads past their day, and finished ones' kept answers, are dropped. */
export const UPLOAD_SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** New uploads per address (each may reserve up to MAX_SHARE_MB). */
export const uploadCreationLimit = { max: 120, timeWindowMs: 15 * 60 * 1000 };

export interface ResumableUploads {
  /** A module that receives files this way (call while the app is being built). */
  addKind(kind: ResumableKind): void;
  /** Reserved bytes of a scope's unfinished uploads, inside a module's transaction. */
  repository: ReturnType<typeof resumableUploadRepository>;
  /** Drops every upload of a scope and their parts (a file request deleted). */
  removeScope(scope: string): Promise<void>;
  /** Drops stale uploads now (the periodic sweep's work); how many. */
  sweep(): Promise<number>;
}

declare module "fastify" {
  interface FastifyInstance {
    resumableUploads: ResumableUploads;
  }
}

/** An error answer's body as the app's JSON error (tus's own early answers are plain text). */
function jsonError(text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === "string") return text;
  } catch {
    // plain text: wrapped below
  }
  return JSON.stringify({ message: text.trim() || "The upload request was refused." });
}

/**
 * The tus error objects (`{status_code, body}`) and the app's HttpErrors, as the app's JSON errors.
 * A module's refusal also names its `code` (e.g. CONFLICT), which tus's own answers never do: a
 * client retries tus's 409 (an offset to ask again) but not a module's (a revision that cannot
 * come next, a review already sent), which no retry changes.
 */
function answerFor(error: unknown, log: FastifyInstance["log"]): { status_code: number; body: string } {
  if (error instanceof HttpError) {
    return {
      status_code: error.statusCode,
      body: JSON.stringify({
        message: error.message,
        code: error.code,
        ...(error.extra?.errors ? { errors: error.extra.errors } : {}),
      }),
    };
  }
  // A module's saveOptions refused the complete file's content (its first bytes, or its type).
  if (error instanceof FileTypeError) {
    return {
      status_code: 415,
      body: JSON.stringify({ message: "This kind of file is not accepted here.", code: "UNSUPPORTED_MEDIA_TYPE" }),
    };
  }
  const tus = error as { status_code?: unknown; body?: unknown };
  // tus answers 501 for extensions this server does not offer (deferred length, concatenation):
  // a request this server will never take, so a 400 that says which.
  if (tus.status_code === 501 && typeof tus.body === "string") {
    return { status_code: 400, body: JSON.stringify({ message: tus.body.trim() }) };
  }
  if (typeof tus.status_code === "number" && tus.status_code < 500 && typeof tus.body === "string") {
    const messages: Record<number, string> = {
      404: "No such upload: it was finished, cancelled or dropped after a day without progress.",
      409: "The upload is not at that offset: ask where it stands (HEAD) and go on from there.",
      410: "This upload has expired.",
      413: "The file is larger than the limit.",
    };
    return {
      status_code: tus.status_code,
      body: JSON.stringify({ message: messages[tus.status_code] ?? tus.body.trim() }),
    };
  }
  log.error({ err: error }, "resumable upload failed");
  return { status_code: 500, body: JSON.stringify({ message: "The upload could not be stored. Please try again." }) };
}

/**
 * DESIGN §12 resumable uploads: the tus 1.0 protocol (@tus/server) under /api/uploads/, on the
 * product's object store and database (decision 024), so an upload started on one instance goes
 * on through any other. Modules add kinds (`addKind`): which uploads they take, who may send
 * them, and the row for the complete file.
 */
export const resumableUploadsPlugin = fp(
  async (app: FastifyInstance) => {
    const kinds: ResumableKind[] = [];
    const uploads = resumableUploadRepository(app.db);
    const requests = new AsyncLocalStorage<FastifyRequest>();
    const kindNamed = (name: string) => kinds.find((kind) => kind.name === name);
    const currentRequest = () => {
      const request = requests.getStore();
      if (!request) throw new Error("a tus hook ran outside a request");
      return request;
    };

    const store = new ObjectDataStore({
      db: app.db,
      uploads,
      objects: app.storage.objects,
      kind: kindNamed,
      request: () => requests.getStore(),
      log: app.log,
    });

    const tus = new TusServer({
      path: UPLOADS_PATH,
      datastore: store,
      maxSize: app.config.maxShareBytes,
      // The Location header is a path: never built from the request's (forgeable) Host.
      relativeLocation: true,
      allowedOrigins: [],
      namingFunction: () => newStorageKey(),
      locker: new MemoryLocker(),
      disableTerminationForFinishedUploads: true,
      onUploadCreate: async (_req, upload) => {
        const request = currentRequest();
        const metadata = upload.metadata ?? {};
        // The metadata is typed text (a title, a note) as much as a form's fields: the same 400.
        assertNoControlCharacters(metadata);
        const kind = kinds.find((candidate) => candidate.claims(metadata));
        if (!kind) throw badRequest("This upload is for nothing that takes files.");
        const size = upload.size ?? 0;
        if (size <= 0) throw badRequest("The file is empty.", { file: "The file is empty" });
        const begun = await kind.begin(request, { size, metadata }, (started, tx) =>
          uploads.insert(
            {
              id: upload.id,
              kind: kind.name,
              scope: started.scope,
              fileName: started.fileName,
              size,
              data: started.data,
            },
            tx,
          ),
        );
        // Only the name stays in the upload's metadata (HEAD answers it): never a password.
        return { metadata: { filename: begun.fileName } };
      },
      onIncomingRequest: async (req, id) => {
        if (req.method === "POST") return;
        const row = await uploads.byId(id);
        if (!row) throw ERRORS.FILE_NOT_FOUND;
        const kind = kindNamed(row.kind);
        if (!kind) throw notFound("No such upload.");
        await kind.allow(currentRequest(), row);
      },
      onUploadFinish: async (_req, upload) => {
        const row = await uploads.byId(upload.id);
        return {
          status_code: 200,
          headers: { "Content-Type": "application/json; charset=utf-8" },
          body: JSON.stringify(row?.result ?? null),
        };
      },
      onResponseError: (_req, error) => answerFor(error, app.log),
    });

    app.decorate("resumableUploads", {
      addKind: (kind: ResumableKind) => {
        kinds.push(kind);
      },
      repository: uploads,
      async removeScope(scope: string) {
        const rows = await uploads.removeScope(scope);
        for (const row of rows) await store.removeParts(row.parts);
      },
      sweep: () => store.deleteExpired(),
    } satisfies ResumableUploads);

    /**
     * Hands a request to tus as a web Request (srvx, as tus itself does on Node) and sends its
     * answer through Fastify, so the app's hooks (security headers, logs) apply. Every error
     * answer is the app's JSON `{message}`: tus writes some early ones (412, 400) as plain text.
     */
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const response = await requests.run(request, () =>
        tus.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw })),
      );
      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name !== "content-length" && name !== "content-type") reply.header(name, value);
      }
      const text = await response.text();
      if (response.status >= 400) return reply.type("application/json; charset=utf-8").send(jsonError(text));
      if (text === "") return reply.send();
      return reply.type(response.headers.get("content-type") ?? "application/json; charset=utf-8").send(text);
    };

    await app.register(async (scope) => {
      // The bytes stay in the request for tus to stream: no parser reads them.
      scope.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));
      const schema = { tags: ["uploads"], hide: false };
      for (const url of [UPLOADS_PATH, `${UPLOADS_PATH}/`]) {
        scope.route({
          method: "POST",
          url,
          config: {
            access: "public",
            rateLimit: rateLimit(uploadCreationLimit, "new uploads"),
          },
          schema: {
            ...schema,
            summary:
              "Begin a resumable upload (tus 1.0 creation): a share (admin bearer token; Upload-Metadata filename, " +
              "expiryMinutes, password?, maxDownloads?) or a file request's file (Upload-Metadata token, filename, password?)",
          },
          handler: handle,
        });
        scope.route({
          method: "OPTIONS",
          url,
          config: { access: "public" },
          schema: { ...schema, summary: "What this tus server supports (version, extensions, max size)" },
          handler: handle,
        });
      }
      scope.route({
        method: ["HEAD", "PATCH", "DELETE"],
        url: `${UPLOADS_PATH}/:id`,
        config: { access: "public" },
        schema: {
          ...schema,
          summary:
            "A resumable upload: HEAD tells its offset, PATCH adds bytes at that offset (the last one answers " +
            "the stored file as JSON), DELETE cancels it",
        },
        handler: handle,
      });
    });

    // Parts that no upload names (a writer that lost the race, or a crash before a part's row
    // moved or after an upload ended) are removed once old enough to be no live write's.
    app.addHook("onReady", async () => {
      const before = app.storage.orphansBefore();
      const candidates: string[] = [];
      for await (const object of app.storage.objects.list(`${PARTS_NAMESPACE}/`)) {
        if (object.modifiedAt < before) candidates.push(object.key.slice(PARTS_NAMESPACE.length + 1));
      }
      const claimed = new Set<string>();
      for (let i = 0; i < candidates.length; i += 500) {
        for (const name of await uploads.claimedParts(candidates.slice(i, i + 500))) claimed.add(name);
      }
      const orphans = candidates.filter((name) => !claimed.has(name));
      for (const name of orphans) await app.storage.objects.remove(partKey(name));
      if (orphans.length > 0) app.log.warn({ orphans: orphans.length }, "removed parts no resumable upload names");
    });
    periodicTask(app, {
      what: "resumable upload sweep",
      everyMs: UPLOAD_SWEEP_INTERVAL_MS,
      task: async () => {
        const count = await store.deleteExpired();
        if (count > 0) app.log.info({ count }, "stale resumable uploads dropped");
      },
    });
  },
  { name: "resumable-uploads", dependencies: ["database", "storage"] },
);
