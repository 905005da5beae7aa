import { useId } from "react";
import { ButtonLink } from "./button-link.tsx";

export interface CallToActionProps {
  title: string;
  text: string;
  primary: { label: string; href: string };
  secondary?: { label: string; href: string };
}

/** The closing band of a page: one headline, one sentence, a primary and an optional secondary link. */
export function CallToAction({ title, text, primary, secondary }: CallToActionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="px-4 py-16 sm:px-6 sm:py-20">
      <div className="relative isolate mx-auto max-w-7xl overflow-hidden rounded-2xl bg-steel-900 px-6 py-10 sm:px-12 sm:py-14">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 -z-10 h-72 w-72 rotate-45 border-[28px] border-accent-500/20"
        />
        <div className="flex flex-col gap-8 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 id={headingId} className="text-2xl font-extrabold tracking-tight text-balance text-white sm:text-3xl">
              {title}
            </h2>
            <p className="mt-3 text-base leading-relaxed text-steel-300">{text}</p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row lg:shrink-0">
            <ButtonLink to={primary.href} arrow>
              {primary.label}
            </ButtonLink>
            {secondary && (
              <ButtonLink to={secondary.href} variant="inverse">
                {secondary.label}
              </ButtonLink>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
