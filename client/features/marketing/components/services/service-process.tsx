import { SectionHeading } from "../shared/section-heading.tsx";

export interface ServiceProcessProps {
  title: string;
  steps: ReadonlyArray<{ title: string; text: string }>;
}

/** The four stages every package goes through, as an ordered list. */
export function ServiceProcess({ title, steps }: ServiceProcessProps) {
  return (
    <section aria-labelledby="process-heading" className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 sm:pt-20">
      <SectionHeading id="process-heading" title={title} />
      <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.title} className="relative border-t-2 border-steel-200 pt-6">
            <span aria-hidden="true" className="absolute -top-[2px] left-0 h-0.5 w-12 bg-accent-500" />
            <p className="font-mono text-sm font-semibold text-accent-700">{String(index + 1).padStart(2, "0")}</p>
            <h3 className="mt-1 text-lg font-bold text-steel-950">{step.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-steel-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
