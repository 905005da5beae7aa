import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type { ApplicationRow } from "../applications/repository.ts";
import type { QuoteRequestRow } from "../quote-requests/repository.ts";

/** What a notification says: plain text, no attachment, never the file itself. */
export interface Notification {
  subject: string;
  text: string;
  replyTo?: string;
  /** The recipient; the sales mailbox (NOTIFY_EMAIL) when unset. */
  to?: string;
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
export function quoteNotification(row: QuoteRequestRow, adminUrl: string): Notification {
  const who = oneLine(row.name);
  const company = oneLine(row.company);
  return {
    subject: `New quote request ${row.reference}: ${who}${company ? ` (${company})` : ""}`,
    replyTo: row.email,
    text: [
      "A new quote request arrived from the website.",
      "",
      lines([
        ["Reference", row.reference],
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

/**
 * The requester's confirmation (DESIGN §11): their reference, and that someone will answer. Nothing
 * the visitor typed is repeated: anyone can enter anyone's address, and this must not become a way
 * to mail strangers a text of one's choosing.
 */
export function quoteConfirmation(row: QuoteRequestRow, company: { name: string; salesEmail?: string }): Notification {
  return {
    to: row.email,
    replyTo: company.salesEmail,
    subject: `We received your quote request ${row.reference}`,
    text: [
      "Hello,",
      "",
      `Thank you for your quote request. Its reference is ${row.reference}.`,
      "",
      "Our estimating team will get back to you shortly. Please quote the reference in any message about this request.",
      "",
      company.name,
    ].join("\n"),
  };
}

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
        ["CV", `${row.resumeName} (open it from the admin dashboard)`],
      ]),
      ...(row.message ? ["", "Message:", row.message] : []),
      "",
      `Read it in the admin dashboard: ${adminUrl}`,
    ].join("\n"),
  };
}

export interface FormNotifier {
  /**
   * Sends in the background: never throws, never delays the caller; a failure is logged. `onSent`
   * runs once the server took the message (close() waits for it too).
   */
  send(notification: Notification, onSent?: () => Promise<void>): void;
  /** Waits (briefly) for the mails in flight, then closes the connection pool. */
  close(): Promise<void>;
}

const SEND_TIMEOUT_MS = 15_000;

/**
 * E-mails through SMTP_URL, from (and by default to) NOTIFY_EMAIL, or nothing when they are not
 * set. A request is stored before anything is sent, so a mail server that is down or slow costs a
 * log line, not a request.
 */
export function formNotifier(
  options: { smtpUrl?: string; notifyEmail?: string; fromName: string },
  log: FastifyBaseLogger,
): FormNotifier {
  const { smtpUrl, notifyEmail } = options;
  if (!smtpUrl || !notifyEmail) return { send: () => {}, close: async () => {} };

  const transport = nodemailer.createTransport(
    // Short timeouts: a dead server fails fast instead of holding sockets for minutes.
    { ...parseConnectionUrl(smtpUrl), connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10_000 },
    { from: { name: options.fromName, address: notifyEmail } },
  );
  const inFlight = new Set<Promise<void>>();

  return {
    send(notification, onSent) {
      const sending = transport
        .sendMail({
          to: notification.to ?? notifyEmail,
          subject: notification.subject,
          text: notification.text,
          replyTo: notification.replyTo,
        })
        .then(async (info) => {
          log.info({ messageId: info.messageId, subject: notification.subject }, "lead notification sent");
          await onSent?.().catch((error: unknown) => log.warn({ err: error }, "could not record a sent e-mail"));
        })
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
