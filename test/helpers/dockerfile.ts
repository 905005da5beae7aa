// deploy/Dockerfile read as the tests need it: its stages and instructions, and its runtime stage
// assembled in a folder from the Dockerfile's own COPY and RUN lines, without a container tool
// (DESIGN §19: the image is the product).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync } from "node:fs";
import path from "node:path";

export interface Stage {
  from: string;
  name?: string;
  /** The stage's instructions, continuation lines joined, comments dropped. */
  instructions: { keyword: string; args: string }[];
}

/** The stages of a Dockerfile: enough of its syntax for the tests. */
export function dockerfileStages(text: string): Stage[] {
  const lines = text
    .replace(/\\\r?\n/g, " ")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = "", args = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === "FROM") {
      const [, from = "", name] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ from, name, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

/** A COPY's flags (`--from=prod-deps`), sources and destination. */
export function copyOf(args: string): { from?: string; sources: string[]; destination: string } {
  const words = args.split(/\s+/);
  const flags = words.filter((word) => word.startsWith("--"));
  const paths = words.filter((word) => !word.startsWith("--"));
  const from = flags.find((flag) => flag.startsWith("--from="))?.slice("--from=".length);
  return { from, sources: paths.slice(0, -1), destination: paths.at(-1)! };
}

/** `ENV A=1 B=2` lines of a stage, as an object. */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of stage.instructions) {
    if (keyword !== "ENV") continue;
    for (const [, name, value] of args.matchAll(/(\w+)=(\S+)/g)) env[name!] = value!;
  }
  return env;
}

/**
 * The environment of a build step or of the image: the machine's (its PATH, HOME, the certificates
 * its network needs) without the test run's own settings. An `npm test` exports npm_config_*
 * (its local prefix among them, which would point an `npm ci` at the repository instead of the
 * stage's folder), and a test run may name a database, Redis or a store the image must not reach.
 */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const ours =
    /^(npm_|VITEST|TEST_|E2E_|NODE_OPTIONS$|NODE_ENV$|DATABASE_URL$|REDIS_URL$|STORAGE_URL$|AWS_ACCESS_KEY_ID$|AWS_SECRET_ACCESS_KEY$|PORT$|DATA_DIR$|ADMIN_|PUBLIC_ORIGIN$|JWT_SECRET$)/i;
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && !ours.test(name)) env[name] = value;
  return { ...env, ...extra };
}

/** The working directory a stage sets last (its WORKDIR), else the one of the stage it starts from, else `/`. */
function workdirOf(stage: Stage, stages: readonly Stage[]): string {
  const own = stage.instructions.findLast((i) => i.keyword === "WORKDIR")?.args;
  if (own) return own;
  const parent = stages.find((s) => s.name === stage.from);
  return parent ? workdirOf(parent, stages) : "/";
}

/** A path inside a stage (`/app/x`, or `./x` against its WORKDIR) as a path under `root`. */
function inStage(stage: Stage, stages: readonly Stage[], root: string, target: string): string {
  const workdir = workdirOf(stage, stages);
  return path.join(root, path.posix.relative(workdir, path.posix.resolve(workdir, target)));
}

/**
 * Assembles the Dockerfile's last stage in `out` from `context` (the repository, built):
 * - a COPY from the build context copies those files;
 * - a COPY from the stage that builds the client (`COPY . .`, then the build) copies the context's
 *   own build, which must exist (npm test makes it before the topology tests run);
 * - a COPY from any other stage builds that stage first in a folder of its own, from its own COPY
 *   lines and RUN lines (npm ci --omit=dev for the production dependencies), cache mounts dropped.
 * RUN lines of the last stage (making the data folder) are left to the caller, which gives the
 * server a data folder of its own.
 */
export function assembleRuntimeStage(dockerfile: string, context: string, out: string): Stage {
  const stages = dockerfileStages(dockerfile);
  const built = new Map<string, string>();
  const copyInto = (stage: Stage, root: string, args: string) => {
    const copy = copyOf(args);
    const sourceRoot = copy.from ? buildStage(copy.from) : context;
    const sourceStage = copy.from ? stages.find((s) => s.name === copy.from) : undefined;
    for (const source of copy.sources) {
      // A stage's path (`/app/build/client`) is under that stage's folder; a context path under the context.
      const from = sourceStage ? inStage(sourceStage, stages, sourceRoot, source) : path.join(context, source);
      const destination = inStage(stage, stages, root, copy.destination);
      const target =
        copy.sources.length > 1 || copy.destination.endsWith("/")
          ? path.join(destination, path.basename(source))
          : destination;
      mkdirSync(path.dirname(target), { recursive: true });
      cpSync(from, target, { recursive: true });
    }
  };
  const buildStage = (name: string): string => {
    const stage = stages.find((s) => s.name === name);
    if (!stage) throw new Error(`no stage ${name} in the Dockerfile`);
    // The client's build stage copies the whole context and builds it: the context's build is its result.
    if (stage.instructions.some((i) => i.keyword === "COPY" && /^\.\s+\.$/.test(i.args))) return context;
    const done = built.get(name);
    if (done) return done;
    const root = path.join(out, "..", `${path.basename(out)}-stage-${name}`);
    mkdirSync(root, { recursive: true });
    for (const { keyword, args } of stage.instructions) {
      if (keyword === "COPY") copyInto(stage, root, args);
      if (keyword === "RUN") {
        const command = args.replace(/^(--\S+\s+)*/, "");
        execFileSync("sh", ["-c", command], { cwd: root, stdio: "pipe", env: cleanEnv() });
      }
    }
    built.set(name, root);
    return root;
  };
  const runtime = stages.at(-1)!;
  mkdirSync(out, { recursive: true });
  for (const { keyword, args } of runtime.instructions) if (keyword === "COPY") copyInto(runtime, out, args);
  return runtime;
}
