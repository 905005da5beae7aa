import { mentionedNames } from "../../../shared/chat.ts";
import type { AccountRef } from "../../plugins/account-events.ts";

/** Mentioned members of a group among its readers, as the send path needs them. */
export function mentionedReaders(readers: readonly AccountRef[], content: string): AccountRef[] {
  const names = new Set(mentionedNames(content).map((name) => name.toLowerCase()));
  if (names.size === 0) return [];
  return readers.filter((reader) => names.has(reader.username.toLowerCase()));
}
