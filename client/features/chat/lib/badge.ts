import { chatLimits } from "../../../../shared/chat.ts";

/** The unread badge's text: nothing for 0, "99+" above 99 (SPEC §9). */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > chatLimits.badgeMax ? `${chatLimits.badgeMax}+` : String(Math.floor(count));
}

/** What a screen reader hears for the badge. */
export function unreadLabel(count: number): string | null {
  const text = badgeText(count);
  if (text === null) return null;
  return `${text} unread ${count === 1 ? "message" : "messages"}`;
}

/** What a screen reader hears for the mention badge (DESIGN §10: an unread message @mentions me). */
export const mentionLabel = "You were mentioned";
