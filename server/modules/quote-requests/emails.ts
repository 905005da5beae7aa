import { lines, type Notification, oneLine } from "../../plugins/mailer.ts";
import type { QuoteRequestRow } from "./repository.ts";

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
        ["Attachment", row.fileName ? `${row.fileName} (open it from the workspace)` : undefined],
      ]),
      ...(row.scopeOfWork ? ["", "Scope of work:", row.scopeOfWork] : []),
      "",
      `Open it in the workspace: ${adminUrl}`,
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
