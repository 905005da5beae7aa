import type { LucideIcon } from "lucide-react";
import { type ReactNode, type Ref, useId } from "react";
import { cx } from "../ui/cx.ts";

export interface DashboardSectionProps {
  id?: string;
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  /** Buttons or counts on the right of the heading. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
  bodyClassName?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  sectionRef?: Ref<HTMLElement>;
}

/** A titled card of a dashboard: an h2 region with an optional icon, description and actions. */
export function DashboardSection({
  id,
  title,
  description,
  icon: Icon,
  actions,
  children,
  className,
  bodyClassName,
  headingRef,
  sectionRef,
}: DashboardSectionProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      ref={sectionRef}
      aria-labelledby={headingId}
      className={cx("flex scroll-mt-20 flex-col rounded-xl border border-steel-200 bg-white shadow-sm", className)}
    >
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 border-b border-steel-100 px-4 py-4 sm:px-5">
        <div className={cx("flex min-w-0 gap-3", description ? "items-start" : "items-center")}>
          {Icon && (
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-steel-900 text-accent-400">
              <Icon aria-hidden="true" size={18} />
            </span>
          )}
          <div className="min-w-0">
            <h2
              id={headingId}
              ref={headingRef}
              tabIndex={headingRef ? -1 : undefined}
              className="text-base font-bold text-steel-950 focus:outline-none"
            >
              {title}
            </h2>
            {description && <p className="mt-0.5 text-sm text-steel-600">{description}</p>}
          </div>
        </div>
        {actions && <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">{actions}</div>}
      </header>
      {children !== undefined && <div className={cx("flex-1 px-4 py-5 sm:px-5", bodyClassName)}>{children}</div>}
    </section>
  );
}
