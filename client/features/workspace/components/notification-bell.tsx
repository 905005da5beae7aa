import { Bell } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useMarkRead, useNotifications } from "../api/notifications.ts";
import { NotificationList } from "./notification-list.tsx";

/** The bell on every staff page (DESIGN §15): the unread count, and the newest notifications in a panel. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const unread = notifications.data?.unreadCount ?? 0;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        className="relative inline-flex size-10 items-center justify-center rounded-md text-steel-700 hover:bg-steel-100 hover:text-steel-950"
      >
        <Bell aria-hidden="true" size={20} />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="bell-count"
            className="absolute top-1 right-1 min-w-4.5 rounded-full bg-red-700 px-1 text-center text-[11px] leading-4.5 font-bold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-xl border border-steel-200 bg-white shadow-xl"
        >
          <div className="flex items-center justify-between gap-2 border-b border-steel-200 px-4 py-2.5">
            <h2 className="text-sm font-bold text-steel-950">Notifications</h2>
            <Button variant="ghost" size="sm" disabled={unread === 0} onClick={() => markRead.mutate({ all: true })}>
              Mark all read
            </Button>
          </div>
          <div className="max-h-[min(28rem,70vh)] overflow-y-auto">
            {notifications.isError ? (
              <p role="alert" className="px-4 py-6 text-center text-sm text-red-800">
                Notifications could not be loaded.
              </p>
            ) : (
              <NotificationList
                items={notifications.data?.content ?? []}
                onOpen={(notification) => {
                  if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
                  setOpen(false);
                }}
              />
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
