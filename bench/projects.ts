/**
 * npm run bench:projects [-- --db postgres|pglite] [--projects 200] [--sheets 400] [--requests 200]
 *                           [--transmittals 20] [--transmittal-sheets 40] [--explain]
 *
 * DESIGN §16 at the size issue #34 names: the real app on a fresh database (PostgreSQL by default:
 * DATABASE_URL, or the machine's on 127.0.0.1) with --projects projects of --sheets sheets each,
 * every sheet with one revision (statuses mixed as a live job has them), each project with a team
 * of three of 20 employees. Then:
 *  - the register, GET /api/projects/{job}/drawings of a random project, --requests times as one of
 *    its team and --requests times as an admin (interleaved, after 20 warm-up requests);
 *  - a transmittal of --transmittal-sheets sheets at their latest revision, POST
 *    /api/projects/{job}/transmittals on one project as one of its team, --transmittals times after
 *    one warm-up (its cover sheet PDF generated and stored each time);
 *  - for comparison, the register's repository call alone (no HTTP: no auth, no response
 *    validation or serialization), --requests times for random projects.
 * Each time is taken at the HTTP edge (app.inject). The targets: the register's p95 ≤ 100 ms on
 * PostgreSQL, a 40-sheet transmittal ≤ 2 s. --explain prints the register's queries' plans
 * (EXPLAIN ANALYZE, BUFFERS) for one project.
 *
 * Prints a table and writes bench/results/projects.json.
 */

import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { SQL } from "drizzle-orm";
import { wholeNumber } from "./lib/args.ts";
import { type BenchUser, createBenchUsers, openBenchApp } from "./lib/chat-bench.ts";
import { median, percentile, percentiles, renderTable, round, writeResults } from "./lib/report.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    projects: { type: "string", default: "200" },
    sheets: { type: "string", default: "400" },
    requests: { type: "string", default: "200" },
    transmittals: { type: "string", default: "20" },
    "transmittal-sheets": { type: "string", default: "40" },
    explain: { type: "boolean", default: false },
  },
});
const log = (message: string) => console.error(`bench:projects: ${message}`);
if (values.db !== "postgres" && values.db !== "pglite") {
  log(`--db ${values.db}: expected postgres or pglite`);
  process.exit(2);
}
const db = values.db;
const projectCount = wholeNumber("bench:projects", "projects", values.projects, 1, 10_000);
const sheetCount = wholeNumber("bench:projects", "sheets", values.sheets, 10, 5_000);
const requestCount = wholeNumber("bench:projects", "requests", values.requests, 1, 100_000);
const transmittalCount = wholeNumber("bench:projects", "transmittals", values.transmittals, 1, 1_000);
const transmittalSheets = wholeNumber("bench:projects", "transmittal-sheets", values["transmittal-sheets"], 1, 500);
const POSTGRES_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const EMPLOYEES = 20;
/** Each project's team: these offsets from its id, modulo EMPLOYEES (three different people). */
const TEAM_OFFSETS = [0, 7, 13];
const WARM_UP = 20;
const TITLES = ["Column", "Beam", "Brace", "Stair", "Embed plate", "Anchor bolt plan", "Erection plan", "Roof frame"];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

const bench = await openBenchApp({ db, postgresUrl: POSTGRES_URL, prefix: "bench-projects" });
const { app } = bench;
try {
  const { sql } = await import("drizzle-orm");
  const rowsOf = async <T>(query: SQL) => ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
  await app.ready();
  const employees = await createBenchUsers(app, EMPLOYEES);
  const [adminRow] = await rowsOf<{ id: number }>(sql`select id from users where username = 'bench-admin'`);
  if (!adminRow) throw new Error("no first admin");
  const admin: BenchUser = {
    id: Number(adminRow.id),
    username: "bench-admin",
    token: await app.auth.signToken({
      id: Number(adminRow.id),
      username: "bench-admin",
      kind: "admin",
      tokenVersion: 0,
    }),
  };

  const started = performance.now();
  log(`seeding ${projectCount} projects × ${sheetCount} sheets, one revision each (${db})`);
  await app.db.execute(sql`
    insert into projects (job, name, client_company, client_contact, client_email, fabricator, due_date)
    select 'BP-' || lpad(g::text, 5, '0'), 'Bench project ' || g, 'Client ' || (g % 37), 'Contact ' || g,
      'client' || g || '@example.com', 'Fabricator ' || (g % 11), current_date + (g % 90)
    from generate_series(1, ${projectCount}::int) g`);
  const ids = sql.raw(`array[${employees.map((person) => person.id).join(",")}]::bigint[]`);
  await app.db.execute(sql`
    insert into project_members (project_id, user_id)
    select p.id, (${ids})[1 + (p.id + k) % ${EMPLOYEES}] from projects p, unnest(${sql.raw(`array[${TEAM_OFFSETS.join(",")}]`)}) k`);
  // A live job's mix: a tenth released, some approved, some out for approval, the rest in progress.
  await app.db.execute(sql`
    insert into drawings (project_id, number, title, revision, status, updated_at)
    select p.id, 'E-' || lpad(s::text, 4, '0'),
      (${sql.raw(`array[${TITLES.map((t) => `'${t}'`).join(",")}]`)})[1 + s % ${TITLES.length}] || ' ' || s,
      case when s % 10 in (6, 7) then '0' when s % 10 = 9 then '1' when s % 10 in (4, 5, 8) then 'B' else 'A' end,
      (array['inProgress','inProgress','inProgress','inProgress','issued','issued','approved',
        'approvedAsNoted','reviseResubmit','released'])[1 + s % 10],
      now() - (s % 500) * interval '1 hour'
    from projects p, generate_series(1, ${sheetCount}::int) s`);
  await app.db.execute(sql`
    insert into drawing_revisions (drawing_id, revision, file_key, file_name, size, uploaded_at, uploaded_by_name, status)
    select d.id, d.revision, md5(d.id::text || ':' || random()::text), d.number || '_' || d.revision || '.pdf',
      200000 + (d.id * 7919) % 3000000, d.updated_at, 'bench.u00000', d.status
    from drawings d`);
  await app.db.execute(sql`analyze`);
  const seedS = (performance.now() - started) / 1000;
  log(`seeded in ${seedS.toFixed(1)} s`);

  const teams = new Map<string, BenchUser[]>();
  const byId = new Map(employees.map((person) => [person.id, person]));
  const memberRows = await rowsOf<{ job: string; user_id: number }>(sql`
    select p.job, m.user_id from projects p join project_members m on m.project_id = p.id`);
  for (const row of memberRows) {
    const person = byId.get(Number(row.user_id));
    if (person) (teams.get(row.job) ?? teams.set(row.job, []).get(row.job)!).push(person);
  }
  const jobs = [...teams.keys()];

  const register = async (who: BenchUser, job: string): Promise<number> => {
    const response = await app.inject({
      method: "GET",
      url: `/api/projects/${job}/drawings`,
      headers: { authorization: `Bearer ${who.token}` },
    });
    if (response.statusCode !== 200) throw new Error(`register ${job}: ${response.statusCode} ${response.body}`);
    const sheets = response.json() as { revisions: unknown[] }[];
    if (sheets.length !== sheetCount || sheets.some((sheet) => sheet.revisions.length !== 1)) {
      throw new Error(`register ${job}: ${sheets.length} sheets, expected ${sheetCount} with one revision each`);
    }
    return response.rawPayload.length;
  };
  const whoFor = (i: number, job: string) => (i % 2 === 0 ? pick(teams.get(job)!) : admin);
  log("warming up");
  for (let i = 0; i < WARM_UP; i++) {
    const job = pick(jobs);
    await register(whoFor(i, job), job);
  }
  log(`${requestCount * 2} register requests`);
  const timings = new Map<string, number[]>();
  const bytes: number[] = [];
  const add = (key: string, value: number) => (timings.get(key) ?? timings.set(key, []).get(key)!).push(value);
  for (let i = 0; i < requestCount * 2; i++) {
    const job = pick(jobs);
    const t0 = performance.now();
    bytes.push(await register(whoFor(i, job), job));
    const ms = performance.now() - t0;
    add(i % 2 === 0 ? "register, as team member" : "register, as admin", ms);
    add("register, all", ms);
  }

  // The same reads without HTTP (auth, validation, serialization): what the database and the mapping cost.
  const { drawingRepository } = await import("../server/modules/projects/drawing-repository.ts");
  const repository = drawingRepository(app.db);
  const projectIds = (await rowsOf<{ id: number }>(sql`select id from projects`)).map((row) => Number(row.id));
  for (let i = 0; i < requestCount + WARM_UP; i++) {
    const t0 = performance.now();
    await repository.register(pick(projectIds));
    if (i >= WARM_UP) add("register, repository only", performance.now() - t0);
  }

  // Transmittals: one project, consecutive runs of sheets that can go out for approval.
  const job = jobs[0]!;
  const sender = teams.get(job)![0]!;
  const candidates = await rowsOf<{ number: string; revision: string }>(sql`
    select d.number, d.revision from drawings d join projects p on p.id = d.project_id
    where p.job = ${job} and d.status <> 'released' and d.revision <> '' order by d.number`);
  if (candidates.length < transmittalSheets) throw new Error(`only ${candidates.length} sheets to send`);
  const transmit = async (run: number): Promise<number> => {
    const first = (run * transmittalSheets) % (candidates.length - transmittalSheets + 1);
    const sheets = candidates
      .slice(first, first + transmittalSheets)
      .map((sheet) => ({ number: sheet.number, revision: sheet.revision }));
    const response = await app.inject({
      method: "POST",
      url: `/api/projects/${job}/transmittals`,
      headers: { authorization: `Bearer ${sender.token}` },
      payload: {
        purpose: "approval",
        sheets,
        message: "Please review and return with your comments.",
        recipients: ["reviewer@example.com", "engineer@example.com"],
      },
    });
    if (response.statusCode !== 201) throw new Error(`transmittal ${run}: ${response.statusCode} ${response.body}`);
    return response.rawPayload.length;
  };
  log(`${transmittalCount + 1} transmittals of ${transmittalSheets} sheets on ${job}`);
  let t0 = performance.now();
  await transmit(0);
  const coldMs = round(performance.now() - t0);
  log(`the first (warm-up) took ${coldMs} ms`);
  const transmittalKey = `transmittal, ${transmittalSheets} sheets`;
  for (let run = 1; run <= transmittalCount; run++) {
    t0 = performance.now();
    await transmit(run);
    add(transmittalKey, performance.now() - t0);
  }
  const [stored] = await rowsOf<{ count: number }>(sql`select count(*)::int as count from transmittals`);
  if (Number(stored?.count) !== transmittalCount + 1) throw new Error(`${stored?.count} transmittals stored`);

  if (values.explain) {
    const { drawings, drawingRevisions } = await import("../server/db/schema.ts");
    const { asc, desc, eq, inArray } = await import("drizzle-orm");
    const [project] = await rowsOf<{ id: number }>(sql`select id from projects where job = ${pick(jobs)}`);
    const projectId = Number(project!.id);
    const sheetsQuery = app.db
      .select()
      .from(drawings)
      .where(eq(drawings.projectId, projectId))
      .orderBy(asc(drawings.number));
    const sheetIds = (await sheetsQuery).map((sheet) => sheet.id);
    const revisionsQuery = app.db
      .select()
      .from(drawingRevisions)
      .where(inArray(drawingRevisions.drawingId, sheetIds))
      .orderBy(desc(drawingRevisions.id));
    for (const [name, query] of [
      ["sheets", sheetsQuery],
      ["revisions", revisionsQuery],
    ] as const) {
      const plan = await rowsOf<{ "QUERY PLAN": string }>(sql`explain (analyze, buffers) ${query}`);
      // The 400 ids of the second query, shortened.
      const lines = plan.map((row) => row["QUERY PLAN"].replace(/'\{([^}]{40})[^}]*\}'/g, "'{$1…}'"));
      console.log(`\nregister's ${name} query:\n${lines.join("\n")}\n`);
    }
  }

  const order = [
    "register, as team member",
    "register, as admin",
    "register, all",
    "register, repository only",
    transmittalKey,
  ];
  const rows = [...timings.entries()]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([what, ms]) => ({ what, requests: ms.length, ...percentiles(ms), p95: round(percentile(ms, 0.95)) }));
  const registerKb = round(median(bytes) / 1024);
  console.log(
    renderTable(
      ["db", "projects", "sheets each", "what", "requests", "p50 ms", "p95 ms", "p99 ms", "max ms"],
      rows.map((row) => [
        db,
        String(projectCount),
        String(sheetCount),
        row.what,
        String(row.requests),
        String(row.p50),
        String(row.p95),
        String(row.p99),
        String(row.max),
      ]),
      { leftColumns: 1 },
    ),
  );
  const all = rows.find((row) => row.what === "register, all");
  const sent = rows.find((row) => row.what === transmittalKey);
  console.log(`register response: ${registerKb} KB (median), ${sheetCount} sheets`);
  console.log(`target register p95 ≤ 100 ms: ${all && all.p95 <= 100 ? "met" : "NOT met"} (${all?.p95} ms)`);
  console.log(
    `target transmittal ≤ 2 s: ${sent && sent.max <= 2000 ? "met" : "NOT met"} (max ${sent?.max} ms; first ${coldMs} ms)`,
  );
  const file = writeResults("projects.json", {
    date: new Date().toISOString(),
    db,
    projects: projectCount,
    sheetsPerProject: sheetCount,
    employees: EMPLOYEES,
    seedSeconds: round(seedS),
    registerKb,
    firstTransmittalMs: coldMs,
    results: rows,
  });
  log(`wrote ${file}`);
} finally {
  await bench.close();
}
