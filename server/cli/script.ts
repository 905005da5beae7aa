// What every command-line script of server/cli/ shares: the error a user can fix, and running as a
// script (its answer printed, or its one-line error with an exit code).
import path from "node:path";
import { fileURLToPath } from "node:url";

/** A failure the user can fix: printed as one line, exit code 1 (2 for usage). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
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
