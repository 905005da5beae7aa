import type { ReactNode } from "react";
import page from "../../../../../content/contact-page.json";
import site from "../../../../../content/site.json";
import { PageBanner } from "../shared/page-banner.tsx";
import { ContactDetails } from "./contact-details.tsx";
import { OfficeList } from "./office-list.tsx";
import { QuoteSection } from "./quote-section.tsx";

/** `renderQuoteForm`: the form (a feature of its own), composed in by the route. */
export function ContactPage({ renderQuoteForm }: { renderQuoteForm: (labelledBy: string) => ReactNode }) {
  return (
    <main id="main">
      <PageBanner {...page.banner} />
      <div className="mx-auto grid max-w-7xl gap-14 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[3fr_2fr] lg:gap-12">
        <ContactDetails contact={site.contact} labels={page.details} />
        <OfficeList offices={site.contact.offices} {...page.offices} />
      </div>
      <QuoteSection {...page.quote} renderForm={renderQuoteForm} />
    </main>
  );
}
