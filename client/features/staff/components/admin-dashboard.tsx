import { FileUser, Inbox, MessagesSquare, ScrollText } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useSession } from "~/lib/use-session";
import { useEmployees } from "../api/get-employees.ts";
import { useFiles } from "../api/get-files.ts";
import type { Employee } from "../api/types.ts";
import { staffMessages } from "../lib/messages.ts";
import { AccessDenied } from "./access-denied.tsx";
import { ApplicationsPanel } from "./applications-panel.tsx";
import { AuditLogPanel } from "./audit-log-panel.tsx";
import { ChatPanel } from "./chat-panel.tsx";
import { DashboardSection } from "./dashboard-section.tsx";
import { EditEmployeeForm } from "./edit-employee-form.tsx";
import { EmployeeList, editButtonAttr } from "./employee-list.tsx";
import { FileRequests } from "./file-requests.tsx";
import { PipelineOverview, pipelineSectionIds } from "./pipeline-overview.tsx";
import { QuoteRequestsPanel } from "./quote-requests-panel.tsx";
import { RegisterEmployeeForm } from "./register-employee-form.tsx";
import { StaffProviders } from "./staff-providers.tsx";
import { UploadFiles } from "./upload-files.tsx";

/** The Admin Dashboard (SPEC §2): accounts, shared files, leads, applications and the chat. Admins only. */
/** `chat`: the chat view, composed in by the route (the chat is a feature of its own). */
export default function AdminDashboard({ chat }: { chat: ReactNode }) {
  const session = useSession();
  if (session?.user.role !== "admin") return <AccessDenied message={staffMessages.adminDenied} />;
  return (
    <StaffProviders>
      <AdminDashboardView username={session.user.username} chat={chat} />
    </StaffProviders>
  );
}

const sectionLinks = [
  { href: "#register-employee", label: "Register" },
  { href: "#employee-list", label: "Employees" },
  { href: "#upload-files", label: "Files" },
  { href: "#file-requests", label: "File requests" },
  { href: `#${pipelineSectionIds.quoteRequests}`, label: "Quote requests" },
  { href: `#${pipelineSectionIds.applications}`, label: "Applications" },
  { href: "#internal-chat", label: "Chat" },
  { href: "#audit-log", label: "Audit log" },
] as const;

function AdminDashboardView({ username, chat }: { username: string; chat: ReactNode }) {
  const [editing, setEditing] = useState<Employee | null>(null);
  const [listMessage, setListMessage] = useState<string | null>(null);
  // A link or notification naming a chat (?chat=user:alice) opens the chat right away.
  const [chatOpen, setChatOpen] = useState(() => new URLSearchParams(window.location.search).has("chat"));
  const returnFocusTo = useRef<number | null>(null);

  // When the edit form closes, focus goes back to the Edit button that opened it.
  useEffect(() => {
    if (editing !== null || returnFocusTo.current === null) return;
    const id = returnFocusTo.current;
    returnFocusTo.current = null;
    document.querySelector<HTMLElement>(`[${editButtonAttr}="${id}"]`)?.focus();
  }, [editing]);

  function closeEdit(saved: boolean) {
    returnFocusTo.current = editing?.id ?? null;
    setEditing(null);
    if (saved) setListMessage(staffMessages.updated);
  }

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
          <Stats />
        </header>

        <PipelineOverview />

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

        <RegisterEmployeeForm />

        <EmployeeList
          editingId={editing?.id ?? null}
          onEdit={(employee) => {
            setListMessage(null);
            setEditing(employee);
          }}
          onDeleted={(id) => {
            if (editing?.id === id) setEditing(null);
          }}
          message={listMessage}
          onMessage={setListMessage}
        />

        {editing && <EditEmployeeForm key={editing.id} employee={editing} onClose={closeEdit} />}

        <UploadFiles />

        <FileRequests />

        <DashboardSection
          id={pipelineSectionIds.quoteRequests}
          title="Contact Form Submissions"
          description="Quote requests from prospective clients."
          icon={Inbox}
        >
          <QuoteRequestsPanel me={username} />
        </DashboardSection>

        <DashboardSection
          id={pipelineSectionIds.applications}
          title="Job Applications"
          description="Applications and CVs from the career page."
          icon={FileUser}
        >
          <ApplicationsPanel />
        </DashboardSection>

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

/** Headline numbers from the lists the dashboard loads anyway. */
function Stats() {
  const employees = useEmployees();
  const files = useFiles();
  const active = employees.data?.filter((employee) => employee.status === "active").length;
  const stats = [
    { label: "Employees", value: employees.data?.length },
    { label: "Active", value: active },
    { label: "Shared files", value: files.data?.length },
  ];
  return (
    <dl className="grid w-full grid-cols-3 gap-2 sm:w-auto sm:gap-3">
      {stats.map((stat) => (
        <div key={stat.label} className="rounded-lg border border-steel-200 bg-white px-4 py-2.5 shadow-sm sm:min-w-28">
          <dt className="text-xs font-medium text-steel-500">{stat.label}</dt>
          <dd className="mt-0.5 text-xl font-bold text-steel-950 tabular-nums">{stat.value ?? "–"}</dd>
        </div>
      ))}
    </dl>
  );
}
