/**
 * wrk, the HTTP load generator (Debian package `wrk`): its command line, a Lua script that makes it
 * report as one JSON line, and the parser of that line. Pure; run-wrk.ts runs it.
 */

/** Appended to every script: at the end wrk writes `WRK {…}` (times in µs) on stdout. */
export const WRK_REPORT_LUA = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"requests":%d,"durationUs":%d,"p50":%d,"p99":%d,"max":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect + e.read + e.write + e.timeout, e.status))
end
`;

/**
 * A script for GET `path`: with `tokens`, each request carries the next one as a bearer token (in
 * turn); without, the request asks for compressed answers as a browser does. The report comes last.
 */
export function wrkScript(path: string, tokens?: string[]): string {
  const lua = tokens
    ? `local tokens = {${tokens.map((token) => JSON.stringify(token)).join(",")}}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", ${JSON.stringify(path)}, { ["Authorization"] = "Bearer " .. tokens[(i % #tokens) + 1] })
end
`
    : `wrk.headers["Accept-Encoding"] = "br, gzip"\n`;
  return lua + WRK_REPORT_LUA;
}

export interface WrkRun {
  url: string;
  script: string;
  seconds: number;
  connections: number;
  /** Default 1: one thread leaves the cores to what is measured. */
  threads?: number;
  /** A request unanswered this long counts as a timeout error (default 10). */
  timeoutSeconds?: number;
}

export function wrkArgs(run: WrkRun): string[] {
  return [
    `-t${run.threads ?? 1}`,
    `-c${run.connections}`,
    `-d${run.seconds}s`,
    "--timeout",
    `${run.timeoutSeconds ?? 10}s`,
    "-s",
    run.script,
    run.url,
  ];
}

export interface WrkResult {
  requestsPerS: number;
  /** To 0.1 ms. */
  latencyMs: { p50: number; p99: number; max: number };
  requests: number;
  /** Connect, read, write errors and timeouts. */
  errors: number;
  /** Answers with a status of 400 or more. */
  non2xx: number;
}

/** The report line in wrk's output (stdout and stderr together); undefined if there is none. */
export function parseWrkReport(output: string): WrkResult | undefined {
  const line = output.split("\n").find((l) => l.startsWith("WRK "));
  if (!line) return undefined;
  const r = JSON.parse(line.slice(4)) as Record<string, number>;
  const ms = (us: number) => Number((us / 1000).toFixed(1));
  return {
    requestsPerS: Math.round(r.requests! / (r.durationUs! / 1e6)),
    latencyMs: { p50: ms(r.p50!), p99: ms(r.p99!), max: ms(r.max!) },
    requests: r.requests!,
    errors: r.errors!,
    non2xx: r.non2xx!,
  };
}
