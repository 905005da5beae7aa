import type { CatchUpPage, ChatMessage } from "../../../../shared/chat.ts";

/** Asks for the messages after a seq (GET …?after=): ascending, at most one page. */
export type FetchAfter = (after: number, signal?: AbortSignal) => Promise<CatchUpPage>;

/**
 * Every message after `after`, page by page until the server says `last` (DESIGN §10). Each page is
 * handed to `onPage` as it comes, so a long absence shows up progressively. Resolves with the
 * highest seq reached.
 */
export async function catchUpAfter(
  fetchAfter: FetchAfter,
  after: number,
  onPage: (content: readonly ChatMessage[]) => void,
  signal?: AbortSignal,
): Promise<number> {
  let from = after;
  for (;;) {
    const page = await fetchAfter(from, signal);
    if (page.content.length > 0) onPage(page.content);
    const highest = page.content.reduce((max, message) => Math.max(max, message.seq), from);
    // A page that does not move forward would ask for itself again forever.
    if (page.last || highest <= from) return highest;
    from = highest;
  }
}
