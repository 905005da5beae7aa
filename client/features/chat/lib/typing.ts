import { chatLimits } from "../../../../shared/chat.ts";
import { type ChatRef, chatKey } from "./chat-ref.ts";

/** Who is typing where (DESIGN §10 TYPING events): each person until `until`, unless their message arrives first. */
export interface TypingState {
  /** By chatKey: the people typing there, in the order they started. */
  byChat: Readonly<Record<string, readonly { username: string; until: number }[]>>;
}

export const initialTyping: TypingState = { byChat: {} };

export type TypingAction =
  | { type: "typing"; chat: ChatRef; from: string; at: number }
  /** Their message arrived: they are done typing it. */
  | { type: "stopped"; chat: ChatRef; from: string }
  | { type: "expired"; now: number };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function typingReducer(
  state: TypingState,
  action: TypingAction,
  showsForMs: number = chatLimits.typingShowsForMs,
): TypingState {
  switch (action.type) {
    case "typing": {
      const key = chatKey(action.chat);
      const people = state.byChat[key] ?? [];
      const until = action.at + showsForMs;
      const known = people.some((person) => same(person.username, action.from));
      const next = known
        ? people.map((person) => (same(person.username, action.from) ? { ...person, until } : person))
        : [...people, { username: action.from, until }];
      return { byChat: { ...state.byChat, [key]: next } };
    }
    case "stopped": {
      const key = chatKey(action.chat);
      const people = state.byChat[key];
      if (!people?.some((person) => same(person.username, action.from))) return state;
      return { byChat: { ...state.byChat, [key]: people.filter((person) => !same(person.username, action.from)) } };
    }
    case "expired": {
      let changed = false;
      const byChat: Record<string, readonly { username: string; until: number }[]> = {};
      for (const [key, people] of Object.entries(state.byChat)) {
        const left = people.filter((person) => person.until > action.now);
        if (left.length !== people.length) changed = true;
        if (left.length > 0) byChat[key] = left;
      }
      return changed ? { byChat } : state;
    }
  }
}

/** The people typing in a chat now. */
export const typingIn = (state: TypingState, chat: ChatRef | null, now: number): string[] =>
  chat
    ? (state.byChat[chatKey(chat)] ?? []).filter((person) => person.until > now).map((person) => person.username)
    : [];

/** When the next person stops showing as typing (ms since epoch), or null. */
export function nextTypingExpiry(state: TypingState): number | null {
  let next: number | null = null;
  for (const people of Object.values(state.byChat)) {
    for (const person of people) next = next === null ? person.until : Math.min(next, person.until);
  }
  return next;
}

/** "Alice is typing…", "Alice and Bob are typing…", "Several people are typing…", or "" when nobody is. */
export function typingText(names: readonly string[]): string {
  if (names.length === 0) return "";
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return "Several people are typing…";
}

/** Whether a keystroke should tell the others again: at most once per `everyMs` in one chat. */
export const typingDue = (lastSent: number | undefined, now: number, everyMs: number = chatLimits.typingEveryMs) =>
  lastSent === undefined || now - lastSent >= everyMs;

/** Whether a `stopped` is worth sending: a TYPING of mine went out there recently enough to still show. */
export const typingStopDue = (
  lastSent: number | undefined,
  now: number,
  showsForMs: number = chatLimits.typingShowsForMs,
) => lastSent !== undefined && now - lastSent < showsForMs;
