/**
 * The chat part of the search benchmarks (bench:chat --search, bench:search): `count` messages in
 * 40 groups of 25 and about 2 000 private conversations of `people`, their text drawn from a
 * detailing office's vocabulary (a few very common words, many rare ones, codes like B-12).
 *
 * The seed goes straight into the tables with INSERT … SELECT over generate_series, the GIN index
 * built after it (as a restore would): storing a million messages through STOMP would take longer
 * than the measurement and measures something else (bench:chat does).
 */
import type { BenchApp } from "./chat-bench.ts";

const GROUPS = 40;
const GROUP_SIZE = 25;

/** Common words first: a word's chance falls with its place (about Zipf's law). */
export const VOCABULARY = [
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

/** Seeds the groups, the private conversations and `count` messages between `people` (ids). */
export async function seedChatMessages(
  app: BenchApp,
  people: readonly { id: number }[],
  count: number,
  log: (message: string) => void,
): Promise<void> {
  const { sql } = await import("drizzle-orm");
  const ids = people.map((person) => person.id);
  const peopleCount = ids.length;
  log(`seeding ${count} messages`);
  await app.db.execute(sql`drop index if exists messages_search_idx`);
  // 40 groups of 25 (the first person of each is its creator), and 2 000 private pairs.
  await app.db.execute(sql`
      insert into chat_groups (name, created_by_id, created_by_name)
      select 'Group ' || g, (${sql.raw(`array[${ids.join(",")}]`)})[1 + (g * 5) % ${peopleCount}], 'bench'
      from generate_series(1, ${GROUPS}) g`);
  await app.db.execute(sql`
      insert into group_members (group_id, user_id)
      select distinct cg.id, (${sql.raw(`array[${ids.join(",")}]`)})[1 + ((cg.id * 5 + k * 7) % ${peopleCount})]
      from chat_groups cg, generate_series(0, ${GROUP_SIZE - 1}) k`);
  await app.db.execute(sql`insert into chat_conversations (group_id) select id from chat_groups`);
  await app.db.execute(sql`
      insert into chat_conversations (user_low, user_high)
      select distinct least(a, b), greatest(a, b) from (
        select (${sql.raw(`array[${ids.join(",")}]`)})[1 + (i % ${peopleCount})] a,
               (${sql.raw(`array[${ids.join(",")}]`)})[1 + ((i * 7 + 1 + i / ${peopleCount}) % ${peopleCount})] b
        from generate_series(0, 1999) i) p
      where a <> b`);
  const words = sql.raw(`array[${VOCABULARY.map((word) => `'${word}'`).join(",")}]`);
  // In chunks, so neither database holds one enormous statement's work at once.
  const chunk = 100_000;
  for (let start = 0; start < count; start += chunk) {
    const end = Math.min(count, start + chunk) - 1;
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
          now() - (${count}::bigint - r.g) * interval '2 seconds'
        from rows r join conv c on c.k = r.k`);
    log(`  ${end + 1} messages`);
  }
  await app.db.execute(sql`
      update chat_conversations c set last_seq = s.max_seq
      from (select conversation_id, max(seq) as max_seq from messages group by conversation_id) s
      where s.conversation_id = c.id`);
  log("building the search index");
  await app.db.execute(sql`create index messages_search_idx on messages using gin (search) with (fastupdate = off)`);
  await app.db.execute(sql`analyze`);
}
