import { ContactPage } from "~/features/marketing/components/contact/contact-page";
import { QuoteRequestFormSlot } from "~/features/public-forms/components/quote-request-form-slot";
import { pageMeta } from "~/lib/seo";

export const meta = () => pageMeta("/contactus");

export default function Contact() {
  return <ContactPage renderQuoteForm={(labelledBy) => <QuoteRequestFormSlot labelledBy={labelledBy} />} />;
}
