/**
 * npm run bench:quotes [-- --requests 10000 --runs 10]: the quote pipeline's list at an office's
 * scale. The real app with --requests quote requests, made like the public form's (one in four
 * without a company, e-mails and companies repeating as returning clients do), then each of these
 * --runs times, one at a time, as an admin: the whole list (GET /api/contact/all, with every
 * request's related count), a search (`q`), and one request.
 *
 *   npm run bench:quotes                              (embedded PGlite)
 *   DATABASE_URL=postgres://… npm run bench:quotes    (a fresh database on that server)
 *
 * Prints a table and writes bench/results/quotes.json.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { wholeNumber } from "./lib/args.ts";
import { benchApp } from "./lib/bench-app.ts";
import { percentile, renderTable, round, writeResults } from "./lib/report.ts";

const { values } = parseArgs({
  options: { requests: { type: "string", default: "10000" }, runs: { type: "string", default: "10" } },
});
const requests = wholeNumber("bench:quotes", "requests", values.requests, 1, 1_000_000);
const runs = wholeNumber("bench:quotes", "runs", values.runs, 1, 1_000);
const engine = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";

const { app, adminPassword, close } = await benchApp("quotes");

try {
  await app.ready();
  await app.db.execute(sql`
    insert into quote_requests (reference, name, email, company, project_name, submitted_at)
    select 'Q-2026-' || lpad(g::text, 6, '0'), 'Client ' || g, 'client' || (g % ${Math.max(1, Math.floor(requests * 0.3))}) || '@example.com',
      case when g % 4 = 0 then '' else 'Fabricator ' || (g % ${Math.max(1, Math.floor(requests / 60))}) end,
      'Project ' || g, now() - make_interval(mins => g)
    from generate_series(1, ${requests}::int) g`);
  await app.db.execute(sql`analyze quote_requests`);
  const login = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username: "admin", password: adminPassword, role: "admin" },
  });
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };

  const time = async (url: string, expectCount?: number) => {
    const ms: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const started = performance.now();
      const response = await app.inject({ url, headers });
      const took = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      if (expectCount !== undefined && (response.json() as unknown[]).length !== expectCount)
        throw new Error(`${url}: expected ${expectCount} rows`);
      if (i > 0) ms.push(took); // the first warms the caches
    }
    return { p50: round(percentile(ms, 0.5)), p95: round(percentile(ms, 0.95)), max: round(Math.max(...ms)) };
  };
  const rows = {
    "the whole list": await time("/api/contact/all", requests),
    "a search (q=Client 42)": await time(`/api/contact/all?q=${encodeURIComponent("Client 42")}`),
    "one request": await time("/api/contact/1"),
  };
  console.log(
    renderTable(
      [`${engine}, ${requests} quote requests`, "runs", "p50 ms", "p95 ms", "max ms"],
      Object.entries(rows).map(([what, r]) => [what, String(runs), String(r.p50), String(r.p95), String(r.max)]),
    ),
  );
  const file = writeResults("quotes.json", { date: new Date().toISOString(), engine, requests, runs, rows });
  console.error(`bench:quotes: wrote ${file}`);
} finally {
  await close();
}
