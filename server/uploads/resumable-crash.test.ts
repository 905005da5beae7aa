/**
 * A resumable upload survives its server dying (DESIGN §12): the real server process is SIGKILLed
 * while a PATCH streams in, restarted on the same DATA_DIR, database and store, and the client goes
 * on from what the upload says it has. Every acknowledged PATCH is still there, the file comes out
 * whole, and no part or temporary of the dead process is left. PGlite in DATA_DIR by default; a
 * fresh database on DATABASE_URL's server when set; files under a fresh prefix of STORAGE_URL's
 * bucket when set.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { sharedFileSchema } from "../../shared/files.ts";
import { type ChildServer, loginOn, startChildServer } from "../../test/helpers/child-server.ts";
import { objectStoreOf, storesInS3, testStorageEnv } from "../../test/helpers/storage.ts";
import { storedKeys } from "../../test/helpers/stored-files.ts";
import { tusRequest, tusUpload, uploadMetadata } from "../../test/helpers/tus.ts";
import { loadConfig } from "../config.ts";
import { createTemporaryDatabase } from "../db/temporary-database.ts";
import { PARTS_NAMESPACE } from "./data-store.ts";

const admin = { username: "admin", password: "admin-password-1" };
const dataDir = mkdtempSync(path.join(tmpdir(), "nb-tus-crash-"));
const scratch = process.env.DATABASE_URL
  ? await createTemporaryDatabase(process.env.DATABASE_URL, "tuscrash")
  : undefined;
const env = {
  NODE_ENV: "test",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: scratch?.url ?? "",
  REDIS_URL: "",
  JWT_SECRET: "tus-crash-secret-tus-crash-secret-0123456789",
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: "warn",
  ...testStorageEnv(),
};
const objects = objectStoreOf(loadConfig({ ...process.env, ...env }));
// One server writes under this prefix: with no grace, what the dead one left unnamed goes at the restart.
const startServer = () => startChildServer(env, storesInS3() ? { storage: { sharedGraceMs: 0 } } : {});

let server: ChildServer | undefined;
afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
  await objects.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it("keeps every acknowledged part across a SIGKILL mid-PATCH, and the upload finishes whole", async () => {
  server = await startServer();
  const headers = { authorization: `Bearer ${await loginOn(server.base, admin.username, admin.password, "admin")}` };
  const data = randomBytes(3 * 1024 * 1024);
  const metadata = { filename: "model.ifc", expiryMinutes: "60" };
  const created = await tusRequest(`${server.base}/api/uploads/`, "POST", {
    ...headers,
    "upload-length": String(data.length),
    "upload-metadata": uploadMetadata(metadata),
  });
  expect(created.status).toBe(201);
  const location = String(created.headers.location);
  const patch = (base: string, offset: number, bytes: Buffer) =>
    tusRequest(
      `${base}${location}`,
      "PATCH",
      { ...headers, "content-type": "application/offset+octet-stream", "upload-offset": String(offset) },
      bytes,
    );
  const acknowledged = 1024 * 1024;
  expect((await patch(server.base, 0, data.subarray(0, acknowledged))).status).toBe(204);

  // The next megabyte starts to flow, and the process dies under it.
  const inFlight = request(`${server.base}${location}`, {
    method: "PATCH",
    agent: false,
    headers: {
      ...headers,
      "tus-resumable": "1.0.0",
      "content-type": "application/offset+octet-stream",
      "upload-offset": String(acknowledged),
      "content-length": String(acknowledged),
    },
  });
  const ended = new Promise<void>((resolve) => {
    inFlight.on("error", () => resolve());
    inFlight.on("close", () => resolve());
  });
  await new Promise<void>((resolve) =>
    inFlight.write(data.subarray(acknowledged, acknowledged + 300_000), () => resolve()),
  );
  await server.stop("SIGKILL");
  await ended;

  server = await startServer();
  const head = await tusRequest(`${server.base}${location}`, "HEAD", headers);
  expect(head.status).toBe(200);
  const offset = Number(head.headers["upload-offset"]);
  // The acknowledged megabyte is there; the cut-off PATCH is there whole or not at all.
  expect(offset).toBe(acknowledged);
  // Only the acknowledged part is stored: the dead process's unfinished put left nothing.
  expect(await storedKeys({ storage: { objects } }, PARTS_NAMESPACE)).toHaveLength(1);

  const result = await tusUpload(server.base, data, { metadata, headers, uploadUrl: `${server.base}${location}` });
  const share = sharedFileSchema.parse(result.body);
  const download = await fetch(`${server.base}${new URL(share.fileUrl).pathname}`);
  expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);
  expect(await storedKeys({ storage: { objects } }, PARTS_NAMESPACE)).toEqual([]);
}, 240_000);
