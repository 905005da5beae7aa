import { useCallback, useEffect, useState } from "react";
import type { ChatUser, PresenceStatus } from "../../../../shared/chat.ts";
import type { PresenceUpdate } from "../../../../shared/realtime.ts";

/**
 * Everyone's presence: the users list's statuses, with the live updates from /topic/user-status on
 * top until the list is read again.
 */
export function useLiveStatuses(usersByName: ReadonlyMap<string, ChatUser>, listUpdatedAt: number) {
  const [live, setLive] = useState<Record<string, PresenceStatus>>({});

  // A fresh list already holds the current presence.
  useEffect(() => {
    if (listUpdatedAt) setLive({});
  }, [listUpdatedAt]);

  const update = useCallback((change: PresenceUpdate) => {
    setLive((previous) => ({ ...previous, [change.username.toLowerCase()]: change.status }));
  }, []);

  const statusOf = useCallback(
    (username: string): PresenceStatus =>
      live[username.toLowerCase()] ?? usersByName.get(username.toLowerCase())?.status ?? "OFFLINE",
    [live, usersByName],
  );

  return { statusOf, update };
}
