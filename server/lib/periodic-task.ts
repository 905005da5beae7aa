import type { FastifyInstance } from "fastify";

export interface PeriodicTask<T> {
  /** Runs the task now, or joins the run in progress; its result. */
  run(): Promise<T>;
}

/**
 * A task the app runs once when it is ready and then every `everyMs`: one run at a time (a call
 * during a run joins it), a failed run logged and retried at the next tick, and closing the app
 * waits for the run in progress. `what` names it in the logs.
 */
export function periodicTask<T>(
  app: FastifyInstance,
  options: { what: string; everyMs: number; task: () => Promise<T> },
): PeriodicTask<T> {
  let running: Promise<T> | undefined;
  const run = () => {
    running ??= options.task().finally(() => {
      running = undefined;
    });
    return running;
  };
  const runQuietly = () =>
    run().catch((error: unknown) => {
      app.log.warn({ err: error }, `${options.what} failed`);
    });
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    await runQuietly();
    timer = setInterval(() => void runQuietly(), options.everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running?.catch(() => undefined);
  });
  return { run };
}
