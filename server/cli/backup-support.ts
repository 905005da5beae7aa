// What `npm run backup` and `npm run restore` share: the configuration, the refusal when the data is
// not embedded, and sizes as they print them.
import { type Config, ConfigError, loadConfig } from "../config.ts";
import { CliError } from "./script.ts";

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
