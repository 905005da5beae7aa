import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { instanceSecrets } from "../db/schema.ts";

export interface SharedSecretOptions {
  /** DATA_DIR: where an install from before the shared secrets kept them (secrets.json). */
  dataDir: string;
  /** Makes a new value the first time (default: 48 random bytes, base64url). */
  create?: () => string;
}

/**
 * Returns the named instance-wide secret (DESIGN §13), kept in the database so that every instance
 * behind the balancer signs and verifies with the same one. The first instance to ask creates it:
 * instances racing each insert theirs, the database keeps the first, and all read that one back.
 */
export async function sharedSecret(db: Db, name: string, options: SharedSecretOptions): Promise<string> {
  const stored = await readSecret(db, name);
  if (stored !== undefined) return stored;
  // An install from before the database kept them had its secrets in DATA_DIR/secrets.json: that
  // value is adopted, so sessions, captcha challenges and above all the VAPID keys that browsers'
  // push subscriptions are bound to survive the upgrade. The file is only read, never written again.
  const candidate = legacySecret(options.dataDir, name) ?? (options.create ?? randomSecret)();
  await db.insert(instanceSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const value = await readSecret(db, name);
  if (value === undefined) throw new Error(`The shared secret ${name} could not be stored.`);
  return value;
}

async function readSecret(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: instanceSecrets.value })
    .from(instanceSecrets)
    .where(eq(instanceSecrets.name, name));
  return row?.value;
}

/** The value an older install generated into DATA_DIR/secrets.json, if there is one. */
function legacySecret(dataDir: string, name: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, "secrets.json"), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const value = (JSON.parse(text) as Record<string, unknown>)[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function randomSecret(): string {
  return randomBytes(48).toString("base64url");
}
