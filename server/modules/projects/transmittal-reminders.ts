import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import site from "../../../content/site.json" with { type: "json" };
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import { transmittalPaths } from "../../../shared/transmittals.ts";
import { periodicTask } from "../../lib/periodic-task.ts";
import { lines, oneLine } from "../../plugins/mailer.ts";
import { reminderOrdinal, reminderRepository } from "./transmittal-reminder-repository.ts";
import { transmittalRepository } from "./transmittal-repository.ts";

/** How often the reminder sweep looks for transmittals whose reminder has come. */
export const REMINDER_SWEEP_EVERY_MS = 10 * 60 * 1000;

export interface ProjectsModuleOptions {
  /** The projects' clock (tests move it). */
  now?: () => Date;
  reminderSweepEveryMs?: number;
}

export interface TransmittalReminders {
  /** Sweeps now (or joins the sweep running); how many reminders it sent. */
  sweep(): Promise<number>;
}

declare module "fastify" {
  interface FastifyInstance {
    transmittalReminders: TransmittalReminders;
  }
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * DESIGN §16 reminders: a transmittal not yet answered reminds its recipients 3 days before it is
 * due, then daily once overdue, at most 14 times. Each reminder is claimed in the database before
 * its e-mails go (transmittal_reminders' key), so sweeps on every instance and after restarts send
 * it once; a day missed while no instance ran is not made up. Once past due, the team gets a `due`
 * notification, once (issue #34).
 */
export const transmittalRemindersPlugin = fp(
  async (app: FastifyInstance, options: ProjectsModuleOptions) => {
    const now = options.now ?? (() => new Date());
    const repository = transmittalRepository(app.db);
    const reminders = reminderRepository(app.db);
    const origin = app.config.publicOrigin;
    const task = periodicTask(app, {
      what: "transmittal reminders",
      everyMs: options.reminderSweepEveryMs ?? REMINDER_SWEEP_EVERY_MS,
      task: async () => {
        const at = now();
        let sent = 0;
        for (const { transmittal, job, projectName } of await reminders.waiting(at)) {
          // Past due and unanswered: the team is told once (the key holds however many sweeps see it).
          if (transmittal.dueAt.getTime() <= at.getTime()) {
            await app.notifications.notify(await repository.teamIds(app.db, transmittal.projectId), {
              kind: "due",
              title: `${transmittal.number} was due ${day(transmittal.dueAt)} and the client has not answered yet`,
              url: `${staffAddresses.project(job)}?tab=transmittals`,
              onceKey: `transmittal-due:${transmittal.id}`,
            });
          }
          const ordinal = reminderOrdinal(transmittal.dueAt, at);
          if (ordinal === null || !(await reminders.claimReminder(transmittal.id, ordinal))) continue;
          const overdue = ordinal > 0;
          for (const to of transmittal.recipients) {
            app.mailer.send({
              to,
              subject: `${overdue ? "Overdue" : "Reminder"}: ${oneLine(site.brand.name)} transmittal ${transmittal.number}`,
              text: [
                overdue
                  ? `Transmittal ${transmittal.number} for ${job} ${oneLine(projectName, 100)} was due on ${day(transmittal.dueAt)} and has not been answered yet.`
                  : `Transmittal ${transmittal.number} for ${job} ${oneLine(projectName, 100)} is due on ${day(transmittal.dueAt)}.`,
                lines([["Review and respond", `${origin}${transmittalPaths.reviewPage(transmittal.token)}`]]),
              ].join("\n\n"),
            });
          }
          app.log.info({ number: transmittal.number, ordinal }, "transmittal reminder sent");
          sent += 1;
        }
        return sent;
      },
    });
    app.decorate("transmittalReminders", { sweep: task.run });
  },
  { name: "transmittal-reminders" },
);
