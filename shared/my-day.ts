/**
 * Issue #34 "the employee's day" (DESIGN §16: "an employee's dashboard shows their real work"):
 * GET /api/projects/my-day answers the caller's own work, admins' too (the teams they are on, not
 * every project).
 */
import { z } from "zod";
import { type DrawingStatus, drawingStatuses } from "./drawings.ts";

export const myDayLimits = {
  /** Each list answers at most this many. */
  perList: 50,
  /** Responses received: transmittals answered this many days ago at most. */
  responsesDays: 7,
  /** RFIs due: open ones due within this many days, overdue ones included (as the `due` notices). */
  rfisDueDays: 3,
} as const;

/** Sheets that wait on the person they are given to: being drawn, or back from the client to redo. */
export const waitingStatuses: readonly DrawingStatus[] = ["inProgress", "reviseResubmit", "rejected"];

export const myDaySchema = z.object({
  /** The projects whose team the caller is on, by job number. */
  projects: z.array(z.object({ job: z.string(), name: z.string(), dueDate: z.iso.date().nullable() })),
  /** Sheets given to the caller and waiting on them (`waitingStatuses`), by job and number. */
  sheets: z.array(
    z.object({
      job: z.string(),
      number: z.string(),
      title: z.string(),
      revision: z.string(),
      status: z.enum(drawingStatuses),
    }),
  ),
  /**
   * Transmittals of the caller's projects the client answered in the last `responsesDays` days,
   * newest first. A fixed window rather than "since they last looked": looking is reading the
   * notification, and a response stays work to do after its notice is read.
   */
  responses: z.array(
    z.object({
      job: z.string(),
      transmittal: z.string(),
      answeredAt: z.iso.datetime(),
      /** The tally of responses, e.g. "2 approved, 1 revise and resubmit". */
      summary: z.string(),
    }),
  ),
  /** Open RFIs of the caller's projects due within `rfisDueDays` days (overdue too), soonest first. */
  rfisDue: z.array(z.object({ job: z.string(), number: z.string(), subject: z.string(), dueAt: z.iso.datetime() })),
});
export type MyDay = z.infer<typeof myDaySchema>;

export const myDayPaths = { myDay: "/api/projects/my-day" } as const;
