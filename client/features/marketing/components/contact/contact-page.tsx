import type { ReactNode } from "react";
import { useSiteItem } from "~/lib/site-content";
import page from "../../../../../content/contact-page.json";
import { PageBanner } from "../shared/page-banner.tsx";
import { ContactDetails } from "./contact-details.tsx";
import { OfficeList } from "./office-list.tsx";
import { QuoteSection } from "./quote-section.tsx";

/** `renderQuoteForm`: the form (a feature of its own), composed in by the route. */
export function ContactPage({ renderQuoteForm }: { renderQuoteForm: (labelledBy: string) => ReactNode }) {
  const contact = useSiteItem("contact");
  return (
    <main id="main">
      <PageBanner {...page.banner} />
      <div className="mx-auto grid max-w-7xl gap-14 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[3fr_2fr] lg:gap-12">
        <ContactDetails contact={contact} labels={page.details} />
        <OfficeList offices={contact.offices} {...page.offices} />
      </div>
      <QuoteSection {...page.quote} renderForm={renderQuoteForm} />
    </main>
  );
}
