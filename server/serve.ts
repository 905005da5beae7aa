import { type BuildAppOptions, buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";

/**
 * Runs the server as a process: configuration from the environment (a bad variable ends the
 * process with one line per problem), the last-resort handlers, a graceful close on SIGTERM/SIGINT.
 * `server/main.ts` calls it with nothing; tests that kill real server processes may pass
 * BuildAppOptions (test/helpers/child-main.ts).
 */
export async function serve(options: Omit<BuildAppOptions, "config"> = {}) {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ ...options, config });

  // The last line of defence (decision 012): every path of a request or a session ends in a handled
  // outcome, so these fire only for a bug. Such a bug is logged with what is known and the process
  // goes on serving: exiting would end every chat session and upload in flight, which is exactly what
  // one hostile client must never be able to cause.
  process.on("unhandledRejection", (reason) => {
    app.log.error({ err: reason }, "unhandled promise rejection (a bug): the process keeps serving");
  });
  process.on("uncaughtException", (error, origin) => {
    app.log.fatal({ err: error, origin }, "uncaught exception (a bug): the process keeps serving");
  });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    if (config.shutdownDelayMs > 0) {
      // Ready turns 503 at once; everything else keeps serving until the balancer has taken us out.
      app.readiness.drain();
      app.log.info({ signal, delayMs: config.shutdownDelayMs }, "shutting down: draining before closing");
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    }
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    const timer = setTimeout(() => {
      // What was still open, for whoever finds out why.
      app.log.error({ open: process.getActiveResourcesInfo() }, "shutdown took longer than 10 s: exiting");
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  }
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
    app.log.info(`ready at ${config.publicOrigin}`);
  } catch (error) {
    app.log.error({ err: error }, "could not start");
    process.exit(1);
  }
}
