import { chatLimits } from "../../../shared/chat.ts";
import { escapeHtml } from "../../lib/html-page.ts";

/** A search's words: what is matched exactly, and the last word, matched as a prefix (DESIGN §10). */
export interface SearchTerms {
  exact: string[];
  prefix: string | undefined;
}

const WORD = /[\p{L}\p{N}]+/gu;
const MAX_TERMS = 12;

/**
 * The words of a query, lower-cased as the `simple` text-search configuration stores them (decision
 * 018). The last word is a prefix when it has two characters or more (one would match half the
 * vocabulary). Undefined when the query has no word at all.
 */
export function searchTerms(query: string): SearchTerms | undefined {
  const words = [...new Set((query.toLowerCase().match(WORD) ?? []).map((word) => word.slice(0, 64)))].slice(
    0,
    MAX_TERMS,
  );
  const last = words.at(-1);
  if (last === undefined) return undefined;
  if (last.length < 2) return { exact: words, prefix: undefined };
  return { exact: words.slice(0, -1), prefix: last };
}

/**
 * The `to_tsquery` text for the terms: every word must appear. Words hold only letters and digits,
 * so nothing in them is query syntax; they are quoted all the same.
 */
export function toTsQuery(terms: SearchTerms): string {
  const parts = terms.exact.map((word) => `'${word}'`);
  if (terms.prefix !== undefined) parts.push(`'${terms.prefix}':*`);
  return parts.join(" & ");
}

const isHit = (word: string, terms: SearchTerms) => {
  const lower = word.toLowerCase();
  return terms.exact.includes(lower) || (terms.prefix !== undefined && lower.startsWith(terms.prefix));
};

/**
 * The message text as a search hit shows it: escaped HTML with each matching word wrapped in
 * <mark>, cut to `chatLimits.searchHighlightChars` around the first hit (… where it is cut).
 */
export function highlight(
  content: string,
  terms: SearchTerms,
  maxChars: number = chatLimits.searchHighlightChars,
): string {
  const words = [...content.matchAll(WORD)];
  const firstHit = words.find((match) => isHit(match[0], terms))?.index ?? 0;
  let start = 0;
  let end = content.length;
  if (content.length > maxChars) {
    start = Math.max(0, Math.min(firstHit - Math.floor(maxChars / 4), content.length - maxChars));
    // Start and end on a word's edge, not inside one.
    while (start > 0 && /[\p{L}\p{N}]/u.test(content[start - 1] ?? "")) start--;
    end = Math.min(content.length, start + maxChars);
    while (end < content.length && /[\p{L}\p{N}]/u.test(content[end] ?? "")) end++;
  }
  let html = start > 0 ? "…" : "";
  let at = start;
  for (const match of words) {
    const index = match.index ?? 0;
    if (index < start || index + match[0].length > end) continue;
    if (!isHit(match[0], terms)) continue;
    html += `${escapeHtml(content.slice(at, index))}<mark>${escapeHtml(match[0])}</mark>`;
    at = index + match[0].length;
  }
  html += escapeHtml(content.slice(at, end));
  if (end < content.length) html += "…";
  return html;
}
