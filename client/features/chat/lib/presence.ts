import type { PresenceStatus } from "../../../../shared/chat.ts";

export interface StatusLook {
  label: string;
  /** The dot's colour class. */
  dot: string;
}

/** SPEC §4: ONLINE green, ACTIVE yellow (away), OFFLINE and anything else grey; the label is the text alternative. */
export function statusLook(status: string | undefined): StatusLook {
  if (status === "ONLINE") return { label: "Online", dot: "bg-emerald-500" };
  if (status === "ACTIVE") return { label: "Away", dot: "bg-amber-400" };
  return { label: "Offline", dot: "bg-steel-300" };
}

/** What this page reports on /app/presence: ONLINE when seen and used, ACTIVE when hidden or idle. */
export function presenceFor(state: { hidden: boolean; idle: boolean }): Exclude<PresenceStatus, "OFFLINE"> {
  return state.hidden || state.idle ? "ACTIVE" : "ONLINE";
}

const statusOrder: Record<string, number> = { ONLINE: 0, ACTIVE: 1 };
/** Sorts people: online first, then away, then the rest, each by name. */
export function compareByPresence(
  a: { status: string; name: string; username: string },
  b: { status: string; name: string; username: string },
): number {
  const rank = (statusOrder[a.status] ?? 2) - (statusOrder[b.status] ?? 2);
  if (rank !== 0) return rank;
  return (a.name || a.username).localeCompare(b.name || b.username, undefined, { sensitivity: "base" });
}
