import { lazy, Suspense } from "react";
import { HomeLanding } from "~/features/marketing/components/home/home-landing";
import { pageMeta } from "~/lib/seo";
import { useSession } from "~/lib/use-session";

// Staff code is split out of the public bundle: it loads only once someone is logged in.
// The Admin Dashboard with the features it composes (shares, pipeline): home/admin-dashboard.tsx.
const AdminDashboard = lazy(() => import("./home/admin-dashboard.tsx"));
// The Employee Dashboard with their assigned work: home/employee-dashboard.tsx.
const EmployeeDashboard = lazy(() => import("./home/employee-dashboard.tsx"));
// The chat (and STOMP) loads only when a dashboard's Internal Chat card shows.
const ChatView = lazy(() => import("~/features/chat/components/chat-view"));

export const meta = () => pageMeta("/");

/** The page shell's body by role (SPEC §2): admin and employee dashboards, or the public landing. */
export default function Home() {
  const session = useSession();
  if (session?.user.role === "admin") {
    return (
      <Suspense fallback={<StaffLoading />}>
        <AdminDashboard chat={<ChatView />} />
      </Suspense>
    );
  }
  if (session?.user.role === "employee") {
    return (
      <Suspense fallback={<StaffLoading />}>
        <EmployeeDashboard chat={<ChatView />} />
      </Suspense>
    );
  }
  return <HomeLanding />;
}

function StaffLoading() {
  return <main id="main" className="min-h-[60vh] bg-steel-50" aria-busy="true" />;
}
