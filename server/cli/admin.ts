/**
 * Account administration from the command line:
 *   npm run admin -- create <username> [--password <pw>]   create an admin account
 *   npm run admin -- reset <username> [--password <pw>]    set a new password (ends the account's sessions)
 * Without --password a strong one is generated and printed once.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { usernameSchema } from "../../shared/auth.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { hashPassword } from "../lib/password-hashing.ts";
import { newPasswordProblem } from "../lib/password-policy.ts";
import { isUniqueViolation } from "../lib/schemas.ts";
import { clearLoginFailures } from "../modules/auth/login-throttle.ts";
import { CliError, runAsScript } from "./script.ts";

const usage = `Usage:
  npm run admin -- create <username> [--password <password>]   create an admin account
  npm run admin -- reset <username> [--password <password>]    set a new password and end its sessions
Without --password, a password is generated and printed once.`;

const generatePassword = () => randomBytes(12).toString("base64url");

const parseOptions = (argv: string[]) =>
  parseArgs({
    args: argv,
    options: { password: { type: "string" }, help: { type: "boolean", short: "h" } },
    allowPositionals: true,
    strict: true,
  });

type Command = { command: "help" } | { command: "create" | "reset"; username: string; password?: string };

function parse(argv: string[]): Command {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${usage}`, 2);
  }
  const [command, username, ...rest] = parsed.positionals;
  if (parsed.values.help) return { command: "help" as const };
  if ((command !== "create" && command !== "reset") || !username || rest.length > 0) throw new CliError(usage, 2);
  const name = usernameSchema.safeParse(username);
  if (!name.success) throw new CliError(`Invalid username: ${name.error.issues[0]?.message}.`);
  const password = parsed.values.password;
  if (password !== undefined) {
    // The rule every other way of setting a password follows: length, and not common or guessable.
    const problem = newPasswordProblem(password, { username: name.data, name: "Administrator" });
    if (problem) throw new CliError(`Invalid password: ${problem.replace(/\.$/, "")}.`);
  }
  return { command, username: name.data, password };
}

/** The embedded database allows one process at a time: refuse while the server has it open. */
async function assertServerStopped(port: number) {
  let answer: unknown;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
    answer = await response.json();
  } catch {
    return;
  }
  if (typeof answer !== "object" || answer === null || !("status" in answer)) return;
  throw new CliError(
    `A server is answering on port ${port}: stop it first (the embedded database can be opened by one process at a time).`,
  );
}

export async function run(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const args = parse(argv);
  if (args.command === "help") return usage;

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.problems.join("\n"));
    throw error;
  }
  if (!config.databaseUrl) await assertServerStopped(config.port);

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, "pglite"),
      poolSize: 1,
    });
  } catch (error) {
    throw new CliError(`Cannot open the database: ${(error as Error).message}`);
  }

  try {
    const password = args.password ?? generatePassword();
    const shown = args.password === undefined ? `\npassword: ${password}\n(shown once: keep it safe)` : "";
    const passwordHash = await hashPassword(password);
    const { db } = database;

    if (args.command === "create") {
      try {
        await db.insert(users).values({
          kind: "admin",
          name: args.username,
          email: `${args.username}@localhost`,
          jobRole: "Administrator",
          username: args.username,
          passwordHash,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new CliError(`Username "${args.username}" is already taken.`);
        throw error;
      }
      return `Admin account "${args.username}" created.${shown}`;
    }

    const updated = await db
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(sql`lower(${users.username})`, args.username.toLowerCase()))
      .returning({ username: users.username, kind: users.kind });
    const account = updated[0];
    if (!account) throw new CliError(`No account named "${args.username}".`);
    // A reset also lifts a login lock-out.
    await clearLoginFailures(db, account.username);
    return `Password of ${account.kind} "${account.username}" reset; its sessions have ended.${shown}`;
  } finally {
    await database.close();
  }
}

await runAsScript(import.meta.url, run);
