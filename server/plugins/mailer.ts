import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import nodemailer from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import site from "../../content/site.json" with { type: "json" };

/** What a notification says: plain text, no attachment, never the file itself. */
export interface Notification {
  subject: string;
  text: string;
  replyTo?: string;
  /** The recipient; the sales mailbox (NOTIFY_EMAIL) when unset. */
  to?: string;
}

/** Header-safe text: no control characters (a name cannot add a header line), bounded length. */
export const oneLine = (value: string, max = 120) =>
  value
    .replace(/[\p{Cc}\p{Cf}]+/gu, " ")
    .trim()
    .slice(0, max);

/** "Label: value" lines, the empty ones left out. */
export const lines = (pairs: [string, string | undefined][]) =>
  pairs
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");

export interface Mailer {
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
export function mailer(
  options: { smtpUrl?: string; notifyEmail?: string; fromName: string },
  log: FastifyBaseLogger,
): Mailer {
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

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Decorates `app.mailer`: the e-mails the product sends, from the website's name; closed with the app. */
export const mailerPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const sender = mailer(
      { smtpUrl: config.smtpUrl, notifyEmail: config.notifyEmail, fromName: `${site.brand.legalName} website` },
      app.log,
    );
    app.decorate("mailer", sender);
    app.addHook("onClose", () => sender.close());
  },
  { name: "mailer" },
);
