import { describe, expect, it } from "vitest";
import { parseWrkReport, WRK_REPORT_LUA, wrkArgs, wrkScript } from "./wrk.ts";

// wrk 4.1.0 (Debian 12) with wrkScript's report, against a small local server: stdout and stderr together.
const served = `Running 1s test @ http://127.0.0.1:18931/services
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   413.82us  825.01us  14.86ms   93.48%
    Req/Sec    16.29k     8.65k   26.74k    50.00%
  16130 requests in 1.00s, 1.91MB read
Requests/sec:  16124.45
Transfer/sec:      1.91MB
WRK {"requests":16130,"durationUs":1000344,"p50":198,"p99":3683,"max":14861,"errors":0,"non2xx":0}
`;
/** A third of the answers were 500s. */
const failing = `Running 1s test @ http://127.0.0.1:18931/bad
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   340.62us  558.32us   5.93ms   93.18%
    Req/Sec    18.38k     7.67k   25.65k    70.00%
  18222 requests in 1.00s, 2.26MB read
  Non-2xx or 3xx responses: 6074
Requests/sec:  18217.01
Transfer/sec:      2.26MB
WRK {"requests":18222,"durationUs":1000274,"p50":191,"p99":3202,"max":5931,"errors":0,"non2xx":6074}
`;
/** Nothing listening: wrk exits 1 and reports nothing. */
const refused = "unable to connect to 127.0.0.1:18932 Connection refused\n";

describe("wrk's report", () => {
  it("gives req/s over the run's own duration and the latencies in ms", () => {
    expect(parseWrkReport(served)).toEqual({
      requestsPerS: 16124,
      latencyMs: { p50: 0.2, p99: 3.7, max: 14.9 },
      requests: 16130,
      errors: 0,
      non2xx: 0,
    });
    expect(parseWrkReport(failing)).toMatchObject({ requestsPerS: 18217, requests: 18222, non2xx: 6074 });
  });

  it("is missing when wrk could not run", () => {
    expect(parseWrkReport(refused)).toBeUndefined();
  });
});

describe("wrk's script", () => {
  it("asks for compressed pages, or turns over bearer tokens, and always reports", () => {
    const page = wrkScript("/services");
    expect(page).toBe(`wrk.headers["Accept-Encoding"] = "br, gzip"\n${WRK_REPORT_LUA}`);
    const staff = wrkScript("/api/auth/me", ["t1", "t2"]);
    expect(staff).toContain('local tokens = {"t1","t2"}');
    expect(staff).toContain(
      'return wrk.format("GET", "/api/auth/me", { ["Authorization"] = "Bearer " .. tokens[(i % #tokens) + 1] })',
    );
    expect(staff.endsWith(WRK_REPORT_LUA)).toBe(true);
    expect(WRK_REPORT_LUA).toContain(`io.write(string.format('WRK {"requests":%d,`);
  });
});

describe("wrk's command line", () => {
  it("one thread, the connections, the duration, a 10 s timeout, the script and the URL", () => {
    expect(
      wrkArgs({ url: "http://127.0.0.1:8080/services", script: "/tmp/page.lua", seconds: 6, connections: 64 }),
    ).toEqual(["-t1", "-c64", "-d6s", "--timeout", "10s", "-s", "/tmp/page.lua", "http://127.0.0.1:8080/services"]);
  });
});
