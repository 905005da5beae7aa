import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type { ContactSubmissionRow, JobApplicationRow } from "./repository.ts";

/** What a notification says: plain text, no attachment, never the file itself. */
export interface Notification {
  subject: string;
  text: string;
  replyTo?: string;
}

/** Header-safe text: no control characters (a name cannot add a header line), bounded length. */
const oneLine = (value: string, max = 120) =>
  value
    .replace(/[\p{Cc}\p{Cf}]+/gu, " ")
    .trim()
    .slice(0, max);

const lines = (pairs: [string, string | undefined][]) =>
  pairs
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");

/** The sales mailbox's note about a quote request: who, which company, which work, where to read it. */
export function quoteNotification(row: ContactSubmissionRow, adminUrl: string): Notification {
  const who = oneLine(row.name);
  const company = oneLine(row.company);
  return {
    subject: `New quote request: ${who}${company ? ` (${company})` : ""}`,
    replyTo: row.email,
    text: [
      "A new quote request arrived from the website.",
      "",
      lines([
        ["Name", row.name],
        ["Email", row.email],
        ["Company", row.company],
        ["Phone", row.phone],
        ["Project", row.projectName],
        ["Type of work", row.workTypes.join(", ") || "(none selected)"],
        ["Tons of steel", row.tonsOfSteel],
        ["Proposal date", row.proposalDate],
        ["Project date", row.projectDate],
        ["Project URL", row.projectUrl],
        ["Attachment", row.fileName ? `${row.fileName} (open it from the admin dashboard)` : undefined],
      ]),
      ...(row.scopeOfWork ? ["", "Scope of work:", row.scopeOfWork] : []),
      "",
      `Read it in the admin dashboard: ${adminUrl}`,
    ].join("\n"),
  };
}

/** The note about a job application: the CV stays on the server, readable by admins only. */
export function applicationNotification(row: JobApplicationRow, adminUrl: string): Notification {
  return {
    subject: `New job application: ${oneLine(row.name)}`,
    replyTo: row.email,
    text: [
      "A new job application arrived from the career page.",
      "",
      lines([
        ["Name", row.name],
        ["Email", row.email],
        ["Phone", row.phone],
        ["CV", `${row.resumeName} (open it from the admin dashboard)`],
      ]),
      ...(row.message ? ["", "Message:", row.message] : []),
      "",
      `Read it in the admin dashboard: ${adminUrl}`,
    ].join("\n"),
  };
}

export interface LeadNotifier {
  /** Sends in the background: never throws, never delays the caller; a failure is logged. */
  send(notification: Notification): void;
  /** Waits (briefly) for the mails in flight, then closes the connection pool. */
  close(): Promise<void>;
}

const SEND_TIMEOUT_MS = 15_000;

/**
 * E-mails to NOTIFY_EMAIL through SMTP_URL, or nothing when they are not set. A lead is stored
 * before anything is sent, so a mail server that is down or slow costs a log line, not a lead.
 */
export function leadNotifier(
  options: { smtpUrl?: string; notifyEmail?: string; fromName: string },
  log: FastifyBaseLogger,
): LeadNotifier {
  const { smtpUrl, notifyEmail } = options;
  if (!smtpUrl || !notifyEmail) return { send: () => {}, close: async () => {} };

  const transport = nodemailer.createTransport(
    // Short timeouts: a dead server fails fast instead of holding sockets for minutes.
    { ...parseConnectionUrl(smtpUrl), connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10_000 },
    { from: { name: options.fromName, address: notifyEmail } },
  );
  const inFlight = new Set<Promise<void>>();

  return {
    send(notification) {
      const sending = transport
        .sendMail({
          to: notifyEmail,
          subject: notification.subject,
          text: notification.text,
          replyTo: notification.replyTo,
        })
        .then((info) =>
          log.info({ messageId: info.messageId, subject: notification.subject }, "lead notification sent"),
        )
        .catch((error: unknown) => log.error({ err: error, subject: notification.subject }, "lead notification failed"))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async close() {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(inFlight),
        new Promise((resolve) => {
          timer = setTimeout(resolve, SEND_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      transport.close();
    },
  };
}
