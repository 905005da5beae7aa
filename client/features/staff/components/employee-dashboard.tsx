import {
  BookOpen,
  BriefcaseBusiness,
  ClipboardList,
  Gauge,
  GraduationCap,
  IdCard,
  LogOut,
  MessagesSquare,
  RefreshCw,
} from "lucide-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { DashboardSection } from "~/components/dashboard/dashboard-section";
import { MessageBanner } from "~/components/dashboard/message-banner";
import { Button } from "~/components/ui/button";
import { logout as endSession } from "~/lib/logout";
import { useSession } from "~/lib/use-session";
import { useMe } from "../api/get-me.ts";
import { staffMessages } from "../lib/messages.ts";
import { AccessDenied } from "./access-denied.tsx";
import { ChatPanel } from "./chat-panel.tsx";
import { PerformanceRing } from "./performance-ring.tsx";
import { StaffProviders } from "./staff-providers.tsx";

/** The Employee Dashboard (SPEC §2): profile, performance, tasks, learning, the chat and Logout. Employees only. */
/**
 * `chat`: the chat view; `tasks`: the work assigned to the signed-in person. Both are composed in
 * by the route (they are features of their own).
 */
export default function EmployeeDashboard({
  chat,
  tasks,
}: {
  chat: ReactNode;
  tasks: (username: string) => ReactNode;
}) {
  const session = useSession();
  const navigate = useNavigate();
  if (session?.user.role !== "employee") return <AccessDenied message={staffMessages.employeeDenied} />;
  const logout = () => {
    endSession();
    navigate({ pathname: "/", hash: "#home-section" });
  };
  return (
    <StaffProviders>
      <EmployeeDashboardView
        username={session.user.username}
        onLogout={logout}
        chat={chat}
        tasks={tasks(session.user.username)}
      />
    </StaffProviders>
  );
}

const learning = [
  {
    title: "Tekla Structures",
    text: "Custom components, connection macros and clean drawing cloning.",
  },
  {
    title: "SDS2",
    text: "Connection design review and member status tracking.",
  },
  {
    title: "Standards",
    text: "AISC Code of Standard Practice, CISC and Eurocode detailing conventions.",
  },
  {
    title: "Checking",
    text: "Self-check before submission: bolts, welds, holes and erection marks.",
  },
] as const;

function EmployeeDashboardView({
  username,
  onLogout,
  chat,
  tasks,
}: {
  username: string;
  onLogout: () => void;
  chat: ReactNode;
  tasks: ReactNode;
}) {
  const me = useMe();
  const profile = me.data;
  const displayName = profile?.name || username;

  return (
    <main id="main" className="min-h-screen bg-steel-50">
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <p className="text-xs font-bold tracking-[0.14em] text-accent-700 uppercase">Staff area</p>
            <h1 className="mt-1 text-2xl font-bold text-steel-950 sm:text-3xl">Employee Dashboard</h1>
            <p className="mt-1 truncate text-sm text-steel-600">
              Welcome, <span className="font-semibold text-steel-900">{displayName}</span>
            </p>
          </div>
          <Button variant="secondary" onClick={onLogout}>
            <LogOut aria-hidden="true" size={16} />
            Logout
          </Button>
        </header>

        {me.isError && (
          <div className="flex flex-wrap items-center gap-3">
            <MessageBanner
              className="min-w-0 flex-1"
              message="Your profile could not be loaded. Showing what is stored on this device."
            />
            <Button variant="secondary" size="sm" onClick={() => void me.refetch()} loading={me.isFetching}>
              <RefreshCw aria-hidden="true" size={14} />
              Try again
            </Button>
          </div>
        )}

        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          <DashboardSection title="Personal Information" icon={IdCard}>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-3 text-sm">
              <ProfileRow label="Name" value={profile?.name} loading={me.isPending} />
              <ProfileRow label="Username" value={profile?.username ?? username} loading={false} mono />
              <ProfileRow label="Email" value={profile?.email} loading={me.isPending} />
              <ProfileRow label="Job role" value={profile?.jobRole} loading={me.isPending} />
            </dl>
          </DashboardSection>

          <DashboardSection title="Performance Overview" icon={Gauge}>
            {me.isPending ? (
              <div aria-busy="true" className="flex h-32 items-center gap-5">
                <span className="sr-only">Loading…</span>
                <span className="h-32 w-32 animate-pulse rounded-full bg-steel-100" />
                <span className="h-4 w-28 animate-pulse rounded bg-steel-100" />
              </div>
            ) : profile ? (
              <PerformanceRing value={profile.performance} />
            ) : (
              <p className="flex h-32 items-center text-sm text-steel-600">Not available right now.</p>
            )}
          </DashboardSection>

          <DashboardSection
            title="Current Tasks"
            icon={ClipboardList}
            className="md:col-span-2 lg:col-span-1"
            description="Open work assigned to you, soonest follow-up first."
          >
            {tasks}
            {profile && profile.projects.length > 0 && (
              <div className="mt-4">
                <h3 className="text-xs font-bold tracking-wide text-steel-600 uppercase">Projects</h3>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {profile.projects.map((project) => (
                    <li
                      key={project}
                      className="inline-flex items-center gap-1.5 rounded-full border border-steel-200 px-2.5 py-1 text-xs font-medium text-steel-800"
                    >
                      <BriefcaseBusiness aria-hidden="true" size={12} className="shrink-0 text-accent-600" />
                      <span className="min-w-0 break-words">{project}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </DashboardSection>

          <DashboardSection
            title="Skills & Development"
            icon={GraduationCap}
            description="Focus areas for detailers at Northbeam."
          >
            <ul className="space-y-3">
              {learning.map((item) => (
                <li key={item.title} className="flex gap-3">
                  <BookOpen aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-steel-500" />
                  <div className="text-sm">
                    <p className="font-semibold text-steel-900">{item.title}</p>
                    <p className="text-steel-600">{item.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </DashboardSection>

          <DashboardSection
            id="internal-chat"
            title="Internal Chat"
            icon={MessagesSquare}
            description="Private and group conversations with the team."
            className="md:col-span-2"
          >
            <ChatPanel>{chat}</ChatPanel>
          </DashboardSection>
        </div>
      </div>
    </main>
  );
}

function ProfileRow({
  label,
  value,
  loading,
  mono = false,
}: {
  label: string;
  value: string | undefined;
  loading: boolean;
  mono?: boolean;
}) {
  return (
    <>
      <dt className="text-steel-500">{label}</dt>
      <dd className={mono ? "truncate font-mono text-[13px] text-steel-900" : "truncate font-medium text-steel-900"}>
        {loading ? (
          <span className="inline-block h-4 w-32 animate-pulse rounded bg-steel-100 align-middle">
            <span className="sr-only">Loading…</span>
          </span>
        ) : (
          value || <span className="font-normal text-steel-500">Not set</span>
        )}
      </dd>
    </>
  );
}
