/**
 * Migration 0010 (quote requests and applications as work) on a database holding leads as 0009
 * left them: contact_submissions becomes quote_requests with every row kept, each numbered within
 * the year it came in; applications become open applications; the counters go on from there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseAtMigration, type MigrationHarness } from "../../../test/helpers/migration-harness.ts";

let database: MigrationHarness;
const query = (text: string) => database.query(text);

beforeAll(async () => {
  database = await databaseAtMigration("0009");
  await query(`
    insert into contact_submissions (id, name, email, company, file_name, file_key, file_type, submitted_at) values
      (1, 'Ann', 'ann@example.com', 'Acme', null, null, null, '2025-12-31T23:59:59Z'),
      (2, 'Bob', 'bob@example.com', '', 'plan.pdf', 'k2', 'application/pdf', '2025-03-01T10:00:00Z'),
      (3, 'Cy', 'cy@example.com', 'Acme', null, null, null, '2026-01-01T00:00:00Z'),
      (4, 'Dee', 'dee@example.com', '', null, null, null, '2026-02-01T00:00:00Z'),
      (5, 'Eve', 'eve@example.com', '', null, null, null, '2025-06-01T00:00:00Z')`);
  await query("select setval('contact_submissions_id_seq', 5)");
  await query(`
    insert into job_applications (id, name, email, phone, resume_name, resume_key, resume_type, applied_at) values
      (1, 'Ravi', 'ravi@example.in', '+91 1', 'cv.pdf', 'r1', 'application/pdf', '2026-05-01T00:00:00Z')`);
  await database.migrateToLatest();
});
afterAll(async () => database?.close());

describe("migration 0010: quote requests and applications as work", () => {
  it("renames contact_submissions to quote_requests, keeping every row and its file", async () => {
    expect(await query("select to_regclass('contact_submissions') as old")).toEqual([{ old: null }]);
    const rows = await query(
      "select id::int, name, file_key, status, assignee_id, follow_up_at, lost_reason, version from quote_requests order by id",
    );
    expect(rows.map((row) => row.name)).toEqual(["Ann", "Bob", "Cy", "Dee", "Eve"]);
    expect(rows[1]).toMatchObject({ file_key: "k2", status: "new", assignee_id: null, lost_reason: null, version: 0 });
  });

  it("numbers existing requests within the (UTC) year they came in, oldest first, and the counters go on", async () => {
    const rows = await query("select id::int, reference from quote_requests order by id");
    expect(rows).toEqual([
      { id: 1, reference: "Q-2025-0003" },
      { id: 2, reference: "Q-2025-0001" },
      { id: 3, reference: "Q-2026-0001" },
      { id: 4, reference: "Q-2026-0002" },
      { id: 5, reference: "Q-2025-0002" },
    ]);
    expect(await query("select year, last from quote_request_counters order by year")).toEqual([
      { year: 2025, last: 3 },
      { year: 2026, last: 2 },
    ]);
    // The id sequence kept its place under its new name.
    const [next] = await query("select nextval('quote_requests_id_seq')::int as id");
    expect(next?.id).toBe(6);
    await expect(
      query("insert into quote_requests (reference, name, email) values ('Q-2026-0001', 'Copy', 'x@example.com')"),
    ).rejects.toThrow();
  });

  it("gives every request and application its `created` line, and applications the new defaults", async () => {
    const lines = await query(
      "select quote_request_id::int as id, kind, at from quote_request_activity order by quote_request_id",
    );
    expect(lines.map((line) => [line.id, line.kind])).toEqual([
      [1, "created"],
      [2, "created"],
      [3, "created"],
      [4, "created"],
      [5, "created"],
    ]);
    expect(new Date(String(lines[2]?.at)).toISOString()).toBe("2026-01-01T00:00:00.000Z");
    const [application] = await query(
      "select position, status, keep_for_future_roles, closed_at, erased_at, version, resume_key from job_applications",
    );
    expect(application).toEqual({
      position: "Open application",
      status: "new",
      keep_for_future_roles: false,
      closed_at: null,
      erased_at: null,
      version: 0,
      resume_key: "r1",
    });
    expect(await query("select kind from application_activity")).toEqual([{ kind: "created" }]);
  });
});
