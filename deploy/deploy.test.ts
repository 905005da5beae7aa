/**
 * deploy/ (DESIGN §13) without a container engine: Compose itself validates compose.yaml and resolves
 * it, and these tests hold the resolved topology, the Dockerfile and the build context to what the
 * server needs. The Compose checks need `docker compose` or Debian's `docker-compose` (CI installs it
 * with apt): without either they say so in one line and are skipped, except under CI=true, where a
 * missing Compose fails the run. The Dockerfile checks need no tool.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { loadConfig } from "../server/config.ts";
import { addressMatcher, parseAddressList } from "../server/lib/address-list.ts";
import { dockerfileStages } from "../test/helpers/dockerfile.ts";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const composeFile = path.join(root, "deploy/compose.yaml");
const dockerfilePath = path.join(root, "deploy/Dockerfile");

/** The variables compose.yaml requires (`${VAR:?…}`), with stand-in values. */
const requiredEnv = {
  PUBLIC_ORIGIN: "https://steelcraft.example",
  POSTGRES_PASSWORD: "0123456789abcdef0123456789abcdef",
  MINIO_ROOT_USER: "storage-admin",
  MINIO_ROOT_PASSWORD: "storage-admin-password",
  AWS_ACCESS_KEY_ID: "steelcraft-app",
  AWS_SECRET_ACCESS_KEY: "steelcraft-app-secret",
};

interface Compose {
  command: string;
  args: string[];
  /** Compose v2 prints JSON on request; v1 (docker-compose 1.29) prints YAML only. */
  json: boolean;
}

/** The Compose on this machine: v2's plugin, or Debian's docker-compose (v1); undefined when neither. */
async function findCompose(): Promise<Compose | undefined> {
  try {
    await run("docker", ["compose", "version"]);
    return { command: "docker", args: ["compose"], json: true };
  } catch {}
  try {
    await run("docker-compose", ["version"]);
    return { command: "docker-compose", args: [], json: false };
  } catch {}
  return undefined;
}

const compose = await findCompose();
const composeMissing = "no `docker compose` or `docker-compose` (apt-get install docker-compose)";
if (!compose) {
  if (process.env.CI === "true") throw new Error(`deploy: ${composeMissing}: failing because CI=true`);
  console.log(`deploy: compose.yaml checks skipped, ${composeMissing}`);
}

async function runCompose(extra: string[], env: Record<string, string | undefined> = requiredEnv) {
  const tool = compose!;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  return run(tool.command, [...tool.args, "-f", composeFile, ...extra], { cwd: root, env: childEnv });
}

// biome-ignore lint/suspicious/noExplicitAny: the resolved file is checked field by field below.
type Resolved = { services: Record<string, any>; networks: Record<string, any> };

/**
 * compose.yaml as Compose resolves it, asked once for the file's tests: Debian's docker-compose is
 * a Python program that takes seconds to start on a busy machine.
 */
let resolved: Promise<Resolved> | undefined;
function resolvedConfig(): Promise<Resolved> {
  const tool = compose!;
  resolved ??= runCompose(tool.json ? ["config", "--format", "json"] : ["config"]).then(({ stdout }) =>
    tool.json ? JSON.parse(stdout) : parseYaml(stdout),
  );
  return resolved;
}

/** A Compose duration (`20s`, `1m30s`, `500ms`) in milliseconds. */
function durationMs(text: string): number {
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001 };
  const parts = [...String(text).matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us)/g)];
  if (parts.length === 0) throw new Error(`not a duration: ${text}`);
  return parts.reduce((sum, [, value, unit]) => sum + Number(value) * units[unit!]!, 0);
}

/** Compose v1 prints environment as a map, v2 too; either may print a list of KEY=VALUE. */
function environment(service: { environment?: Record<string, string> | string[] }): Record<string, string> {
  const env = service.environment ?? {};
  if (!Array.isArray(env)) return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v ?? "")]));
  return Object.fromEntries(env.map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
}

describe.skipIf(!compose)("deploy/compose.yaml", () => {
  it("is a valid Compose file once the required variables are set", async () => {
    await expect(runCompose(["config", "-q"])).resolves.toBeDefined();
  });

  // One Compose per variable, side by side; each is a Python start-up of seconds on a busy machine.
  it("refuses to start without each required secret, naming it", { timeout: 60_000 }, async () => {
    const names = Object.keys(requiredEnv);
    const failures = await Promise.all(
      names.map((name) =>
        runCompose(["config", "-q"], { ...requiredEnv, [name]: undefined }).then(
          () => undefined,
          (error: { stderr?: string }) => error,
        ),
      ),
    );
    names.forEach((name, i) => {
      expect(failures[i], `${name} unset`).toBeDefined();
      expect(failures[i]?.stderr, name).toContain(name);
    });
  });

  it("runs the topology of the tests: two app instances behind nginx, PostgreSQL, Redis, an S3 store", async () => {
    const { services } = await resolvedConfig();
    expect(Object.keys(services).sort()).toEqual(
      ["app1", "app2", "createbucket", "nginx", "postgres", "redis", "storage"].sort(),
    );
    for (const name of ["app1", "app2"]) {
      const app = services[name];
      expect(path.resolve(app.build.context), name).toBe(root);
      expect(path.resolve(app.build.context, app.build.dockerfile), name).toBe(dockerfilePath);
      expect(app.healthcheck.test.join(" "), name).toContain("/api/health/ready");
      expect(app.depends_on, name).toMatchObject({
        postgres: { condition: "service_healthy" },
        redis: { condition: "service_healthy" },
        storage: { condition: "service_healthy" },
        createbucket: { condition: "service_completed_successfully" },
      });
      // Each instance keeps its own DATA_DIR.
      expect(app.volumes.map((v: { target?: string } | string) => (typeof v === "string" ? v : v.target))).toEqual([
        expect.stringMatching(/^(.+:)?\/data(:rw)?$/),
      ]);
    }
    expect(services.app1.volumes).not.toEqual(services.app2.volumes);
    expect(services.postgres.image).toMatch(/^postgres:/);
    expect(services.postgres.healthcheck.test.join(" ")).toContain("pg_isready");
    expect(JSON.stringify(services.postgres.volumes)).toContain("/var/lib/postgresql/data");
    expect(services.redis.image).toMatch(/^redis:/);
    expect(services.storage.image).toMatch(/^minio\/minio:/);
    expect(services.createbucket.image).toMatch(/^minio\/mc:/);
    expect(services.nginx.image).toMatch(/^nginx:/);
    expect(services.nginx.depends_on).toMatchObject({
      app1: { condition: "service_healthy" },
      app2: { condition: "service_healthy" },
    });
  });

  it("gives the apps a configuration the server accepts, with every dependency shared", async () => {
    const { services } = await resolvedConfig();
    const configSource = readFileSync(path.join(root, "server/config.ts"), "utf8");
    for (const name of ["app1", "app2"]) {
      const env = environment(services[name]);
      // No invented variables: each is one server/config.ts reads, or the AWS SDK's credentials.
      for (const key of Object.keys(env)) {
        if (key === "AWS_ACCESS_KEY_ID" || key === "AWS_SECRET_ACCESS_KEY") continue;
        expect(configSource, `${name}: ${key}`).toContain(`  ${key}: `);
      }
      const config = loadConfig(env);
      expect(config.env).toBe("production");
      expect(config.databaseUrl).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(config.redisUrl).toBe("redis://redis:6379");
      expect(config.storageUrl).toMatch(/^s3:\/\//);
      expect(config.s3).toEqual({ endpoint: "http://storage:9000", region: expect.any(String), forcePathStyle: true });
      expect(env.AWS_ACCESS_KEY_ID).toBe(requiredEnv.AWS_ACCESS_KEY_ID);
      expect(env.AWS_SECRET_ACCESS_KEY).toBe(requiredEnv.AWS_SECRET_ACCESS_KEY);
      expect(config.publicOrigin).toBe(requiredEnv.PUBLIC_ORIGIN);
      // After SIGTERM: the drain, then up to 10 s for requests in flight (server/serve.ts), all within the grace period.
      expect(config.shutdownDelayMs).toBe(5000);
      expect(durationMs(services[name].stop_grace_period)).toBeGreaterThanOrEqual(config.shutdownDelayMs + 10_000);
    }
  });

  it("trusts X-Forwarded-For from nginx alone, and never lets the public entry point read /metrics", async () => {
    const { services, networks } = await resolvedConfig();
    const nginxAddress: string = services.nginx.networks.default.ipv4_address;
    const subnet = networks.default.ipam.config[0].subnet as string;
    const inSubnet = addressMatcher(parseAddressList(subnet).ranges);
    expect(inSubnet(nginxAddress)).toBe(true);
    const gateway = `${subnet.split("/")[0]!.replace(/\.0$/, "")}.1`;
    for (const name of ["app1", "app2"]) {
      const env = environment(services[name]);
      expect(env.TRUST_PROXY).toBe(nginxAddress);
      const metricsAllowed = addressMatcher(loadConfig(env).metrics.allow);
      // A request through nginx has nginx's address, or the client's (the gateway, from the host's port).
      for (const address of [nginxAddress, gateway, "203.0.113.7", "2001:db8::7"]) {
        expect(metricsAllowed(address), `${name}: ${address}`).toBe(false);
      }
    }
  });

  it("mounts the nginx configuration of the tests, read-only, from files that exist", async () => {
    const { services } = await resolvedConfig();
    const mounts = (services.nginx.volumes as { type: string; source: string; target: string; read_only?: boolean }[])
      .filter((volume) => volume.type === "bind")
      .map((volume) => ({
        source: path.relative(root, volume.source),
        target: volume.target,
        readOnly: volume.read_only === true,
      }));
    expect(mounts).toEqual([
      { source: "deploy/nginx/steelcraft.conf", target: "/etc/nginx/conf.d/default.conf", readOnly: true },
      { source: "deploy/nginx/upstream-servers.conf", target: "/etc/nginx/upstream-servers.conf", readOnly: true },
      { source: "deploy/nginx/listen.conf", target: "/etc/nginx/listen.conf", readOnly: true },
    ]);
    for (const { source } of mounts) expect(existsSync(path.join(root, source)), source).toBe(true);
    expect(services.nginx.ports.map((port: { target: number }) => Number(port.target))).toEqual([80]);
  });
});

describe("deploy/Dockerfile", () => {
  const stages = dockerfileStages(readFileSync(dockerfilePath, "utf8"));
  const runtime = stages.at(-1)!;
  const args = (keyword: string) => runtime.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

  it("builds in stages and runs as a user that is not root", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages.slice(0, -1)) expect(stage.name, stage.from).toBeDefined();
    const users = args("USER");
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:.*)?$/);
    expect(args("ENV").join(" ")).toMatch(/NODE_ENV=production/);
    expect(args("EXPOSE")).toContain("3000");
  });

  it("checks health on ready, and runs the server as `npm run serve` does", () => {
    const healthchecks = args("HEALTHCHECK");
    expect(healthchecks).toHaveLength(1);
    expect(healthchecks[0]).toContain("/api/health/ready");
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    expect(JSON.parse(args("CMD").at(-1)!)).toEqual(pkg.scripts.serve.split(/\s+/));
    // The runtime installs production dependencies only: tsx must be one of them.
    expect(pkg.dependencies.tsx).toBeDefined();
    expect(stages.flatMap((s) => s.instructions.map((i) => i.args)).join("\n")).toMatch(/npm ci --omit=dev/);
  });

  it("runs on the Node that package.json pins, as npm start and the tests do (decision 061)", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
    const pinned: string = pkg.devDependencies.node;
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    const text = readFileSync(dockerfilePath, "utf8");
    expect(/^ARG NODE_IMAGE=node:(\S+)-bookworm-slim$/m.exec(text)?.[1]).toBe(pinned);
    // Every stage starts from that image, or from a stage that does.
    const names = stages.map((stage) => stage.name);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the Dockerfile's own text, not a template
    const base = "${NODE_IMAGE}";
    for (const stage of stages) expect([base, ...names]).toContain(stage.from);
    expect(pkg.engines.node).toBe(`>=${pinned}`);
  });

  it("copies into the runtime everything server/main.ts loads", async () => {
    // Every source of every COPY (all but the last word, the destination).
    const copied = args("COPY").flatMap((line) =>
      line
        .replace(/^(--\S+\s+)*/, "")
        .split(/\s+/)
        .slice(0, -1),
    );
    const { metafile } = await build({
      entryPoints: [path.join(root, "server/main.ts")],
      absWorkingDir: root,
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const loaded = new Set(Object.keys(metafile.inputs).map((file) => file.split("/")[0]!));
    // The SQL migrations are read from disk at start-up, not imported.
    expect(existsSync(path.join(root, "server/db/migrations"))).toBe(true);
    for (const top of loaded) {
      const covered = copied.some((source) => source === top || source.startsWith(`${top}/`));
      expect(covered, `${top}/ is loaded by the server but not copied into the image`).toBe(true);
    }
    expect(copied).toEqual(
      expect.arrayContaining(["package.json", "/app/build/client", "/app/build/render", "/app/node_modules"]),
    );
  });

  it("has a build context that leaves out what the image must not contain", () => {
    const ignored = readFileSync(path.join(root, ".dockerignore"), "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#"));
    for (const entry of [".git", "**/node_modules", "data", "build", "test-results", ".env"]) {
      expect(ignored, entry).toContain(entry);
    }
    for (const needed of ["server", "shared", "content", "client", "scripts", "package.json", "package-lock.json"]) {
      expect(ignored, needed).not.toContain(needed);
    }
  });
});
