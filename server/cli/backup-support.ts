// What `npm run backup` and `npm run restore` share: their errors, the configuration, the refusal
// when the data is not embedded, and running as a script.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Config, ConfigError, loadConfig } from "../config.ts";

/** A failure the user can fix: printed as one line, exit code 1 (2 for usage). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** The configuration the server would run with, refusing when the data lives elsewhere than DATA_DIR. */
export function embeddedConfig(env: NodeJS.ProcessEnv, command: "backup" | "restore"): Config {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.problems.join("\n"));
    throw error;
  }
  const external = [config.databaseUrl && "DATABASE_URL", config.storageUrl && "STORAGE_URL"].filter(Boolean);
  if (external.length > 0) {
    throw new CliError(
      `npm run ${command} covers the embedded database and files in DATA_DIR; with ${external.join(" and ")} set, use pg_dump and bucket versioning instead (docs/operations.md).`,
    );
  }
  return config;
}

/** Runs `run` when the file is the script node was started with; prints its answer or its one-line error. */
export async function runAsScript(moduleUrl: string, run: (argv: string[]) => Promise<string>) {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  try {
    console.log(await run(process.argv.slice(2)));
    process.exit(0);
  } catch (error) {
    if (error instanceof CliError) {
      console.error(error.message);
      process.exit(error.exitCode);
    }
    console.error(`Unexpected error: ${(error as Error).message}`);
    process.exit(1);
  }
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
