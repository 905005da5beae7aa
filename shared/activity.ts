/**
 * DESIGN §11: the notes and the activity timeline that quote requests and job applications share.
 */
import { z } from "zod";

export const activityLimits = {
  noteMax: 5000,
} as const;

/** POST /api/contact/{id}/notes and /api/applications/{id}/notes. */
export const noteInputSchema = z.object({
  text: z
    .string({ error: "Write a note" })
    .trim()
    .min(1, "Write a note")
    .max(activityLimits.noteMax, `A note is at most ${activityLimits.noteMax} characters`),
});
export type NoteInput = z.infer<typeof noteInputSchema>;

export const noteSchema = z.object({
  id: z.number().int(),
  /** The admin's username (kept as written when the account is later renamed or deleted). */
  author: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export type Note = z.infer<typeof noteSchema>;

export const activityKinds = ["created", "status", "assignee", "followUp", "note", "email", "erased"] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** One line of a timeline, oldest first. `actor` is a username, or null for the requester or the system. */
export const activitySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  actor: z.string().nullable(),
  kind: z.enum(activityKinds),
  summary: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
