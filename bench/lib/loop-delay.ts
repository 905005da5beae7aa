import { monitorEventLoopDelay } from "node:perf_hooks";
import { type Percentiles, round } from "./report.ts";

/** How often the watch samples, ms. Node's histogram records each sample's whole period, this included. */
const RESOLUTION_MS = 5;

/**
 * Watches this process's event-loop delay (how late a timer due now runs: time the loop spent on
 * other work or waiting for a core) from now until the returned function is called, which gives
 * p50, p99 and the maximum in ms. A latency figure measured in a process is at least its own loop's delay.
 */
export function watchLoopDelay(): () => Percentiles {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return () => {
    histogram.disable();
    return loopDelayPercentiles(histogram, RESOLUTION_MS);
  };
}

/**
 * The histogram's nanoseconds as ms (to 0.1), less the sampling period it includes (an idle loop
 * sampled every 5 ms records 5.1 ms); zeros when it saw no sample.
 */
export function loopDelayPercentiles(
  histogram: { count: number; percentile(q: number): number; max: number },
  resolutionMs: number,
): Percentiles {
  if (histogram.count === 0) return { p50: 0, p99: 0, max: 0 };
  const ms = (ns: number) => round(Math.max(0, ns / 1e6 - resolutionMs));
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
}
