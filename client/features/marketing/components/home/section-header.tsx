import type { ReactNode } from "react";

interface SectionHeaderProps {
  eyebrow?: string;
  title: string;
  /** The heading's id, for aria-labelledby. */
  titleId?: string;
  lead?: ReactNode;
  /** Light text for dark blocks. */
  tone?: "light" | "dark";
  align?: "start" | "center";
  className?: string;
}

/** Eyebrow, h2 and lead paragraph: the same heading treatment on every home block. */
export function SectionHeader({
  eyebrow,
  title,
  titleId,
  lead,
  tone = "light",
  align = "start",
  className = "",
}: SectionHeaderProps) {
  const onDark = tone === "dark";
  return (
    <div className={`max-w-2xl ${align === "center" ? "mx-auto text-center" : ""} ${className}`}>
      {eyebrow && (
        <p
          className={`text-xs font-bold tracking-[0.16em] uppercase sm:text-sm ${onDark ? "text-accent-400" : "text-accent-700"}`}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={titleId}
        className={`mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${onDark ? "text-white" : "text-steel-950"}`}
      >
        {title}
      </h2>
      {lead && (
        <p className={`mt-4 text-base leading-relaxed sm:text-lg ${onDark ? "text-steel-300" : "text-steel-600"}`}>
          {lead}
        </p>
      )}
    </div>
  );
}
