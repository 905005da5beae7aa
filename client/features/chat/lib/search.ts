import { chatLimits } from "../../../../shared/chat.ts";
import type { SearchHit } from "../../../../shared/chat-search.ts";
import { type ChatRef, chatKey } from "./chat-ref.ts";
import { chatOfConversation } from "./conversation-key.ts";

/**
 * What the search box sends: the text trimmed, or null while it is too short to search (DESIGN §10:
 * at least searchQueryMin characters besides spaces) or too long.
 */
export function searchQuery(input: string): string | null {
  const q = input.trim();
  if (q.replace(/\s/g, "").length < chatLimits.searchQueryMin) return null;
  return q.length > chatLimits.searchQueryMax ? null : q;
}

export interface HitGroup {
  /** chatKey of the conversation (stable for React keys). */
  key: string;
  chat: ChatRef;
  hits: SearchHit[];
}

/**
 * The hits of every loaded page by conversation, each conversation where its newest hit is (the
 * server answers newest first). A message listed twice (a page boundary moved while paging) shows once.
 */
export function groupHits(hits: readonly SearchHit[]): HitGroup[] {
  const groups = new Map<string, HitGroup>();
  const seen = new Set<number>();
  for (const hit of hits) {
    if (seen.has(hit.message.id)) continue;
    const chat = chatOfConversation(hit.conversation);
    if (!chat) continue;
    seen.add(hit.message.id);
    const key = chatKey(chat);
    const group = groups.get(key);
    if (group) group.hits.push(hit);
    else groups.set(key, { key, chat, hits: [hit] });
  }
  return [...groups.values()];
}

/** "1 result", "12 results": the count the live region reads out. */
export const resultsLabel = (total: number) => `${total} ${total === 1 ? "result" : "results"}`;

/** What the results' live region says: still searching, failed, nothing for the query, or how many. */
export function searchStatus(state: {
  waiting: boolean;
  failed: boolean;
  total: number;
  query: string | null;
}): string {
  if (state.waiting) return "Searching…";
  if (state.failed) return "Could not search messages.";
  if (state.total === 0) return `No messages match “${state.query}”`;
  return resultsLabel(state.total);
}
