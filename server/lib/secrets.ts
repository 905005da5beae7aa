import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type Secrets = Record<string, string>;

/**
 * Returns the named secret kept in DATA_DIR/secrets.json, creating it with `create` the first time.
 * The file is written 0600 so only the service account can read it.
 */
export function persistentSecret(
  dataDir: string,
  name: string,
  create: () => string = () => randomBytes(48).toString("base64url"),
): string {
  const file = path.join(dataDir, "secrets.json");
  let secrets: Secrets = {};
  try {
    secrets = JSON.parse(readFileSync(file, "utf8")) as Secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const existing = secrets[name];
  if (existing) return existing;
  const value = create();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...secrets, [name]: value }, null, 2)}\n`, { mode: 0o600 });
  return value;
}
