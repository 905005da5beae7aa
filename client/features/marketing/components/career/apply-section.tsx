import { FileText, Info } from "lucide-react";
import type { ReactNode } from "react";

export interface ApplySectionProps {
  title: string;
  intro: string;
  fileNote: string;
  noRoleNote: string;
  /** The application form, composed in by the route; told the id of the heading that names it. */
  renderForm: (labelledBy: string) => ReactNode;
}

/** The "Apply now" section, with the application form (loaded as it comes into view). */
export function ApplySection({ title, intro, fileNote, noRoleNote, renderForm }: ApplySectionProps) {
  return (
    <section id="apply" aria-labelledby="apply-heading" className="scroll-mt-20">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1fr_2fr] lg:gap-16">
        <div>
          <h2 id="apply-heading" className="text-2xl font-extrabold tracking-tight text-steel-950 sm:text-3xl">
            {title}
          </h2>
          <p className="mt-4 leading-relaxed text-steel-600">{intro}</p>
          <ul className="mt-6 space-y-4 text-sm text-steel-700">
            <li className="flex gap-3">
              <FileText aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-accent-700" />
              {fileNote}
            </li>
            <li className="flex gap-3">
              <Info aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-accent-700" />
              {noRoleNote}
            </li>
          </ul>
        </div>
        {renderForm("apply-heading")}
      </div>
    </section>
  );
}
