import { MessagesSquare, ScrollText } from "lucide-react";
import { type ReactNode, useState } from "react";
import { DashboardSection } from "~/components/dashboard/dashboard-section";
import { Stat } from "~/components/dashboard/stat";
import { Button } from "~/components/ui/button";
import { useSession } from "~/lib/use-session";
import { applicationsSectionId } from "../../../../shared/applications.ts";
import { quoteRequestsSectionId } from "../../../../shared/quote-requests.ts";
import { useEmployees } from "../api/get-employees.ts";
import { staffMessages } from "../lib/messages.ts";
import { AccessDenied } from "./access-denied.tsx";
import { AuditLogPanel } from "./audit-log-panel.tsx";
import { ChatPanel } from "./chat-panel.tsx";
import { PeoplePanel } from "./people-panel.tsx";
import { StaffProviders } from "./staff-providers.tsx";

/**
 * What other features add to the Admin Dashboard, composed in by the route (features do not import
 * each other). Each renders inside the dashboard's providers (query cache, toasts).
 */
export interface AdminDashboardSlots {
  /** Headline numbers after the accounts' own (the shared files). */
  stats?: ReactNode;
  /** What needs attention first, above the section links (the pipeline's overview). */
  overview?: ReactNode;
  /** Sections after the employee list: shared files and file requests. */
  files?: ReactNode;
  /** Sections after those: quote requests and job applications. */
  pipeline?: ReactNode;
  /** The chat view (a lazy component: it loads when the Internal Chat card opens). */
  chat: ReactNode;
}

/** The Admin Dashboard (SPEC §2): accounts, shared files, quote requests, applications and the chat. Admins only. */
export default function AdminDashboard(slots: AdminDashboardSlots) {
  const session = useSession();
  if (session?.user.role !== "admin") return <AccessDenied message={staffMessages.adminDenied} />;
  return (
    <StaffProviders>
      <AdminDashboardView username={session.user.username} {...slots} />
    </StaffProviders>
  );
}

const sectionLinks = [
  { href: "#register-employee", label: "Register" },
  { href: "#employee-list", label: "Employees" },
  { href: "#upload-files", label: "Files" },
  { href: "#file-requests", label: "File requests" },
  { href: `#${quoteRequestsSectionId}`, label: "Quote requests" },
  { href: `#${applicationsSectionId}`, label: "Applications" },
  { href: "#internal-chat", label: "Chat" },
  { href: "#audit-log", label: "Audit log" },
] as const;

function AdminDashboardView({
  username,
  stats,
  overview,
  files,
  pipeline,
  chat,
}: AdminDashboardSlots & { username: string }) {
  // A link or notification naming a chat (?chat=user:alice) opens the chat right away.
  const [chatOpen, setChatOpen] = useState(() => new URLSearchParams(window.location.search).has("chat"));

  return (
    <main id="main" className="min-h-screen bg-steel-50">
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
        <header className="flex flex-wrap items-end justify-between gap-x-6 gap-y-4">
          <div>
            <p className="text-xs font-bold tracking-[0.14em] text-accent-700 uppercase">Staff area</p>
            <h1 className="mt-1 text-2xl font-bold text-steel-950 sm:text-3xl">Admin Dashboard</h1>
            <p className="mt-1 text-sm text-steel-600">
              Signed in as <span className="font-semibold text-steel-900">{username}</span>
            </p>
          </div>
          <Stats>{stats}</Stats>
        </header>

        {overview}

        <nav aria-label="Dashboard sections" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <ul className="flex gap-1.5">
            {sectionLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="inline-flex h-8 items-center rounded-full border border-steel-200 bg-white px-3 text-sm font-medium whitespace-nowrap text-steel-700 hover:border-steel-400 hover:text-steel-950"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <PeoplePanel />

        {files}

        {pipeline}

        <DashboardSection
          id="internal-chat"
          title="Internal Chat"
          description="Private and group conversations with the team."
          icon={MessagesSquare}
          actions={
            <Button
              variant={chatOpen ? "secondary" : "primary"}
              onClick={() => setChatOpen((open) => !open)}
              aria-expanded={chatOpen}
              aria-controls={chatOpen ? "internal-chat-body" : undefined}
            >
              <MessagesSquare aria-hidden="true" size={16} />
              {chatOpen ? "Hide Chat" : "Open Chat"}
            </Button>
          }
        >
          {chatOpen ? (
            <div id="internal-chat-body">
              <ChatPanel>{chat}</ChatPanel>
            </div>
          ) : undefined}
        </DashboardSection>

        <DashboardSection
          id="audit-log"
          title="Audit log"
          description="Every change an admin makes and every admin login. Entries are never changed."
          icon={ScrollText}
        >
          <AuditLogPanel />
        </DashboardSection>
      </div>
    </main>
  );
}

/** Headline numbers from the lists the dashboard loads anyway; `children`: those of other features. */
function Stats({ children }: { children?: ReactNode }) {
  const employees = useEmployees();
  const active = employees.data?.filter((employee) => employee.status === "active").length;
  return (
    <dl className="grid w-full grid-cols-3 gap-2 sm:w-auto sm:gap-3">
      <Stat label="Employees" value={employees.data?.length} />
      <Stat label="Active" value={active} />
      {children}
    </dl>
  );
}
