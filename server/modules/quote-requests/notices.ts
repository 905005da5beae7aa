import { staffAddresses } from "../../../shared/staff-addresses.ts";
import type { Notice } from "../../plugins/notifications.ts";

/** What the notices about a quote request say (DESIGN §15). */
interface QuoteFacts {
  id: number;
  reference: string;
  name: string;
  company: string;
}

const who = (quote: QuoteFacts) => (quote.company ? `${quote.name} (${quote.company})` : quote.name);

/** To every admin: a quote request came in from the website. */
export const quoteRequestNotice = (quote: QuoteFacts): Notice => ({
  kind: "quoteRequest",
  title: `New quote request ${quote.reference} from ${who(quote)}`,
  url: staffAddresses.quote(quote.reference),
});

/** To the new assignee, from whoever assigned it. */
export const assignedNotice = (quote: QuoteFacts, by: string): Notice => ({
  kind: "assigned",
  title: `${by} assigned you ${quote.reference} from ${who(quote)}`,
  url: staffAddresses.quote(quote.reference),
});

/** To the assignee (every admin while nobody is): the follow-up's time has come; once per follow-up time. */
export const dueNotice = (quote: QuoteFacts, followUpAt: Date): Notice => ({
  kind: "due",
  title: `Follow-up due: ${quote.reference} from ${who(quote)}`,
  url: staffAddresses.quote(quote.reference),
  onceKey: `due:quote:${quote.id}:${followUpAt.getTime()}`,
});
