import { SMTPServer } from "smtp-server";

/** One message as the mail server took it: envelope and raw source. */
export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local SMTP server on a random port that keeps every message it is given (the sales mailbox,
 * a requester's inbox): the product's e-mails go through a real SMTP conversation in tests.
 */
export async function startSmtpCapture() {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return { mails, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A message's text with quoted-printable soft line breaks joined, for searching in it. */
export const unfolded = (mail: CapturedMail) => mail.raw.replace(/=\r?\n/g, "");
