import { AtSign, BellRing, CalendarClock, FileInput, FileUser, Inbox, type LucideIcon, UserCheck } from "lucide-react";
import { Link } from "react-router";
import { cx } from "~/components/ui/cx";
import { useNow } from "~/lib/use-now";
import type { Notification, NotificationKind } from "../../../../shared/notifications.ts";
import { relativeTime } from "../lib/relative-time.ts";

const icons: Record<NotificationKind, LucideIcon> = {
  mention: AtSign,
  assigned: UserCheck,
  quoteRequest: Inbox,
  application: FileUser,
  filesReceived: FileInput,
  transmittalResponse: BellRing,
  rfiAnswered: BellRing,
  due: CalendarClock,
};

/** Notifications as links to their addresses, unread ones marked; opening one marks it read. */
export function NotificationList({
  items,
  onOpen,
  empty = "Nothing new. Mentions, assignments and what arrives for you show here.",
}: {
  items: readonly Notification[];
  onOpen: (notification: Notification) => void;
  empty?: string;
}) {
  const now = useNow();
  if (items.length === 0) return <p className="px-4 py-6 text-center text-sm text-steel-600">{empty}</p>;
  return (
    <ul className="divide-y divide-steel-100">
      {items.map((notification) => {
        const Icon = icons[notification.kind];
        const unread = notification.readAt === null;
        return (
          <li key={notification.id}>
            <Link
              to={notification.url}
              onClick={() => onOpen(notification)}
              className={cx(
                "flex items-start gap-3 px-4 py-3 text-sm hover:bg-steel-50 focus-visible:bg-steel-50 focus-visible:outline-none",
                unread ? "text-steel-950" : "text-steel-600",
              )}
            >
              <Icon aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-steel-500" />
              <span className="min-w-0 flex-1">
                <span className={cx("block break-words", unread && "font-semibold")}>{notification.title}</span>
                <time dateTime={notification.at} className="mt-0.5 block text-xs text-steel-500">
                  {relativeTime(notification.at, now)}
                </time>
              </span>
              {unread && (
                <span className="mt-1.5 size-2 shrink-0 rounded-full bg-accent-500">
                  <span className="sr-only">unread</span>
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
