import { monitorEventLoopDelay } from "node:perf_hooks";
import { type Percentiles, round } from "./report.ts";

/**
 * Watches this process's event-loop delay (how late a timer due now runs: time the loop spent on
 * other work or waiting for a core) from now until the returned function is called, which gives
 * p50, p99 and the maximum in ms. A latency figure measured in a process is at least its own loop's delay.
 */
export function watchLoopDelay(): () => Percentiles {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  return () => {
    histogram.disable();
    return loopDelayPercentiles(histogram);
  };
}

/** The histogram's nanoseconds as ms (to 0.1); zeros when it saw no sample. */
export function loopDelayPercentiles(histogram: {
  count: number;
  percentile(q: number): number;
  max: number;
}): Percentiles {
  if (histogram.count === 0) return { p50: 0, p99: 0, max: 0 };
  const ms = (ns: number) => round(ns / 1e6);
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
}
