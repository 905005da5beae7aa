/**
 * GET /api/admin/employees under load: the real app on a random port with 200 employees,
 * 100 concurrent connections for 10 s (autocannon). Also times 50 sequential logins.
 *
 *   node --import tsx bench/admin-list.ts          (embedded PGlite)
 *   DATABASE_URL=postgres://… node --import tsx bench/admin-list.ts   (a fresh database on that server)
 *
 * Prints a table and writes bench/results/admin-list.json.
 */
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import os from "node:os";
import { users } from "../server/db/schema.ts";
import { hashPassword } from "../server/lib/password-hashing.ts";
import { benchApp } from "./lib/bench-app.ts";
import { percentile, renderTable, round, writeResults } from "./lib/report.ts";

interface Histogram {
  average: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}
interface AutocannonResult {
  latency: Histogram;
  requests: Histogram & { total: number };
  throughput: Histogram;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
// autocannon ships no types: the part of its API used here.
const autocannon = createRequire(import.meta.url)("autocannon") as (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  workers?: number;
}) => Promise<AutocannonResult>;

const EMPLOYEES = 200;
const CONNECTIONS = 100;
const DURATION_S = 10;
const LOGINS = 50;

const { app, database, adminPassword, close } = await benchApp("admin", {
  JWT_SECRET: randomBytes(48).toString("base64url"),
});

try {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  const base = `http://127.0.0.1:${address.port}`;

  // One hash for every seeded account: hashing 200 passwords would only measure argon2.
  const passwordHash = await hashPassword("employee-password-1");
  await app.db.insert(users).values(
    Array.from({ length: EMPLOYEES }, (_, i) => ({
      kind: "employee" as const,
      name: `Employee ${i}`,
      email: `employee${i}@example.com`,
      jobRole: ["Modeler", "Checker", "Shop Editor", "GA Editor"][i % 4] ?? "Modeler",
      username: `employee${i}`,
      passwordHash,
      performance: i % 101,
      projects: [`Project ${i % 7}`, `Project ${i % 11}`],
    })),
  );

  const login = async () => {
    const started = performance.now();
    const response = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: adminPassword, role: "admin" }),
    });
    const body = (await response.json()) as { token?: string };
    if (response.status !== 200 || !body.token) throw new Error(`login failed: ${response.status}`);
    return { ms: performance.now() - started, token: body.token };
  };
  await login(); // warm-up
  const loginTimes: number[] = [];
  let token = "";
  for (let i = 0; i < LOGINS; i++) {
    const result = await login();
    loginTimes.push(result.ms);
    token = result.token;
  }

  const check = await fetch(`${base}/api/admin/employees`, { headers: { authorization: `Bearer ${token}` } });
  const listed = (await check.json()) as unknown[];
  if (check.status !== 200 || listed.length !== EMPLOYEES) throw new Error(`unexpected list: ${check.status}`);

  const load = await autocannon({
    url: `${base}/api/admin/employees`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${token}` },
    // The load generator gets a thread of its own, so it does not steal the server's event loop.
    workers: 1,
  });

  const results = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, loadAverage1m: round(os.loadavg()[0] ?? 0, 2), node: process.version },
    database: database.driver,
    login: {
      count: LOGINS,
      p50Ms: round(percentile(loginTimes, 0.5)),
      p90Ms: round(percentile(loginTimes, 0.9)),
      p99Ms: round(percentile(loginTimes, 0.99)),
    },
    adminList: {
      employees: EMPLOYEES,
      responseBytes: JSON.stringify(listed).length,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      latencyMs: { p50: load.latency.p50, p90: load.latency.p90, p99: load.latency.p99, max: load.latency.max },
      requestsPerSecond: round(load.requests.average),
      totalRequests: load.requests.total,
      non2xx: load.non2xx,
      errors: load.errors,
      timeouts: load.timeouts,
    },
  };

  console.log(
    `\nGET /api/admin/employees: ${EMPLOYEES} employees, ${CONNECTIONS} connections, ${DURATION_S} s (${database.driver})`,
  );
  console.log(
    renderTable(
      ["", "p50 ms", "p99 ms", "req/s", "errors"],
      [
        [
          "admin list",
          String(results.adminList.latencyMs.p50),
          String(results.adminList.latencyMs.p99),
          String(results.adminList.requestsPerSecond),
          String(results.adminList.errors + results.adminList.non2xx),
        ],
        [
          `login (${LOGINS} sequential)`,
          String(results.login.p50Ms),
          String(results.login.p99Ms),
          String(round(1000 / (results.login.p50Ms || 1))),
          "0",
        ],
      ],
      { leftColumns: 1 },
    ),
  );
  console.log(`written to ${writeResults("admin-list.json", results)}`);
} finally {
  await close();
}
