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
 * The seed goes straight into the tables with one INSERT … SELECT over generate_series, the GIN
 * index built after it (as a restore would): storing a million messages through STOMP would take
 * longer than the measurement and measures something else (bench:chat does).
 */
import { performance } from "node:perf_hooks";
import { openBenchApp } from "./lib/chat-bench.ts";
import { percentile, percentiles, renderTable, round, writeResults } from "./lib/report.ts";

export interface SearchBenchOptions {
  db: "pglite" | "postgres";
  postgresUrl: string;
  messages: number;
  queries: number;
  log: (message: string) => void;
}

const PEOPLE = 200;
const GROUPS = 40;
const GROUP_SIZE = 25;

/** Common words first: a word's chance falls with its place (about Zipf's law). */
const VOCABULARY = [
  "the",
  "drawing",
  "beam",
  "please",
  "check",
  "column",
  "connection",
  "revision",
  "model",
  "steel",
  "detail",
  "plate",
  "bolt",
  "weld",
  "grid",
  "level",
  "issued",
  "approved",
  "comments",
  "erection",
  "shop",
  "anchor",
  "brace",
  "stair",
  "handrail",
  "girder",
  "truss",
  "purlin",
  "girt",
  "splice",
  "moment",
  "shear",
  "baseplate",
  "embed",
  "rfi",
  "submittal",
  "fabricator",
  "architect",
  "engineer",
  "tekla",
  "sds2",
  "clash",
  "elevation",
  "section",
  "camber",
  "galvanized",
  "primer",
  "deadline",
  "tomorrow",
  "friday",
  "monday",
  "urgent",
  "updated",
  "markup",
  "cloud",
  "sequence",
  "phase",
  "mezzanine",
  "canopy",
  "lintel",
  "kicker",
  "gusset",
  "stiffener",
  "doubler",
  "cope",
  "slotted",
  "oversized",
  "tension",
  "compression",
  "axial",
  "cantilever",
  "davit",
  "monorail",
  "ladder",
  "cage",
  "grating",
  "checkered",
  "flange",
  "web",
  "haunch",
  ...Array.from({ length: 400 }, (_, i) => `part${i}`),
  ...Array.from({ length: 300 }, (_, i) => `b-${i + 1}`),
];

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
    const ids = people.map((person) => person.id);
    options.log(`seeding ${options.messages} messages (${options.db})`);
    const seedStarted = performance.now();
    await app.db.execute(sql`drop index if exists messages_search_idx`);
    // 40 groups of 25 (the first person of each is its creator), and 2 000 private pairs.
    await app.db.execute(sql`
      insert into chat_groups (name, created_by_id, created_by_name)
      select 'Group ' || g, (${sql.raw(`array[${ids.join(",")}]`)})[1 + (g * 5) % ${PEOPLE}], 'bench'
      from generate_series(1, ${GROUPS}) g`);
    await app.db.execute(sql`
      insert into group_members (group_id, user_id)
      select distinct cg.id, (${sql.raw(`array[${ids.join(",")}]`)})[1 + ((cg.id * 5 + k * 7) % ${PEOPLE})]
      from chat_groups cg, generate_series(0, ${GROUP_SIZE - 1}) k`);
    await app.db.execute(sql`insert into chat_conversations (group_id) select id from chat_groups`);
    await app.db.execute(sql`
      insert into chat_conversations (user_low, user_high)
      select distinct least(a, b), greatest(a, b) from (
        select (${sql.raw(`array[${ids.join(",")}]`)})[1 + (i % ${PEOPLE})] a,
               (${sql.raw(`array[${ids.join(",")}]`)})[1 + ((i * 7 + 1 + i / ${PEOPLE}) % ${PEOPLE})] b
        from generate_series(0, 1999) i) p
      where a <> b`);
    const words = sql.raw(`array[${VOCABULARY.map((word) => `'${word}'`).join(",")}]`);
    // In chunks, so neither database holds one enormous statement's work at once.
    const chunk = 100_000;
    for (let start = 0; start < options.messages; start += chunk) {
      const end = Math.min(options.messages, start + chunk) - 1;
      await app.db.execute(sql`
        with conv as (
          -- A private message is from the pair's first person to the second; a group's, from its creator.
          select cc.id, cc.group_id, coalesce(cc.user_low, cg.created_by_id) as sender_id, cc.user_high,
            row_number() over (order by cc.id) - 1 as k, count(*) over () as n
          from chat_conversations cc left join chat_groups cg on cg.id = cc.group_id
        ), rows as (
          select g, (g % (select max(n) from conv)) as k from generate_series(${start}::bigint, ${end}::bigint) g
        )
        insert into messages (conversation_id, seq, type, sender_id, sender_name, recipient_id, recipient_name, group_id, content, created_at)
        select c.id, r.g / c.n + 1,
          case when c.group_id is null then 'PRIVATE_MESSAGE' else 'GROUP_MESSAGE' end,
          c.sender_id, 'bench',
          c.user_high, case when c.group_id is null then 'bench' end, c.group_id,
          (select string_agg((${words})[1 + floor(random() ^ 3 * ${VOCABULARY.length}::int)::int], ' ')
             from generate_series(1, 6 + (r.g % 14)) w where r.g >= 0),
          now() - (${options.messages}::bigint - r.g) * interval '2 seconds'
        from rows r join conv c on c.k = r.k`);
      options.log(`  ${end + 1} messages`);
    }
    await app.db.execute(sql`
      update chat_conversations c set last_seq = s.max_seq
      from (select conversation_id, max(seq) as max_seq from messages group by conversation_id) s
      where s.conversation_id = c.id`);
    options.log("building the search index");
    await app.db.execute(sql`create index messages_search_idx on messages using gin (search) with (fastupdate = off)`);
    await app.db.execute(sql`analyze`);
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
