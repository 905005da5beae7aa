import type { ReactNode } from "react";
import { AccessDenied } from "~/features/staff/components/access-denied";
import { staffMessages } from "~/features/staff/lib/messages";
import { useSession } from "~/lib/use-session";
import type { AccountKind } from "../../../shared/roles.ts";

/**
 * A workspace page: its heading and body, or SPEC's Access Denied text for a role that may not see
 * it. Not a route (no default export): the pages beside it use it.
 */
export function WorkspacePage({
  title,
  description,
  only,
  wide,
  listTitle,
  children,
}: {
  title: string;
  description?: string;
  /** The one role that may see the page; both when absent. */
  only?: AccountKind;
  /** Full width and height (the chat), without the page's padding. */
  wide?: boolean;
  /**
   * The heading of what the page lists, for the outline only: the features' lists name their items
   * with h3, as they sit under a section's h2 on the dashboards.
   */
  listTitle?: string;
  children: ReactNode;
}) {
  const role = useSession()?.user.role;
  if (only && role !== only) {
    return <AccessDenied message={only === "admin" ? staffMessages.adminDenied : staffMessages.employeeDenied} />;
  }
  if (wide) {
    return (
      <main id="main" tabIndex={-1} className="min-w-0 focus:outline-none">
        <h1 className="sr-only">{title}</h1>
        {listTitle && <h2 className="sr-only">{listTitle}</h2>}
        {children}
      </main>
    );
  }
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-6xl space-y-5 px-4 py-6 focus:outline-none sm:px-6 lg:py-8">
      <header>
        <h1 className="text-2xl font-bold text-steel-950">{title}</h1>
        {description && <p className="mt-1 text-sm text-steel-600">{description}</p>}
      </header>
      {listTitle && <h2 className="sr-only">{listTitle}</h2>}
      {children}
    </main>
  );
}
