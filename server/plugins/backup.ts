import { randomBytes } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createBackupArchive } from "../backup/archive.ts";
import { addressMatcher, parseAddressList } from "../lib/address-list.ts";
import { bearerSecret } from "../lib/bearer-secret.ts";

/** Where `npm run backup` asks a running server for the archive (not part of the REST API). */
export const BACKUP_PATH = "/internal/backup";
/** In DATA_DIR while the server listens: the token proving the caller may read DATA_DIR. */
export const BACKUP_TOKEN_FILE = "backup.token";

export interface BackupTokenFile {
  token: string;
  /** The server's process: the CLI never opens DATA_DIR itself while it lives. */
  pid: number;
}

export const backupRefusals = {
  notLocal: "Backups are taken on this machine (npm run backup), never through a proxy.",
  badToken: "The backup token does not match DATA_DIR/backup.token: is this the server of that DATA_DIR?",
  notEmbedded:
    "This instance keeps its data in PostgreSQL or S3: back those up with pg_dump and bucket versioning (docs/operations.md).",
  busy: "A backup is already under way.",
} as const;

const isLoopback = addressMatcher(parseAddressList("127.0.0.0/8,::1/128").ranges);
/** Headers a proxy adds: a request carrying any of them came from elsewhere, whatever its socket. */
const proxyHeaders = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip", "via"];

/**
 * The online half of `npm run backup` (DESIGN §13): GET /internal/backup streams the archive of
 * the embedded database and the files on disk (backup/archive.ts). Only a caller on a loopback
 * socket, with no sign of a proxy (the socket's own address, never X-Forwarded-For), and holding
 * the token the server writes to DATA_DIR/backup.token (0600) when it starts listening: whoever
 * reads that file may read the whole of DATA_DIR anyway.
 */
export const backupPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const embedded = !config.databaseUrl && !config.storageUrl && app.database.snapshot !== undefined;
    const tokenFile = path.join(config.dataDir, BACKUP_TOKEN_FILE);
    const token = randomBytes(32).toString("base64url");
    const tokenSecret = bearerSecret(token);
    let written = false;
    let busy = false;

    if (embedded) {
      app.addHook("onListen", async () => {
        const content: BackupTokenFile = { token, pid: process.pid };
        try {
          await writeFile(tokenFile, `${JSON.stringify(content)}\n`, { mode: 0o600 });
          written = true;
        } catch (error) {
          app.log.warn({ err: error }, `cannot write ${tokenFile}: npm run backup cannot ask this server`);
        }
      });
      app.addHook("onClose", async () => {
        if (!written) return;
        // Another server started on the same folder since then owns the file now.
        const current = await readFile(tokenFile, "utf8").catch(() => "");
        if (current.includes(token)) await rm(tokenFile, { force: true });
      });
    }

    const local = (request: FastifyRequest) =>
      isLoopback(request.socket.remoteAddress) && !proxyHeaders.some((name) => request.headers[name] !== undefined);
    const tokenMatches = (request: FastifyRequest) => written && tokenSecret.matches(request.headers.authorization);

    app.get(
      BACKUP_PATH,
      // Not part of the REST API (a tar stream), so not in its OpenAPI document; guarded here, not by a
      // login. No HEAD twin: it would take a snapshot only to throw it away.
      { config: { access: "public" }, schema: { hide: true }, compress: false, exposeHeadRoute: false },
      async (request, reply) => {
        if (!local(request)) return reply.status(403).send({ message: backupRefusals.notLocal });
        if (!embedded) return reply.status(404).send({ message: backupRefusals.notEmbedded });
        if (!tokenMatches(request)) return reply.status(403).send({ message: backupRefusals.badToken });
        if (busy) return reply.status(409).send({ message: backupRefusals.busy });
        busy = true;
        const hold = await app.storage.objects.holdDeletions();
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          busy = false;
          hold.release().catch((error: unknown) => request.log.error({ err: error }, "held-back file removals failed"));
        };
        try {
          const snapshot = app.database.snapshot as () => Promise<Blob>;
          const { manifest, stream } = await createBackupArchive({
            snapshot,
            removedBeforeSnapshot: hold.removedSoFar,
            objects: app.storage.objects.underlying,
            dataDir: config.dataDir,
            taken: "online",
          });
          // The stream closes once the last file is read, or when the caller goes away.
          stream.once("close", release);
          request.log.info({ files: manifest.files.count, bytes: manifest.files.bytes }, "backup streaming");
          return reply.header("cache-control", "no-store").type("application/x-tar").send(stream);
        } catch (error) {
          release();
          throw error;
        }
      },
    );
  },
  { name: "backup", dependencies: ["database", "storage"] },
);
