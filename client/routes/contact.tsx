import { QuoteFormSlot } from "~/features/leads/components/quote-form-slot";
import { ContactPage } from "~/features/marketing/components/contact/contact-page";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/contactus");

export default function Contact() {
  return <ContactPage renderQuoteForm={(labelledBy) => <QuoteFormSlot labelledBy={labelledBy} />} />;
}
