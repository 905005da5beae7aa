import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

const variants = {
  primary: "bg-accent-600 text-white shadow-sm hover:bg-accent-700",
  secondary: "border border-steel-300 bg-white text-steel-900 hover:border-steel-500 hover:bg-steel-50",
  inverse: "border border-steel-500 text-white hover:border-white hover:bg-white/10",
} as const;

export interface ButtonLinkProps {
  to: string;
  children: ReactNode;
  variant?: keyof typeof variants;
  arrow?: boolean;
}

/** A router link styled as a button: the marketing pages' calls to action. */
export function ButtonLink({ to, children, variant = "primary", arrow = false }: ButtonLinkProps) {
  const className = `group inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2.5 text-sm font-semibold transition-colors sm:text-base ${variants[variant]}`;
  const content = (
    <>
      {children}
      {arrow && (
        <ArrowRight
          aria-hidden="true"
          size={18}
          className="transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none"
        />
      )}
    </>
  );
  // An in-page anchor is a plain link: the browser scrolls to it and moves focus along.
  if (to.startsWith("#"))
    return (
      <a href={to} className={className}>
        {content}
      </a>
    );
  return (
    <Link to={to} className={className}>
      {content}
    </Link>
  );
}
