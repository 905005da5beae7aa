import { useSyncExternalStore } from "react";
import { type Session, sessionStore } from "./session-store.ts";

/** The current session, or null for a visitor (always null while prerendering and hydrating). */
export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.getServer);
}
