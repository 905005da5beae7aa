import { Link } from "react-router";
import { AssignedWork } from "~/features/pipeline/components/assigned-work";
import { MyDay } from "~/features/projects/components/my-day";
import { useMarkRead, useNotifications } from "~/features/workspace/api/notifications";
import { NotificationList } from "~/features/workspace/components/notification-list";
import { sectionsFor } from "~/features/workspace/lib/sections";
import { useSession } from "~/lib/use-session";
import { WorkspacePage } from "./page.tsx";

export const meta = () => [{ title: "Overview | Workspace | Northbeam" }, { name: "robots", content: "noindex" }];

/** /staff: what needs me (DESIGN §15): my notifications, newest first, and the ways into the workspace. */
export default function Overview() {
  const user = useSession()?.user;
  const role = user?.role ?? "employee";
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const unread = notifications.data?.unreadCount ?? 0;
  return (
    <WorkspacePage title="What needs you" description="Mentions, assignments, follow-ups due and what arrived for you.">
      <div className="grid items-start gap-5 lg:grid-cols-2">
        <section
          aria-labelledby="overview-notifications"
          className="overflow-hidden rounded-xl border border-steel-200 bg-white"
        >
          <div className="flex items-center justify-between gap-3 border-b border-steel-200 px-4 py-3">
            <h2 id="overview-notifications" className="font-bold text-steel-950">
              Notifications{unread > 0 ? ` (${unread} unread)` : ""}
            </h2>
            {unread > 0 && (
              <button
                type="button"
                onClick={() => markRead.mutate({ all: true })}
                className="text-sm font-semibold whitespace-nowrap text-steel-700 underline-offset-2 hover:underline"
              >
                Mark all read
              </button>
            )}
          </div>
          {notifications.isPending ? (
            <p className="px-4 py-6 text-sm text-steel-600" aria-busy="true">
              Loading…
            </p>
          ) : (
            <NotificationList
              items={notifications.data?.content ?? []}
              onOpen={(n) => {
                if (n.readAt === null) markRead.mutate({ ids: [n.id] });
              }}
            />
          )}
        </section>
        <section aria-labelledby="overview-assigned" className="rounded-xl border border-steel-200 bg-white">
          <h2 id="overview-assigned" className="border-b border-steel-200 px-4 py-3 font-bold text-steel-950">
            Assigned to you
          </h2>
          <div className="p-4">
            <AssignedWork me={user?.username ?? ""} />
          </div>
        </section>
        <section aria-labelledby="overview-my-projects" className="rounded-xl border border-steel-200 bg-white">
          <h2 id="overview-my-projects" className="border-b border-steel-200 px-4 py-3 font-bold text-steel-950">
            My projects
          </h2>
          <div className="p-4">
            <MyDay />
          </div>
        </section>
      </div>
      <nav aria-label="Sections" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {sectionsFor(role)
          .filter((section) => section.path !== "/staff")
          .map((section) => (
            <Link
              key={section.path}
              to={section.path}
              className="flex items-center gap-3 rounded-xl border border-steel-200 bg-white px-4 py-3 font-semibold text-steel-900 hover:border-steel-400"
            >
              <section.icon aria-hidden="true" size={18} className="text-steel-500" />
              {section.label}
            </Link>
          ))}
      </nav>
    </WorkspacePage>
  );
}
