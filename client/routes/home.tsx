import { lazy, Suspense } from "react";
import { useSession } from "~/features/auth/hooks/use-session";
import { HomeLanding } from "~/features/marketing/components/home/home-landing";
import { pageMeta } from "~/lib/seo";

// Staff code is split out of the public bundle: it loads only once someone is logged in.
const AdminDashboard = lazy(() => import("~/features/staff/components/admin-dashboard"));
const EmployeeDashboard = lazy(() => import("~/features/staff/components/employee-dashboard"));

export const meta = () => pageMeta("/");

/** The page shell's body by role (SPEC §2): admin and employee dashboards, or the public landing. */
export default function Home() {
  const session = useSession();
  if (session?.user.role === "admin") {
    return (
      <Suspense fallback={<StaffLoading />}>
        <AdminDashboard />
      </Suspense>
    );
  }
  if (session?.user.role === "employee") {
    return (
      <Suspense fallback={<StaffLoading />}>
        <EmployeeDashboard />
      </Suspense>
    );
  }
  return <HomeLanding />;
}

function StaffLoading() {
  return <main id="main" className="min-h-[60vh] bg-steel-50" aria-busy="true" />;
}
