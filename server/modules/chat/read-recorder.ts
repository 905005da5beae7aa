import { sql } from "drizzle-orm";
import { chatLimits } from "../../../shared/chat.ts";
import type { Db } from "../../db/client.ts";
import { GroupCommit } from "../../lib/group-commit.ts";

/**
 * A read, by one of three roads: one message (SPEC's per-message mark-read: its unread row goes, the
 * position moves up to its seq), a whole conversation (SPEC's mark-read: the caller cleared its
 * unread rows; the position moves to its last seq), or a watermark (DESIGN §10 `/app/chat.read`:
 * the highest seq shown, the conversation named as the client names it; unread rows up to it go).
 */
export type ReadRequest = { readerId: number; readerIsAdmin: boolean } & (
  | { messageId: number }
  | { conversationId: number }
  | { upToSeq: number; privateWith: string }
  | { upToSeq: number; groupId: number }
);

/** A reader's position that moved forward: who is told (READ) and what. */
export interface ReadMove {
  conversationId: number;
  /** The group, or null for a private conversation. */
  groupId: number | null;
  /** A private conversation's other person, by current username (null once deleted). */
  otherName: string | null;
  upToSeq: number;
  at: Date;
}

export interface ReadOutcome {
  /** The message or conversation exists and the reader may read it (always true for a conversation by id). */
  readable: boolean;
  /** A watermark above the conversation's last seq (nothing was done). */
  beyondEnd?: boolean;
  /** The position moved (only the conversation's own people leave receipts), else undefined. */
  moved?: ReadMove;
}

/** One row of the batch statement (bigint as string or number, by driver). */
interface RawRead extends Record<string, unknown> {
  n: number;
  readable: boolean;
  beyond_end: boolean;
  conversation_id: string | number | null;
  group_id: string | number | null;
  other_name: string | null;
  up_to_seq: string | number | null;
  at: Date | string | null;
}

/**
 * Records reads (DESIGN §10: one watermark per person and conversation, across their sessions and
 * instances, that only moves forward). Reads wait in memory and are written every `flushEveryMs`
 * (250) or when 500 wait, as one statement and one round trip: it resolves the messages and
 * conversations, deletes the unread rows, checks who may read and who takes part, and moves each
 * position forward at most once (the highest of the batch, and only above the stored one, so two
 * instances cannot move it back).
 */
export class ReadRecorder {
  private readonly commits: GroupCommit<ReadRequest, ReadOutcome>;

  constructor(
    private readonly db: Db,
    flushEveryMs: number = chatLimits.readFlushMs,
  ) {
    this.commits = new GroupCommit((batch) => this.writeBatch(batch), chatLimits.readFlushBatch, flushEveryMs);
  }

  record(request: ReadRequest): Promise<ReadOutcome> {
    return this.commits.submit(request);
  }

  flush(): Promise<void> {
    return this.commits.flush();
  }

  private async writeBatch(batch: ReadRequest[]): Promise<ReadOutcome[]> {
    const input = batch.map((request, n) => ({
      n,
      reader_id: request.readerId,
      is_admin: request.readerIsAdmin,
      message_id: "messageId" in request ? request.messageId : null,
      conversation_id: "conversationId" in request ? request.conversationId : null,
      up_to_seq: "upToSeq" in request ? request.upToSeq : null,
      other_name: "privateWith" in request ? request.privateWith : null,
      group_id: "groupId" in request ? request.groupId : null,
    }));
    // Data-modifying CTEs run once and to completion whether or not the final select reads them;
    // they all see the snapshot the statement started with (so `best` reads the marks before it).
    // Lookups are LATERAL … LIMIT 1 and the delete goes through `= ANY`: the planner takes a
    // function's rows for 100 and would hash-join whole tables (measured on 20 000 messages:
    // 23 ms a batch of 20 against 0.7 ms).
    const { rows } = (await this.db.execute(sql`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
          AS t(n integer, reader_id bigint, is_admin boolean, message_id bigint, conversation_id bigint,
               up_to_seq bigint, other_name text, group_id bigint)
      ),
      target AS (
        SELECT i.n, i.reader_id, i.is_admin, i.message_id, c.id AS conversation_id, c.group_id, c.other_id,
               coalesce(m.seq, i.up_to_seq, c.last_seq) AS up_to_seq, c.takes_part,
               (i.up_to_seq IS NOT NULL) AS watermark,
               coalesce(i.up_to_seq > coalesce(c.last_seq, 0), false) AS beyond_end,
               (i.other_name IS NOT NULL AND o.id IS NOT NULL AND c.id IS NULL) AS no_conversation_yet
        FROM input i
        LEFT JOIN LATERAL (SELECT m.seq, m.conversation_id FROM messages m WHERE m.id = i.message_id LIMIT 1) m ON true
        LEFT JOIN LATERAL (SELECT u.id FROM users u
                           WHERE i.other_name IS NOT NULL AND lower(u.username) = lower(i.other_name) LIMIT 1) o ON true
        LEFT JOIN LATERAL (
          SELECT c.id, c.group_id, c.last_seq,
                 CASE WHEN c.user_low = i.reader_id THEN c.user_high ELSE c.user_low END AS other_id,
                 CASE WHEN c.group_id IS NULL THEN i.reader_id IN (c.user_low, c.user_high)
                      ELSE EXISTS (SELECT 1 FROM group_members gm
                                   WHERE gm.group_id = c.group_id AND gm.user_id = i.reader_id) END AS takes_part
          FROM chat_conversations c
          WHERE c.id = coalesce(
            m.conversation_id, i.conversation_id,
            (SELECT p.id FROM chat_conversations p
             WHERE p.group_id IS NULL AND o.id IS NOT NULL
               AND p.user_low = least(i.reader_id, o.id) AND p.user_high = greatest(i.reader_id, o.id)),
            (SELECT g.id FROM chat_conversations g WHERE i.group_id IS NOT NULL AND g.group_id = i.group_id))
          LIMIT 1
        ) c ON true
      ),
      gone AS (
        DELETE FROM unread_messages u
        WHERE u.message_id = ANY (ARRAY(SELECT message_id FROM input WHERE message_id IS NOT NULL))
          AND (u.user_id, u.message_id) IN (SELECT reader_id, message_id FROM input)
      ),
      sweep AS (
        SELECT DISTINCT ON (t.conversation_id, t.reader_id) t.conversation_id, t.reader_id, t.up_to_seq
        FROM target t
        WHERE t.watermark AND t.takes_part AND NOT t.beyond_end AND t.up_to_seq > 0
        ORDER BY t.conversation_id, t.reader_id, t.up_to_seq DESC
      ),
      swept AS (
        DELETE FROM unread_messages u
        USING sweep s, messages m
        WHERE u.user_id = s.reader_id AND m.id = u.message_id
          AND m.conversation_id = s.conversation_id AND m.seq <= s.up_to_seq
      ),
      best AS (
        SELECT DISTINCT ON (t.conversation_id, t.reader_id) t.conversation_id, t.reader_id, t.up_to_seq
        FROM target t
        WHERE t.takes_part AND NOT t.beyond_end AND t.up_to_seq > 0
          AND t.up_to_seq > coalesce((SELECT max(r.up_to_seq) FROM chat_read_marks r
                                      WHERE r.conversation_id = t.conversation_id AND r.user_id = t.reader_id), 0)
        ORDER BY t.conversation_id, t.reader_id, t.up_to_seq DESC
      ),
      moved AS (
        INSERT INTO chat_read_marks (conversation_id, user_id, up_to_seq)
        SELECT conversation_id, reader_id, up_to_seq FROM best
        ON CONFLICT DO NOTHING
        RETURNING conversation_id, user_id, up_to_seq, at
      )
      SELECT t.n,
             ((t.conversation_id IS NOT NULL AND (t.takes_part OR (t.group_id IS NOT NULL AND t.is_admin)))
               OR t.no_conversation_yet) AS readable,
             (t.beyond_end AND (t.takes_part OR t.no_conversation_yet OR (t.group_id IS NOT NULL AND t.is_admin))) AS beyond_end,
             mv.conversation_id, t.group_id, other.username AS other_name, mv.up_to_seq, mv.at
      FROM target t
      LEFT JOIN moved mv ON mv.conversation_id = t.conversation_id AND mv.user_id = t.reader_id
                        AND mv.up_to_seq = t.up_to_seq
      LEFT JOIN LATERAL (SELECT u.username FROM users u
                         WHERE u.id = t.other_id AND mv.conversation_id IS NOT NULL LIMIT 1) other ON true
      ORDER BY t.n`)) as unknown as { rows: RawRead[] };
    const byN = new Map(rows.map((row) => [Number(row.n), row]));
    const told = new Set<string>();
    return batch.map((request, n): ReadOutcome => {
      const row = byN.get(n);
      if (!row) throw new Error("the batch answered without one of its requests");
      const seen = { readable: row.readable, ...(row.beyond_end ? { beyondEnd: true } : {}) };
      if (row.conversation_id === null || row.up_to_seq === null || row.at === null) return seen;
      // Two requests of one batch for the same position: the READ goes out once.
      const key = `${row.conversation_id}:${request.readerId}`;
      if (told.has(key)) return seen;
      told.add(key);
      return {
        ...seen,
        moved: {
          conversationId: Number(row.conversation_id),
          groupId: row.group_id === null ? null : Number(row.group_id),
          otherName: row.other_name,
          upToSeq: Number(row.up_to_seq),
          at: new Date(row.at),
        },
      };
    });
  }
}
