/**
 * What quote requests and job applications share (DESIGN §11, shared/activity.ts): notes and
 * timeline lines as the API answers them, and the small rules both modules apply.
 */
import type { Activity, ActivityKind, Note } from "../../../shared/activity.ts";

/** The admin who acted: the account (kept by id) and its username then (kept as written). */
export interface Actor {
  id: number;
  username: string;
}

/** A timeline line to write; `actor` null: the requester or the system. */
export interface ActivityInput {
  kind: ActivityKind;
  summary: string;
  actor: Actor | null;
}

export const toNote = (row: { id: number; authorName: string; text: string; createdAt: Date }): Note => ({
  id: row.id,
  author: row.authorName,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
});

export const toActivity = (row: {
  id: number;
  at: Date;
  actorName: string | null;
  kind: ActivityKind;
  summary: string;
}): Activity => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actorName,
  kind: row.kind,
  summary: row.summary,
});

/** The first line of a text, cut at `max` characters: what a timeline shows of a note. */
export function excerpt(text: string, max = 140): string {
  const line = text.trim().split("\n")[0] ?? "";
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
