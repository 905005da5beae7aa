import { lines, type Notification, oneLine } from "../../plugins/mailer.ts";
import type { ApplicationRow } from "./repository.ts";

/** The note about a job application: the CV stays on the server, readable by admins only. */
export function applicationNotification(row: ApplicationRow, adminUrl: string): Notification {
  return {
    subject: `New job application: ${oneLine(row.name)} (${oneLine(row.position)})`,
    replyTo: row.email,
    text: [
      "A new job application arrived from the career page.",
      "",
      lines([
        ["Position", row.position],
        ["Name", row.name],
        ["Email", row.email],
        ["Phone", row.phone],
        ["CV", `${row.resumeName} (open it from the workspace)`],
      ]),
      ...(row.message ? ["", "Message:", row.message] : []),
      "",
      `Open it in the workspace: ${adminUrl}`,
    ].join("\n"),
  };
}
