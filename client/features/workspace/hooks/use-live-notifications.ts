import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent } from "react";
import { staffStompClient } from "~/lib/stomp-client";
import { type Notification, notificationSchema, notificationsQueue } from "../../../../shared/notifications.ts";
import { notificationKeys } from "../api/notifications.ts";

/**
 * The bell's live copies (DESIGN §15: STOMP `/user/queue/notifications`): each one refreshes the
 * list and is handed to `onNotification`. Its own socket, reconnecting with backoff; on every
 * (re)connect the list is fetched again, so nothing made while it was away is missed.
 */
export function useLiveNotifications(
  user: { username: string; token: string },
  onNotification: (n: Notification) => void,
) {
  const queryClient = useQueryClient();
  const notify = useEffectEvent(onNotification);
  const { username, token } = user;
  useEffect(() => {
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
        notify(parsed.data);
      });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    };
    client.activate();
    return () => {
      void client.deactivate();
    };
  }, [username, token, queryClient]);
}
