/**
 * DESIGN §19: the image is the product. deploy/Dockerfile's runtime stage is assembled in a folder
 * from the Dockerfile's own COPY lines (its production dependencies installed as its prod-deps stage
 * installs them: `npm ci --omit=dev`), and the server is started there as the image's CMD starts it,
 * with the image's ENV and `NODE_ENV=production`, on the Node that package.json pins (decision 061).
 * Then every dependency the server needs at run time is driven through the API and /ws: a site
 * picture (sharp), a publish rendered on the live page (the server build in build/render), a
 * transmittal's cover sheet (pdf-lib), a tus upload, a chat message over STOMP, and a backup.
 * Run once, after the build (scripts/topology.ts); no container tool is needed.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDestinations } from "../../shared/chat.ts";
import { chatClients } from "../helpers/chat.ts";
import { callServer, freePort, loginOn } from "../helpers/child-server.ts";
import { assembleRuntimeStage, cleanEnv, envOf } from "../helpers/dockerfile.ts";
import { samples } from "../helpers/sample-files.ts";
import { tusUpload } from "../helpers/tus.ts";

const root = path.resolve(import.meta.dirname, "../..");
const admin = { username: "admin", password: "runtime-stage-admin-1" };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let work: string;
let app: string;
let dataDir: string;
let server: ChildProcess;
let output = "";
let base: string;
let port: number;
let token: string;
/** The image's CMD: its argv after `node`. */
let command: string[];
let imageEnv: Record<string, string>;

/** Runs `args` with the pinned Node in the assembled image, as `docker exec` would; its exit code and output. */
function runInImage(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: app, env: cleanEnv({ ...imageEnv, ...env }) });
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
    });
    child.stderr.on("data", (chunk) => {
      text += chunk;
    });
    child.on("exit", (code) => resolve({ code, output: text }));
  });
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "nb-image-"));
  app = path.join(work, "app");
  dataDir = path.join(work, "data");
  const runtime = assembleRuntimeStage(readFileSync(path.join(root, "deploy/Dockerfile"), "utf8"), root, app);
  imageEnv = envOf(runtime);
  expect(imageEnv.NODE_ENV).toBe("production");
  const cmd = runtime.instructions.findLast((i) => i.keyword === "CMD");
  const [executable, ...rest] = JSON.parse(cmd!.args) as string[];
  expect(executable).toBe("node");
  command = rest;
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, command, {
    cwd: app,
    env: cleanEnv({
      ...imageEnv,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: base,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: "warn",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the image's server exited (${server.exitCode}):\n${output}`);
    const ready = await fetch(`${base}/api/health/ready`).catch(() => undefined);
    await ready?.arrayBuffer();
    if (ready?.ok) break;
    if (Date.now() > deadline) throw new Error(`the image's server was not ready in 90 s:\n${output}`);
    await pause(100);
  }
  token = await loginOn(base, admin.username, admin.password, "admin");
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
  if (work) rmSync(work, { recursive: true, force: true });
}, 60_000);

describe("the image's runtime stage, as shipped", () => {
  it("runs on the pinned Node with production dependencies only", () => {
    const pkg = JSON.parse(readFileSync(path.join(app, "package.json"), "utf8"));
    expect(process.version).toBe(`v${pkg.devDependencies.node}`);
    // Nothing the lock file marks as for development only was installed: not the build tools, not
    // the test runners, not the Node of npm scripts.
    const lock = JSON.parse(readFileSync(path.join(app, "package-lock.json"), "utf8")) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const devOnly = Object.entries(lock.packages).filter(([key, entry]) => key && entry.dev);
    expect(devOnly.map(([key]) => key)).toEqual(expect.arrayContaining(["node_modules/vitest", "node_modules/node"]));
    for (const [key] of devOnly) expect(existsSync(path.join(app, key)), key).toBe(false);
  });

  it("encodes a site picture (sharp)", async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1d4ed8" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("alt", "A truss on the yard");
    form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "truss.jpg");
    const uploaded = await fetch(`${base}/api/admin/site/images`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const picture = (await uploaded.json()) as { src: string };
    const served = await fetch(`${base}${picture.src}`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBeGreaterThan(0);
  });

  it("renders a publish on the live page within 5 s (build/render)", async () => {
    const id = `image-${randomBytes(4).toString("hex")}`;
    const title = `Fit-up Checker ${id}`;
    await callServer(base, "PUT", `/api/admin/site/jobs/${id}`, {
      token,
      json: {
        ...{ title, location: "Remote", department: "Detailing", type: "Full-time", experience: "3+ years" },
        ...{ description: "Checks fit-up.", responsibilities: ["Check"], requirements: ["Tekla"], version: 0 },
      },
    });
    const publishedAt = Date.now();
    await callServer(base, "POST", "/api/admin/site/publish", {
      token,
      json: { items: [{ collection: "jobs", id }] },
    });
    for (;;) {
      if ((await (await fetch(`${base}/career`)).text()).includes(title)) break;
      expect(Date.now() - publishedAt, `the job on /career:\n${output}`).toBeLessThan(5_000);
      await pause(100);
    }
  });

  it("writes a transmittal's cover sheet (pdf-lib) and takes a tus upload", async () => {
    const job = `IMG-${randomBytes(2).toString("hex").toUpperCase()}`;
    await callServer(base, "POST", "/api/projects", {
      token,
      json: { job, name: "Image check", client: { company: "Acme", email: "a@acme.example" }, team: [] },
    });
    const form = new FormData();
    for (const [name, value] of Object.entries({ number: "E-1", revision: "A", title: "Plan" }))
      form.append(name, value);
    form.append("file", new Blob([new Uint8Array(samples.pdf)], { type: "application/pdf" }), "E-1.pdf");
    const sheet = await fetch(`${base}/api/projects/${job}/drawings`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(sheet.status, await sheet.clone().text()).toBe(201);
    const transmittal = await callServer(base, "POST", `/api/projects/${job}/transmittals`, {
      token,
      json: { purpose: "approval", sheets: [{ number: "E-1", revision: "A" }], recipients: ["eor@client.example"] },
    });
    const cover = await fetch(`${base}/api/projects/${job}/transmittals/${transmittal.number}/cover`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cover.status).toBe(200);
    expect(
      Buffer.from(await cover.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const data = randomBytes(300_000);
    const upload = await tusUpload(base, data, {
      metadata: { filename: "model.ifc", filetype: "application/octet-stream", expiryMinutes: "60" },
      headers: { authorization: `Bearer ${token}` },
      chunkSize: 100_000,
    });
    const share = upload.body as { fileUrl: string };
    const downloaded = await fetch(share.fileUrl.replace(/^https?:\/\/[^/]+/, base));
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(data)).toBe(true);
  });

  it("carries a chat message over STOMP", async () => {
    const username = `img.${randomBytes(3).toString("hex")}`;
    const password = "runtime-stage-employee-1";
    await callServer(base, "POST", "/api/admin/register-employee", {
      token,
      json: { name: "Ines Image", email: `${username}@example.com`, role: "Modeler", username, password },
    });
    const employee = { username, token: await loginOn(base, username, password, "employee") };
    const clients = chatClients(() => `ws://127.0.0.1:${port}/ws`);
    try {
      const them = await clients.connect(employee);
      const me = await clients.connect({ username: admin.username, token });
      expect(
        await me.client.send(chatDestinations.sendPrivate, { recipient: username, content: "From the image" }),
      ).toBe("done");
      const deadline = Date.now() + 5_000;
      while (!them.queue.json().some((message) => (message as { content?: string }).content === "From the image")) {
        expect(Date.now(), "the message at the recipient").toBeLessThan(deadline);
        await pause(50);
      }
    } finally {
      await clients.closeAll();
    }
  });

  it("takes a backup of the running server with the image's own CLI", async () => {
    const file = path.join(work, "backup.tar.gz");
    const result = await runInImage(["--import", "tsx", "server/cli/backup.ts", file], {
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_ORIGIN: base,
    });
    expect(result.code, result.output).toBe(0);
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });
});
