import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent } from "react";
import { apiFetch } from "~/lib/api-client";
import { staffStompClient } from "~/lib/stomp-client";
import { chatDestinations, chatPaths } from "../../../../shared/chat.ts";
import { type Notification, notificationSchema, notificationsQueue } from "../../../../shared/notifications.ts";
import { countKeys } from "../api/counts.ts";
import { notificationKeys } from "../api/notifications.ts";

/** Many messages in a burst ask for the unread count once. */
const COUNT_REFRESH_MS = 1_000;

/**
 * The workspace's live feed (DESIGN §15): the bell's copies on STOMP `/user/queue/notifications`,
 * each refreshing the list and what is on screen, and handed to `onNotification`; and the chat's private queue and the
 * person's groups, which refresh the side navigation's unread count. Its own socket, reconnecting
 * with backoff; on every (re)connect the lists are fetched again, so nothing made while it was
 * away is missed.
 */
export function useLiveNotifications(
  user: { username: string; token: string },
  onNotification: (n: Notification) => void,
) {
  const queryClient = useQueryClient();
  const notify = useEffectEvent(onNotification);
  const { username, token } = user;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refreshUnread = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: countKeys.chatUnread });
      }, COUNT_REFRESH_MS);
    };
    const client = staffStompClient({ username, token });
    client.onConnect = () => {
      client.subscribe(`/user${notificationsQueue}`, (frame) => {
        let parsed: ReturnType<typeof notificationSchema.safeParse>;
        try {
          parsed = notificationSchema.safeParse(JSON.parse(frame.body));
        } catch {
          return;
        }
        if (!parsed.success) return;
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        void queryClient.invalidateQueries({ queryKey: countKeys.quotesDue });
        // What a notice tells of (a client's review, an RFI's answer, a new request, an assignment)
        // changed data that may be on screen: what is shown is read again. A mention is the chat's,
        // which keeps itself current over its own socket: a busy chat refetches nothing else.
        if (parsed.data.kind !== "mention") {
          void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== "chat" });
        }
        notify(parsed.data);
      });
      client.subscribe(chatDestinations.privateQueue(username), refreshUnread);
      // The groups as they are now; one joined later is counted at the next reconnect or refresh.
      apiFetch<{ id: number }[]>(chatPaths.myGroups).then(
        (groups) => {
          if (!client.connected) return;
          for (const group of groups) client.subscribe(chatDestinations.group(group.id), refreshUnread);
        },
        (error: unknown) => console.warn("workspace: groups not followed", error),
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      void queryClient.invalidateQueries({ queryKey: countKeys.chatUnread });
    };
    client.activate();
    return () => {
      clearTimeout(timer);
      void client.deactivate();
    };
  }, [username, token, queryClient]);
}
