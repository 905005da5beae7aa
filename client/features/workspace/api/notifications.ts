import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import type { MarkNotificationsRead, NotificationList } from "../../../../shared/notifications.ts";

export const notificationKeys = { all: ["notifications"] as const };

/** GET /api/notifications: the newest 50 and the unread count (DESIGN §15). */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => apiFetch<NotificationList>("/api/notifications", { signal }),
    // Live copies arrive on the socket (use-live-notifications.ts); this is the fallback.
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });

export const useNotifications = () => useQuery(notificationsQueryOptions());

/** POST /api/notifications/read with `{ids}` or `{all: true}`; the list follows at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: MarkNotificationsRead) =>
      apiFetch<{ marked: number; unreadCount: number }>("/api/notifications/read", { method: "POST", body: which }),
    onMutate: (which) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<NotificationList>(notificationKeys.all, (list) => {
        if (!list) return list;
        const marks = (id: number) => "all" in which || which.ids.includes(id);
        const content = list.content.map((n) => (n.readAt === null && marks(n.id) ? { ...n, readAt: now } : n));
        const newlyRead = list.content.filter((n) => n.readAt === null && marks(n.id)).length;
        return { content, unreadCount: "all" in which ? 0 : Math.max(0, list.unreadCount - newlyRead) };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
