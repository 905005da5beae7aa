import { Check } from "lucide-react";
import type { ReactNode } from "react";

export interface QuoteSectionProps {
  title: string;
  intro: string;
  checklistTitle: string;
  checklist: string[];
  /** The quote form, composed in by the route; told the id of the heading that names it. */
  renderForm: (labelledBy: string) => ReactNode;
}

/** "Request a Quote": guidance on the left, the quote form (loaded as it comes into view) on the right. */
export function QuoteSection({ title, intro, checklistTitle, checklist, renderForm }: QuoteSectionProps) {
  return (
    <section id="quote" aria-labelledby="quote-heading" className="scroll-mt-20 bg-steel-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1fr_2fr] lg:gap-16">
        <div>
          <h2 id="quote-heading" className="text-2xl font-extrabold tracking-tight text-steel-950 sm:text-3xl">
            {title}
          </h2>
          <p className="mt-4 leading-relaxed text-steel-600">{intro}</p>
          <h3 className="mt-8 text-xs font-bold tracking-[0.2em] text-steel-600 uppercase">{checklistTitle}</h3>
          <ul className="mt-4 space-y-3">
            {checklist.map((item) => (
              <li key={item} className="flex gap-3 text-sm leading-relaxed text-steel-700">
                <span className="mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-700">
                  <Check aria-hidden="true" size={13} strokeWidth={3} />
                </span>
                {item}
              </li>
            ))}
          </ul>
        </div>
        {renderForm("quote-heading")}
      </div>
    </section>
  );
}
