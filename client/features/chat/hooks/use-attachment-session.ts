import { useCallback, useEffect, useState } from "react";
import { sessionStore } from "~/lib/session-store";
import { closeAttachmentSession, openAttachmentSession } from "../api/attachment-session.ts";

/**
 * The http-only cookie that lets `<img>` and download links read attachments: set for each token,
 * renewed after a reconnect, forgotten on logout. `ready` once the first attempt has finished.
 */
export function useAttachmentSession(token: string) {
  const [ready, setReady] = useState(false);

  const refresh = useCallback(() => {
    openAttachmentSession()
      .catch((error: unknown) => console.warn("chat: attachment session failed", error))
      .finally(() => setReady(true));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new token needs a new cookie
  useEffect(() => {
    setReady(false);
    refresh();
  }, [token, refresh]);

  // Logging out removes the stored session before the chat unmounts: forget the cookie too.
  useEffect(
    () => () => {
      if (sessionStore.get() === null) void closeAttachmentSession();
    },
    [],
  );

  return { ready, refresh };
}
