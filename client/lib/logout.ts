import { sessionStore } from "./session-store.ts";

/**
 * Logout (SPEC §3): the session is forgotten here at once (the UI does not wait), and ended on
 * the server, so its token stops working everywhere, open chat sockets included (DESIGN §14).
 */
export function logout(): void {
  const session = sessionStore.get();
  sessionStore.clear();
  if (!session) return;
  void fetch("/api/auth/logout", {
    method: "POST",
    headers: { authorization: `Bearer ${session.token}` },
    credentials: "include",
    keepalive: true,
  }).catch(() => undefined);
}
