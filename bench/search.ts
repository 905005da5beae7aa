/**
 * npm run bench:search [-- --db postgres|pglite] [--quotes 10000] [--applications 5000]
 *                         [--messages 1000000] [--queries 400]
 *
 * DESIGN §15 search everything at the size issue #33 names: the real app on a fresh database
 * (PostgreSQL by default: DATABASE_URL, or the machine's on 127.0.0.1) with --quotes quote
 * requests, --applications applications, 200 people (20 of them admins) and --messages chat
 * messages in their groups and private conversations (lib/seed-chat.ts). Then --queries searches
 * through GET /api/search with every kind, one at a time, half as a random admin (who also gets
 * quote requests and applications) and half as a random employee, in five kinds: a quote's
 * reference, a company or person's name, a common word, a rare word, and a half-typed word. Each
 * search's time is taken at the HTTP edge (app.inject): p50/p95/p99 per kind and overall, and the
 * median of the items it answered. The target: p95 ≤ 150 ms on PostgreSQL.
 *
 * Prints a table and writes bench/results/search.json.
 */

import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { wholeNumber } from "./lib/args.ts";
import { type BenchUser, createBenchUsers, openBenchApp } from "./lib/chat-bench.ts";
import { percentile, percentiles, renderTable, round, writeResults } from "./lib/report.ts";
import { seedChatMessages, VOCABULARY } from "./lib/seed-chat.ts";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    quotes: { type: "string", default: "10000" },
    applications: { type: "string", default: "5000" },
    messages: { type: "string", default: "1000000" },
    queries: { type: "string", default: "400" },
  },
});
const log = (message: string) => console.error(`bench:search: ${message}`);
if (values.db !== "postgres" && values.db !== "pglite") {
  log(`--db ${values.db}: expected postgres or pglite`);
  process.exit(2);
}
const db = values.db;
const quotes = wholeNumber("bench:search", "quotes", values.quotes, 0, 1_000_000);
const applications = wholeNumber("bench:search", "applications", values.applications, 0, 1_000_000);
const messages = wholeNumber("bench:search", "messages", values.messages, 0, 10_000_000);
const queryCount = wholeNumber("bench:search", "queries", values.queries, 10, 100_000);
const POSTGRES_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PEOPLE = 200;
const ADMINS = 20;

const COMPANIES = ["Steelworks", "Harbor", "Ironclad", "Summit", "Keystone", "Atlas", "Pioneer", "Granite"];
const FIRST_NAMES = ["Dana", "Ravi", "Marta", "Jonas", "Aiko", "Luis", "Priya", "Owen", "Sofia", "Tariq"];
const LAST_NAMES = ["Fabricator", "Modeler", "Hughes", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Reyes"];

type QueryKind = "reference" | "name" | "common word" | "rare word" | "prefix";
interface Query {
  kind: QueryKind;
  q: string;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

function plan(count: number, year: number): Query[] {
  const all: Query[] = [];
  for (let i = 0; i < count; i++) {
    switch (i % 5) {
      case 0:
        all.push({
          kind: "reference",
          q: `Q-${year}-${String(1 + Math.floor(Math.random() * Math.max(1, quotes))).padStart(4, "0")}`,
        });
        break;
      case 1:
        all.push({ kind: "name", q: pick([...COMPANIES, ...FIRST_NAMES, ...LAST_NAMES]) });
        break;
      case 2:
        all.push({ kind: "common word", q: pick(VOCABULARY.slice(1, 20)) });
        break;
      case 3:
        all.push({ kind: "rare word", q: pick(VOCABULARY.slice(80)) });
        break;
      default: {
        const word = pick(VOCABULARY.slice(1, 80));
        all.push({ kind: "prefix", q: word.slice(0, Math.max(2, Math.ceil(word.length / 2))) });
      }
    }
  }
  return all;
}

const bench = await openBenchApp({ db, postgresUrl: POSTGRES_URL, prefix: "bench-search" });
const { app } = bench;
try {
  const { sql } = await import("drizzle-orm");
  await app.ready();
  const people = await createBenchUsers(app, PEOPLE);
  // The first ADMINS people are admins (members of groups too), with admin tokens.
  const admins: BenchUser[] = [];
  for (const person of people.slice(0, ADMINS)) {
    await app.db.execute(sql`update users set kind = 'admin' where id = ${person.id}`);
    admins.push({
      ...person,
      token: await app.auth.signToken({ id: person.id, username: person.username, kind: "admin", tokenVersion: 0 }),
    });
  }
  const employees = people.slice(ADMINS);
  const started = performance.now();
  const year = new Date().getUTCFullYear();
  const list = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(",")}]`);
  log(`seeding ${quotes} quote requests and ${applications} applications (${db})`);
  await app.db.execute(sql`
    insert into quote_requests (reference, name, email, company, project_name, phone, status, submitted_at)
    select 'Q-' || ${year} || '-' || lpad(g::text, greatest(4, length(g::text)), '0'),
      (${list(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' || (${list(LAST_NAMES)})[1 + (g / 7) % ${LAST_NAMES.length}],
      'client' || g || '@example.com',
      (${list(COMPANIES)})[1 + (g / 3) % ${COMPANIES.length}] || ' ' || (g % 97),
      'Project ' || (${list(VOCABULARY.slice(20, 80))})[1 + g % 60] || ' ' || g,
      '+1 555 ' || lpad((g % 10000)::text, 4, '0'),
      (array['new','contacted','quoted','won','lost'])[1 + g % 4],
      now() - g * interval '1 hour'
    from generate_series(1, ${quotes}) g`);
  await app.db.execute(sql`
    insert into job_applications (name, email, phone, message, resume_name, resume_type, position, applied_at)
    select (${list(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' || (${list(LAST_NAMES)})[1 + (g / 5) % ${LAST_NAMES.length}],
      'applicant' || g || '@example.com', '+91 98765 ' || lpad((g % 100000)::text, 5, '0'),
      'Tekla and ' || (${list(VOCABULARY.slice(20, 80))})[1 + g % 60] || ' work', 'cv.pdf', 'application/pdf',
      'Open application', now() - g * interval '2 hours'
    from generate_series(1, ${applications}) g`);
  await seedChatMessages(app, people, messages, log);
  await app.db.execute(sql`analyze`);
  const seedS = (performance.now() - started) / 1000;
  log(`seeded in ${seedS.toFixed(0)} s; searching`);

  const search = async (who: BenchUser, q: string): Promise<number> => {
    const response = await app.inject({
      method: "GET",
      url: `/api/search?${new URLSearchParams({ q, limit: "5" })}`,
      headers: { authorization: `Bearer ${who.token}` },
    });
    if (response.statusCode !== 200) throw new Error(`search ${q}: ${response.statusCode} ${response.body}`);
    const { groups } = response.json() as { groups: { items: unknown[] }[] };
    return groups.reduce((sum, group) => sum + group.items.length, 0);
  };
  const queries = plan(queryCount, year);
  const whoFor = (i: number) => (i % 2 === 0 ? pick(admins) : pick(employees));
  // Warm the caches the way a running server has them warm.
  for (const [i, query] of queries.slice(0, 20).entries()) await search(whoFor(i), query.q);
  const timings = new Map<string, number[]>();
  const items = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, value: number) =>
    (map.get(key) ?? map.set(key, []).get(key)!).push(value);
  for (const [i, query] of queries.entries()) {
    const who = whoFor(i);
    const role = i % 2 === 0 ? "admin" : "employee";
    const t0 = performance.now();
    const found = await search(who, query.q);
    const ms = performance.now() - t0;
    for (const key of [query.kind, `as ${role}`, "all"]) {
      add(timings, key, ms);
      add(items, key, found);
    }
  }
  const order = ["reference", "name", "common word", "rare word", "prefix", "as admin", "as employee", "all"];
  const rows = [...timings.entries()]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([kind, ms]) => ({
      kind,
      queries: ms.length,
      ...percentiles(ms),
      p95: round(percentile(ms, 0.95)),
      medianItems: percentile(items.get(kind) ?? [0], 0.5),
    }));
  console.log(
    renderTable(
      ["db", "quotes", "applications", "messages", "kind", "queries", "p50 ms", "p95 ms", "p99 ms", "median items"],
      rows.map((row) => [
        db,
        String(quotes),
        String(applications),
        String(messages),
        row.kind,
        String(row.queries),
        String(row.p50),
        String(row.p95),
        String(row.p99),
        String(row.medianItems),
      ]),
    ),
  );
  const all = rows.find((row) => row.kind === "all");
  console.log(`target p95 ≤ 150 ms: ${all && all.p95 <= 150 ? "met" : "NOT met"} (${all?.p95} ms)`);
  const file = writeResults("search.json", {
    date: new Date().toISOString(),
    db,
    quotes,
    applications,
    messages,
    people: PEOPLE,
    admins: ADMINS,
    seedSeconds: Math.round(seedS),
    results: rows,
  });
  log(`wrote ${file}`);
} finally {
  await bench.close();
}
