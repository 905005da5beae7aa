/**
 * npm run bench:chat -- --search [--messages 1000000] [--db postgres] [--queries 400]
 *
 * DESIGN §10 search at scale: the real app on a fresh database, seeded with --messages messages
 * (default one million) in 200 people's private conversations and 40 groups of 25, their text drawn
 * from a detailing office's vocabulary (a few very common words, many rare ones, codes like B-12).
 * Then --queries searches through GET /api/chat/search, one at a time, each as a random person, in
 * four kinds: a rare word, a common word, two words, and a half-typed last word (prefix). Measures
 * each search's time at the HTTP edge (p50/p95/p99 per kind and overall) and the hits it found.
 *
 * The seed (lib/seed-chat.ts) goes straight into the tables, the GIN index built after it.
 */
import { performance } from "node:perf_hooks";
import { openBenchApp } from "./lib/chat-bench.ts";
import { percentile, percentiles, renderTable, round, writeResults } from "./lib/report.ts";
import { seedChatMessages, VOCABULARY } from "./lib/seed-chat.ts";

export interface SearchBenchOptions {
  db: "pglite" | "postgres";
  postgresUrl: string;
  messages: number;
  queries: number;
  log: (message: string) => void;
}

const PEOPLE = 200;

interface Query {
  kind: "rare word" | "common word" | "two words" | "prefix";
  q: string;
}

function pick<T>(list: readonly T[], skew = 2): T {
  return list[Math.floor(Math.random() ** skew * list.length)]!;
}

function queries(count: number): Query[] {
  const common = VOCABULARY.slice(1, 20);
  const rare = VOCABULARY.slice(80);
  const all: Query[] = [];
  for (let i = 0; i < count; i++) {
    switch (i % 4) {
      case 0:
        all.push({ kind: "rare word", q: pick(rare, 1) });
        break;
      case 1:
        all.push({ kind: "common word", q: pick(common, 1) });
        break;
      case 2:
        all.push({ kind: "two words", q: `${pick(common, 1)} ${pick(VOCABULARY.slice(20, 80), 1)}` });
        break;
      default: {
        const word = pick(VOCABULARY.slice(1, 80), 1);
        all.push({ kind: "prefix", q: `${pick(common, 1)} ${word.slice(0, Math.max(2, Math.ceil(word.length / 2)))}` });
      }
    }
  }
  return all;
}

export async function runSearchBench(options: SearchBenchOptions) {
  const { sql } = await import("drizzle-orm");
  const { createBenchUsers } = await import("./lib/chat-bench.ts");
  const bench = await openBenchApp({ db: options.db, postgresUrl: options.postgresUrl, prefix: "bench-search" });
  const { app } = bench;
  try {
    await app.ready();
    const people = await createBenchUsers(app, PEOPLE);
    options.log(`seeding ${options.messages} messages (${options.db})`);
    const seedStarted = performance.now();
    await seedChatMessages(app, people, options.messages, options.log);
    const seedS = (performance.now() - seedStarted) / 1000;
    options.log(`seeded in ${seedS.toFixed(0)} s; searching`);

    if (process.env.BENCH_SEARCH_EXPLAIN) {
      const me = people[7]!.id;
      for (const q of process.env.BENCH_SEARCH_EXPLAIN.split(",")) {
        const mine =
          (await app.db.execute(sql`select id from chat_conversations where (group_id is null and (user_low = ${me} or user_high = ${me}))
          or group_id in (select group_id from group_members where user_id = ${me})`)) as unknown as {
            rows: { id: number }[];
          };
        const ids = sql.raw(mine.rows.map((row) => Number(row.id)).join(","));
        const result = (await app.db.execute(sql`explain (analyze, buffers) select m.id from messages m
          where m.search @@ to_tsquery('simple'::regconfig, ${q}) and m.deleted_at is null
          and m.conversation_id in (${ids})
          order by m.id desc limit 20`)) as unknown as { rows: Record<string, string>[] };
        const counted = (await app.db.execute(sql`explain (analyze, buffers) select count(*) from messages m
          where m.search @@ to_tsquery('simple'::regconfig, ${q}) and m.deleted_at is null
          and m.conversation_id in (${ids})`)) as unknown as { rows: Record<string, string>[] };
        result.rows.push(...counted.rows);
        options.log(`EXPLAIN ${q}\n${result.rows.map((row) => Object.values(row)[0]).join("\n")}`);
      }
    }
    const plan = queries(options.queries);
    const timings = new Map<Query["kind"] | "all", number[]>();
    const hits = new Map<Query["kind"], number[]>();
    // Warm the caches the way a running server has them warm.
    for (const query of plan.slice(0, 20)) await search(app, people, query.q);
    for (const query of plan) {
      const started = performance.now();
      const total = await search(app, people, query.q);
      const ms = performance.now() - started;
      for (const key of [query.kind, "all"] as const) (timings.get(key) ?? timings.set(key, []).get(key)!).push(ms);
      (hits.get(query.kind) ?? hits.set(query.kind, []).get(query.kind)!).push(total);
    }
    const [{ count } = { count: 0 }] = (
      (await app.db.execute(sql`select count(*)::int as count from messages`)) as unknown as {
        rows: { count: number }[];
      }
    ).rows;
    const rows = [...timings.entries()].map(([kind, ms]) => {
      const p = percentiles(ms);
      const found = kind === "all" ? [...hits.values()].flat() : (hits.get(kind) ?? []);
      const medianHits = found.length > 0 ? percentile(found, 0.5) : 0;
      return { kind, queries: ms.length, ...p, p95: round(percentile(ms, 0.95)), medianHits };
    });
    console.log(
      renderTable(
        ["db", "messages", "kind", "queries", "p50 ms", "p95 ms", "p99 ms", "median hits (totalElements)"],
        rows.map((row) => [
          options.db,
          String(count),
          row.kind,
          String(row.queries),
          String(row.p50),
          String(row.p95),
          String(row.p99),
          String(row.medianHits),
        ]),
      ),
    );
    const file = writeResults("chat-search.json", {
      date: new Date().toISOString(),
      db: options.db,
      messages: count,
      seedSeconds: Math.round(seedS),
      results: rows,
    });
    options.log(`wrote ${file}`);
  } finally {
    await bench.close();
  }
}

/** One search as a random person, through the HTTP layer; its totalElements. */
async function search(
  app: Awaited<ReturnType<typeof openBenchApp>>["app"],
  people: { username: string; token: string }[],
  q: string,
): Promise<number> {
  const person = people[Math.floor(Math.random() * people.length)]!;
  const response = await app.inject({
    method: "GET",
    url: `/api/chat/search?${new URLSearchParams({ q, size: "20" })}`,
    headers: { authorization: `Bearer ${person.token}` },
  });
  if (response.statusCode !== 200) throw new Error(`search ${q}: ${response.statusCode} ${response.body}`);
  return (response.json() as { totalElements: number }).totalElements;
}
