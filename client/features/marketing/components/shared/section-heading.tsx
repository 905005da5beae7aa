export interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  align?: "left" | "center";
  /** On dark sections the colours flip. */
  tone?: "light" | "dark";
}

/** Eyebrow, <h2> and intro for a page section; `id` labels the section via aria-labelledby. */
export function SectionHeading({ id, eyebrow, title, intro, align = "left", tone = "light" }: SectionHeadingProps) {
  const dark = tone === "dark";
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow && (
        <p
          className={`text-xs font-bold tracking-[0.2em] uppercase sm:text-sm ${dark ? "text-accent-400" : "text-accent-700"}`}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={`mt-2 text-2xl leading-tight font-extrabold tracking-tight text-balance sm:text-3xl ${dark ? "text-white" : "text-steel-950"}`}
      >
        {title}
      </h2>
      {intro && (
        <p className={`mt-4 text-base leading-relaxed ${dark ? "text-steel-300" : "text-steel-600"}`}>{intro}</p>
      )}
    </div>
  );
}
