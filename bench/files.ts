/**
 * npm run bench:files — a big file through the product (share upload, share link download) against
 * the same copy done directly with the storage, and the server's memory meanwhile. Not a test.
 *
 *   npm run bench:files -- [--size-mb 1024] [--runs 3]
 *   node --import tsx scripts/with-s3.ts npm run bench:files -- --size-mb 64 --runs 1   (S3: s3rver)
 *
 * One file of --size-mb MiB of random bytes (crypto, 1 MiB blocks: zeros would flatter every layer
 * that compresses or dedupes) is written once to a temporary directory. The real server runs as a
 * child process (server/main.ts with `npm run serve`'s node flags, test/helpers/child-server.ts) on
 * 127.0.0.1, with a temporary DATA_DIR and PGlite, storing on disk, or in the bucket of STORAGE_URL
 * when that is set (scripts/with-s3.ts sets it to a local s3rver). Each run, in this order:
 *
 *   product  upload, multipart   POST /api/admin/files/upload, the file streamed as the `file` part
 *   product  upload, tus         /api/uploads/ with tus-js-client (16 MiB chunks, the file read by
 *                                slices); "not available" when the server has no tus endpoint yet
 *   product  download            GET /share/<token> of each upload, read to the end: size and SHA-256
 *                                of the bytes checked against the source file's
 *   direct   on disk: copyFile + fsync and a stream pipeline + fsync into DATA_DIR/direct, the copy
 *            read back (hashed, as the downloads are); on disk and on S3: put and get through the
 *            product's own openObjectStore (the same store code and client settings; on S3 the
 *            same bucket and prefix, namespace `bench/`)
 *
 * Throughput is MB/s with MB = 2^20 bytes, from the first byte sent to the last byte received (an
 * upload's answer included). The product rows compare with a direct one: on disk the stream
 * pipeline copy (writes) and the read back (reads), on S3 the store's put and get. Reads come from
 * the page cache on both sides, the file having just been written. During each product transfer
 * the server's RSS (VmRSS in /proc/<pid>/status) is sampled every 50 ms, and its high-water mark
 * (VmHWM), reset through /proc/<pid>/clear_refs just before, catches peaks between samples.
 *
 * Prints the comparison (medians over the runs; server memory: baseline the median, peak and
 * growth the largest of the runs), then every operation's median and runs, and writes everything to
 * bench/results/files-<disk|s3>.json (git-ignored). Every transfer has a time limit (60 s plus
 * 0.5 s per MB), the whole bench one too; the temporary file and DATA_DIR are removed at the end.
 * BENCH_LOG_LEVEL=info shows the server's request log when something fails (default warn).
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { copyFile, open, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { Upload as TusUpload } from "tus-js-client";
import { loadConfig } from "../server/config.ts";
import type { ObjectStore } from "../server/storage/object-store.ts";
import { openObjectStore } from "../server/storage/open-object-store.ts";
import { type ChildServer, startChildServer } from "../test/helpers/child-server.ts";
import { wholeNumber } from "./lib/args.ts";
import { statusMb } from "./lib/proc-memory.ts";
import { median, renderTable, round, writeResults } from "./lib/report.ts";

const MB = 2 ** 20;
const SAMPLE_MS = 50;
const TUS_CHUNK = 16 * MB;
const EXPIRY_MINUTES = "60";
const FILE_NAME = "bench-files.bin";
const CONTENT_TYPE = "application/octet-stream";
/** MAX_SHARE_MB's own ceiling (server/config.ts). */
const MAX_SHARE_MB = 10240;

const log = (message: string) => console.error(`bench:files: ${message}`);

const { values } = parseArgs({
  options: { "size-mb": { type: "string", default: "1024" }, runs: { type: "string", default: "3" } },
});
const sizeMb = wholeNumber("bench:files", "size-mb", values["size-mb"], 1, MAX_SHARE_MB);
const runs = wholeNumber("bench:files", "runs", values.runs, 1, 20);
const size = sizeMb * MB;
/** Any one transfer: at least 2 MB/s, or it has failed. */
const transferTimeoutMs = 60_000 + sizeMb * 500;
const storage: "disk" | "s3" = process.env.STORAGE_URL ? "s3" : "disk";

const cell = (n: number | undefined, digits = 1) => (n === undefined || Number.isNaN(n) ? "n/a" : n.toFixed(digits));

// ---------------------------------------------------------------------------------------------
// The server's memory, from /proc (Linux; elsewhere the figures are n/a): proc-memory.ts.

interface Memory {
  baselineMb: number;
  peakMb: number;
  growthMb: number;
  samples: number;
  /** Whether VmHWM was reset before the transfer and counted in the peak. */
  highWaterMark: boolean;
}

async function watchMemory<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; memory: Memory }> {
  const baseline = statusMb(pid, "VmRSS") ?? Number.NaN;
  let highWaterMark = false;
  try {
    // "5" resets the process's peak RSS (VmHWM) to its current RSS.
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    highWaterMark = true;
  } catch {
    // Not Linux, or not allowed: the 50 ms samples alone.
  }
  let peak = baseline;
  let samples = 0;
  const timer = setInterval(() => {
    const rss = statusMb(pid, "VmRSS");
    if (rss === undefined) return;
    peak = Math.max(peak, rss);
    samples++;
  }, SAMPLE_MS);
  let result: T;
  try {
    result = await work();
  } finally {
    clearInterval(timer);
  }
  if (highWaterMark) peak = Math.max(peak, statusMb(pid, "VmHWM") ?? peak);
  return {
    result,
    memory: {
      baselineMb: round(baseline),
      peakMb: round(peak),
      growthMb: round(peak - baseline),
      samples,
      highWaterMark,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Bytes.

async function writeRandomFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(async function* () {
    for (let i = 0; i < sizeMb; i++) {
      const block = randomBytes(MB);
      hash.update(block);
      yield block;
    }
  }, createWriteStream(file));
  return hash.digest("hex");
}

/** Reads `source` to its end, checking its size and SHA-256 against the source file's. */
async function checkBytes(source: Readable, what: string, sha256: string, signal: AbortSignal) {
  const hash = createHash("sha256");
  let bytes = 0;
  await pipeline(
    source,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done();
      },
    }),
    { signal },
  );
  if (bytes !== size) throw new Error(`${what}: ${bytes} bytes read, ${size} expected`);
  if (hash.digest("hex") !== sha256) throw new Error(`${what}: the bytes differ from the source file's`);
}

async function fsyncFile(file: string) {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP, through node:http: a lean client, so that the figures are the server's.

interface Answer {
  status: number;
  body: http.IncomingMessage;
}

function request(
  url: string,
  options: { method: string; headers?: http.OutgoingHttpHeaders; body?: Readable; signal: AbortSignal },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A connection per request: a kept-alive one the server has just timed out fails the next call.
    const outgoing = http.request(url, {
      method: options.method,
      headers: options.headers,
      signal: options.signal,
      agent: false,
    });
    outgoing.once("response", (response) => resolve({ status: response.statusCode ?? 0, body: response }));
    outgoing.once("error", reject);
    // A server that answers before the body is all sent (a refusal) ends the pipeline early: the
    // answer says why, so this error only counts when there is none.
    if (options.body) pipeline(options.body, outgoing).catch(reject);
    else outgoing.end();
  });
}

async function readText(body: Readable): Promise<string> {
  let text = "";
  body.setEncoding("utf8");
  for await (const chunk of body) text += chunk;
  return text;
}

/** A JSON call; a non-2xx answer throws with its status and body. */
async function callJson(base: string, method: string, url: string, options: { token?: string; json?: unknown } = {}) {
  const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
  const answer = await request(`${base}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(body ? { "content-type": "application/json", "content-length": body.length } : {}),
    },
    body: body ? Readable.from([body]) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await readText(answer.body);
  if (answer.status < 200 || answer.status > 299) throw new Error(`${method} ${url}: ${answer.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

interface Share {
  id: number;
  fileUrl: string;
  size: number;
}

function asShare(what: string, status: number, text: string): Share {
  let share: Partial<Share> | undefined;
  try {
    share = JSON.parse(text) as Partial<Share>;
  } catch {
    // reported below
  }
  if (typeof share?.id !== "number" || typeof share.fileUrl !== "string") {
    throw new Error(`${what}: ${status} ${text.slice(0, 300)}`);
  }
  if (share.size !== size) throw new Error(`${what}: the share says ${share.size} bytes, ${size} sent`);
  return share as Share;
}

async function uploadMultipart(base: string, token: string, file: string, signal: AbortSignal): Promise<Share> {
  const boundary = `----bench${randomBytes(12).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="expiryMinutes"\r\n\r\n${EXPIRY_MINUTES}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${FILE_NAME}"\r\n` +
      `Content-Type: ${CONTENT_TYPE}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const answer = await request(`${base}/api/admin/files/upload`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": head.length + size + tail.length,
    },
    body: Readable.from(
      (async function* () {
        yield head;
        yield* createReadStream(file);
        yield tail;
      })(),
      { objectMode: false },
    ),
    signal,
  });
  const text = await readText(answer.body);
  if (answer.status !== 201) throw new Error(`multipart upload: ${answer.status} ${text.slice(0, 300)}`);
  return asShare("multipart upload", answer.status, text);
}

/** Whether /api/uploads/ speaks tus (OPTIONS answers with Tus-Version). */
async function tusAvailable(base: string): Promise<boolean> {
  try {
    const answer = await request(`${base}/api/uploads/`, {
      method: "OPTIONS",
      headers: { "tus-resumable": "1.0.0" },
      signal: AbortSignal.timeout(10_000),
    });
    answer.body.resume();
    return answer.status < 300 && answer.body.headers["tus-version"] !== undefined;
  } catch {
    return false;
  }
}

function uploadTus(base: string, token: string, file: string, signal: AbortSignal): Promise<Share> {
  return new Promise((resolve, reject) => {
    const upload = new TusUpload(createReadStream(file), {
      endpoint: `${base}/api/uploads/`,
      chunkSize: TUS_CHUNK,
      metadata: { filename: FILE_NAME, filetype: CONTENT_TYPE, expiryMinutes: EXPIRY_MINUTES },
      headers: { authorization: `Bearer ${token}` },
      // A retry would hide a failure inside the timing.
      retryDelays: null,
      storeFingerprintForResuming: false,
      onSuccess: ({ lastResponse }) => {
        try {
          resolve(asShare("tus upload", lastResponse.getStatus(), lastResponse.getBody()));
        } catch (error) {
          reject(error);
        }
      },
      onError: reject,
    });
    signal.addEventListener(
      "abort",
      () => {
        upload.abort().catch(() => undefined);
        reject(signal.reason);
      },
      { once: true },
    );
    upload.start();
  });
}

async function downloadShare(base: string, share: Share, sha256: string, signal: AbortSignal) {
  // The link is built on PUBLIC_ORIGIN; the server is on its own port.
  const answer = await request(`${base}${new URL(share.fileUrl).pathname}`, {
    method: "GET",
    headers: { "accept-encoding": "identity" },
    signal,
  });
  if (answer.status !== 200)
    throw new Error(`download: ${answer.status} ${(await readText(answer.body)).slice(0, 300)}`);
  await checkBytes(answer.body, "download", sha256, signal);
}

// ---------------------------------------------------------------------------------------------
// Operations and their figures.

type OperationId =
  | "upload-multipart"
  | "upload-tus"
  | "download-multipart"
  | "download-tus"
  | "copyfile"
  | "pipeline"
  | "read-back"
  | "store-put"
  | "store-get";

interface Operation {
  label: string;
  kind: "product" | "direct";
  seconds: number[];
  mbPerSecond: number[];
  memory: Memory[];
}

const operations = new Map<OperationId, Operation>();
const labels: Record<OperationId, string> = {
  "upload-multipart": "upload, multipart POST /api/admin/files/upload",
  "upload-tus": "upload, tus /api/uploads/ (16 MiB chunks)",
  "download-multipart": "download, GET /share/<token> (multipart upload)",
  "download-tus": "download, GET /share/<token> (tus upload)",
  copyfile: "disk: copyFile + fsync",
  pipeline: "disk: stream pipeline + fsync",
  "read-back": "disk: read the copy back",
  "store-put": `${storage}: openObjectStore put`,
  "store-get": `${storage}: openObjectStore get`,
};

/** Times `work` (with the transfer time limit), and the server's memory when it is a product operation. */
async function measure<T>(
  id: OperationId,
  kind: Operation["kind"],
  serverPid: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const signal = AbortSignal.timeout(transferTimeoutMs);
  // Some work cannot be aborted (copyFile, a store put): the bench stops waiting for it all the same.
  const timedOut = new Promise<never>((_, reject) =>
    signal.addEventListener(
      "abort",
      () => reject(new Error(`${labels[id]}: took longer than ${transferTimeoutMs / 1000} s`)),
      { once: true },
    ),
  );
  timedOut.catch(() => undefined);
  const bounded = () => Promise.race([work(signal), timedOut]);
  const started = performance.now();
  let result: T;
  let memory: Memory | undefined;
  if (kind === "product") ({ result, memory } = await watchMemory(serverPid, bounded));
  else result = await bounded();
  const seconds = (performance.now() - started) / 1000;
  let operation = operations.get(id);
  if (!operation) {
    operation = { label: labels[id], kind, seconds: [], mbPerSecond: [], memory: [] };
    operations.set(id, operation);
  }
  operation.seconds.push(round(seconds, 3));
  operation.mbPerSecond.push(round(sizeMb / seconds));
  if (memory) operation.memory.push(memory);
  log(
    `${labels[id]}: ${(sizeMb / seconds).toFixed(1)} MB/s` +
      (memory ? `, server RSS ${cell(memory.baselineMb)} → ${cell(memory.peakMb)} MB` : ""),
  );
  return result;
}

// ---------------------------------------------------------------------------------------------

const tempDir = mkdtempSync(path.join(os.tmpdir(), "nb-bench-files-src-"));
const dataDir = mkdtempSync(path.join(os.tmpdir(), "nb-bench-files-data-"));
const source = path.join(tempDir, FILE_NAME);
let server: ChildServer | undefined;
let store: ObjectStore | undefined;

function removeTemporaries() {
  rmSync(tempDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

// Interrupted or out of time: no server or temporary file outlives the bench.
function abandon(reason: string, code: number): never {
  log(reason);
  server?.child.kill("SIGKILL");
  removeTemporaries();
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => abandon(`${signal}: stopping`, 130));
const benchBudgetMs = 180_000 + runs * 10 * transferTimeoutMs;
setTimeout(() => abandon(`the bench took longer than ${benchBudgetMs / 1000} s: stopping`, 1), benchBudgetMs).unref();

let exitCode = 0;
try {
  log(`writing ${sizeMb} MB of random bytes`);
  const sha256 = await writeRandomFile(source);

  const adminPassword = randomBytes(18).toString("base64url");
  const serverEnv: Record<string, string> = {
    NODE_ENV: "production",
    PUBLIC_ORIGIN: "http://127.0.0.1",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // PGlite in DATA_DIR, no Redis, no mail: only the file path is measured.
    DATABASE_URL: "",
    REDIS_URL: "",
    SMTP_URL: "",
    NOTIFY_EMAIL: "",
    JWT_SECRET: randomBytes(48).toString("base64url"),
    ADMIN_USERNAME: "bench-admin",
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    MAX_SHARE_MB: String(Math.min(MAX_SHARE_MB, Math.max(2048, sizeMb * 2))),
  };
  // The direct store: the server's own settings (STORAGE_URL, S3_*, the SDK's credential chain).
  const config = loadConfig({ ...process.env, ...serverEnv });
  const directDir = path.join(dataDir, "direct");
  mkdirSync(directDir);
  store = openObjectStore({ storageUrl: config.storageUrl, dataDir: directDir, s3: config.s3 });

  log(`starting the server (${storage}: ${store.location.replace(directDir, "DATA_DIR/direct")})`);
  server = await startChildServer(serverEnv, { healthTimeoutMs: 120_000 });
  const { base } = server;
  const pid = server.child.pid!;
  log(`server ready (pid ${pid}, RSS ${cell(statusMb(pid, "VmRSS"))} MB)`);
  const login = await callJson(base, "POST", "/api/auth/login", {
    json: { username: serverEnv.ADMIN_USERNAME, password: adminPassword, role: "admin" },
  });
  if (typeof login.token !== "string") throw new Error(`login: no token in ${JSON.stringify(login)}`);
  const token = login.token;
  /** "available", "not available", or "failed: …" once an upload through it failed (the later runs skip it). */
  let tus = (await tusAvailable(base)) ? "available" : "not available";
  if (tus !== "available") log("tus upload: not available (/api/uploads/ does not answer as a tus endpoint)");

  for (let run = 1; run <= runs; run++) {
    log(`run ${run} of ${runs}`);
    const shares: Share[] = [];
    try {
      const multipart = await measure("upload-multipart", "product", pid, (signal) =>
        uploadMultipart(base, token, source, signal),
      );
      shares.push(multipart);
      await measure("download-multipart", "product", pid, (signal) => downloadShare(base, multipart, sha256, signal));
      if (tus === "available") {
        // The endpoint is new: its failure is reported, and the other figures still come.
        try {
          const resumable = await measure("upload-tus", "product", pid, (signal) =>
            uploadTus(base, token, source, signal),
          );
          shares.push(resumable);
          await measure("download-tus", "product", pid, (signal) => downloadShare(base, resumable, sha256, signal));
        } catch (error) {
          tus = `failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
          log(`tus upload ${tus}`);
        }
      }
    } finally {
      for (const share of shares) {
        // Not measured: a share left behind goes with DATA_DIR (or the s3rver directory) at the end.
        await callJson(base, "DELETE", `/api/admin/files/${share.id}`, { token }).catch((error: unknown) =>
          log(`could not delete share ${share.id}: ${String(error)}`),
        );
      }
    }

    const directStore = store;
    if (storage === "disk") {
      const copy = path.join(directDir, FILE_NAME);
      try {
        await measure("copyfile", "direct", pid, async () => {
          await copyFile(source, copy);
          await fsyncFile(copy);
        });
        await rm(copy);
        await measure("pipeline", "direct", pid, async (signal) => {
          await pipeline(createReadStream(source), createWriteStream(copy), { signal });
          await fsyncFile(copy);
        });
        await measure("read-back", "direct", pid, (signal) =>
          checkBytes(createReadStream(copy), "read back", sha256, signal),
        );
      } finally {
        await rm(copy, { force: true });
      }
    }
    const key = `bench/${randomBytes(12).toString("hex")}`;
    try {
      await measure("store-put", "direct", pid, async () => {
        const { size: stored } = await directStore.put(key, createReadStream(source), { contentType: CONTENT_TYPE });
        if (stored !== size) throw new Error(`store put: ${stored} bytes stored, ${size} sent`);
      });
      await measure("store-get", "direct", pid, async (signal) => {
        const object = await directStore.get(key);
        if (!object) throw new Error("store get: the object is not there");
        await checkBytes(object.body, "store get", sha256, signal);
      });
    } finally {
      await directStore.remove(key);
    }
  }

  // ---- report
  const summary = (id: OperationId) => {
    const operation = operations.get(id);
    if (!operation) return undefined;
    const memory = operation.memory;
    return {
      mbPerSecond: round(median(operation.mbPerSecond)),
      baselineMb: memory.length ? round(median(memory.map((m) => m.baselineMb))) : undefined,
      peakMb: memory.length ? Math.max(...memory.map((m) => m.peakMb)) : undefined,
      growthMb: memory.length ? Math.max(...memory.map((m) => m.growthMb)) : undefined,
    };
  };
  const writeReference: OperationId = storage === "disk" ? "pipeline" : "store-put";
  const readReference: OperationId = storage === "disk" ? "read-back" : "store-get";
  const comparisons: [OperationId, OperationId][] = [
    ["upload-multipart", writeReference],
    ["upload-tus", writeReference],
    ["download-multipart", readReference],
    ["download-tus", readReference],
  ];
  const comparison = comparisons.map(([product, direct]) => {
    const p = summary(product);
    const d = summary(direct);
    return {
      operation: labels[product],
      productMbPerSecond: p?.mbPerSecond,
      direct: labels[direct],
      directMbPerSecond: d?.mbPerSecond,
      ratio: p && d ? round(p.mbPerSecond / d.mbPerSecond, 2) : undefined,
      serverRssBaselineMb: p?.baselineMb,
      serverRssPeakMb: p?.peakMb,
      serverRssGrowthMb: p?.growthMb,
      available: p !== undefined,
    };
  });

  console.log(
    `\n${sizeMb} MB file, ${runs} run${runs === 1 ? "" : "s"}, ${storage} (${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(2)}): ` +
      "medians; MB = 2^20 bytes; server RSS baseline median, peak and growth the largest of the runs\n",
  );
  console.log(
    renderTable(
      [
        "operation",
        "product MB/s",
        "direct",
        "direct MB/s",
        "product/direct",
        "RSS base MB",
        "RSS peak MB",
        "peak-base MB",
      ],
      comparison.map((row) =>
        row.available
          ? [
              row.operation,
              cell(row.productMbPerSecond),
              row.direct,
              cell(row.directMbPerSecond),
              cell(row.ratio, 2),
              cell(row.serverRssBaselineMb),
              cell(row.serverRssPeakMb),
              cell(row.serverRssGrowthMb),
            ]
          : [
              row.operation,
              tus === "not available" ? tus : "failed",
              row.direct,
              cell(row.directMbPerSecond),
              "",
              "",
              "",
              "",
            ],
      ),
    ),
  );
  console.log("");
  console.log(
    renderTable(
      ["operation", "median MB/s", ...Array.from({ length: runs }, (_, i) => `run ${i + 1}`)],
      [...operations.values()].map((operation) => [
        `${operation.kind}: ${operation.label}`,
        cell(median(operation.mbPerSecond)),
        ...operation.mbPerSecond.map((v) => cell(v)),
      ]),
    ),
  );

  const written = writeResults(`files-${storage}.json`, {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      loadAverage1m: round(os.loadavg()[0] ?? 0, 2),
      memoryMb: Math.round(os.totalmem() / MB),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    storage,
    storageLocation: storage === "s3" ? store.location : "disk (DATA_DIR/files)",
    sizeMb,
    sizeBytes: size,
    sha256,
    runs,
    tus,
    transferTimeoutMs,
    comparison,
    operations: Object.fromEntries(operations),
  });
  console.log(`\nwritten to ${written}`);
  if (tus.startsWith("failed")) {
    log(`tus upload ${tus}`);
    exitCode = 1;
  }
} catch (error) {
  exitCode = 1;
  console.error(error);
  const output = server?.output().trim();
  if (output) console.error(`server output:\n${output.slice(-4000)}`);
} finally {
  await store?.close();
  if (server) {
    const stopping = server;
    const kill = setTimeout(() => stopping.child.kill("SIGKILL"), 15_000);
    await stopping.stop("SIGTERM");
    clearTimeout(kill);
  }
  removeTemporaries();
}
process.exit(exitCode);
