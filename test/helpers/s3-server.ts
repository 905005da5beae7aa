// A local S3-compatible server (s3rver) for the tests that store files on "S3". It runs in a child
// process so that its memory never counts in the RSS a test measures, and so that a test talks to
// it over real sockets as the server talks to a real store.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export interface S3Server {
  /** s3://<bucket>/<prefix>: what STORAGE_URL would be set to. */
  url: string;
  /** http://127.0.0.1:<port> (S3_ENDPOINT). */
  endpoint: string;
  region: string;
  /** s3rver's fixed keys; the SDK's standard chain reads them from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The same, as the environment a server process would be started with. */
  env: Record<string, string>;
  /** Stops the server and deletes everything it stored. */
  close: () => Promise<void>;
}

// Runs as CommonJS in the child: s3rver is a CommonJS package, and this needs no TypeScript loader.
const childScript = `
const S3rver = require("s3rver");
const [directory, bucket] = process.argv.slice(1);
const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
server.run().then(
  (address) => process.stdout.write(JSON.stringify({ port: address.port }) + "\\n"),
  (error) => { console.error(error); process.exit(1); },
);
process.on("SIGTERM", () => server.close().finally(() => process.exit(0)));
// A request that throws inside s3rver (a client that went away mid-stream) must not take the store
// down for every test after it, as a real S3 would not go down: said, and served on.
process.on("uncaughtException", (error) => console.error("s3rver: uncaught:", (error && error.stack) || error));
// The test process holds the other end of stdin: when it dies, however it dies, so does this.
process.stdin.on("end", () => process.exit(0)).resume();
`;

/** Starts s3rver on a free port over a fresh temporary directory, with one empty bucket. */
export async function startS3Server(options: { bucket?: string; prefix?: string } = {}): Promise<S3Server> {
  const bucket = options.bucket ?? "test-files";
  const prefix = options.prefix ?? "instance";
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  // s3rver signs its list continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider:
  // without it, listing past the first 1 000 keys fails with InternalError.
  const child = spawn(process.execPath, ["--openssl-legacy-provider", "-e", childScript, directory, bucket], {
    cwd: process.cwd(),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = once(child, "exit");
  // Once it listens, what it says on stderr is passed on (an uncaught error, its exit).
  let listening = false;
  child.stderr?.on("data", (chunk) => {
    if (listening) process.stderr.write(chunk);
  });
  child.on("exit", (code, signal) => {
    if (listening && code !== 0 && signal !== "SIGTERM") console.error(`s3rver: exited (${code ?? signal})`);
  });
  const port = await new Promise<number>((resolve, reject) => {
    let line = "";
    child.stdout?.on("data", (chunk) => {
      line += chunk;
      if (!line.includes("\n") || listening) return;
      listening = true;
      resolve((JSON.parse(line) as { port: number }).port);
    });
    exited.then(([code]) => reject(new Error(`s3rver exited (${code}) before listening: ${output}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const region = "us-east-1";
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const url = `s3://${bucket}/${prefix}`;
  return {
    url,
    endpoint,
    region,
    credentials,
    env: {
      STORAGE_URL: url,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
