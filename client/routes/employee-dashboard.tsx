import { lazy, Suspense, useSyncExternalStore } from "react";

const EmployeeDashboard = lazy(() => import("./home/employee-dashboard.tsx"));
// The chat (and STOMP) loads only when the dashboard's Internal Chat card shows.
const ChatView = lazy(() => import("~/features/chat/components/chat-view"));

export const meta = () => [{ title: "Employee Dashboard | Northbeam" }, { name: "robots", content: "noindex" }];

const subscribeNever = () => () => {};

/** Client-only: the dashboard decides (from the stored session) whether to show itself or Access Denied. */
export default function EmployeeDashboardRoute() {
  const mounted = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  if (!mounted) return <main id="main" className="min-h-[60vh] bg-steel-50" aria-busy="true" />;
  return (
    <Suspense fallback={<main id="main" className="min-h-[60vh] bg-steel-50" aria-busy="true" />}>
      <EmployeeDashboard chat={<ChatView />} />
    </Suspense>
  );
}
