import { chatLimits } from "../../../../shared/chat.ts";

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** SPEC §9: the next older page loads when scrolled within 100 px of the top, one page at a time. */
export function shouldLoadOlder(
  scrollTop: number,
  state: { hasMore: boolean; loading: boolean },
  threshold: number = chatLimits.scrollThresholdPx,
): boolean {
  return state.hasMore && !state.loading && scrollTop <= threshold;
}

/** Whether another page may exist after one came back: a short page (fewer than 20) or `last` ends it. */
export function hasMoreAfter(
  page: { content: readonly unknown[]; last?: boolean },
  pageSize: number = chatLimits.pageSize,
) {
  return page.content.length >= pageSize && page.last !== true;
}

/** SPEC §9: a new message scrolls the list to the end only when the reader is within 100 px of it. */
export function isNearBottom(metrics: ScrollMetrics, threshold: number = chatLimits.scrollThresholdPx): boolean {
  return metrics.scrollHeight - metrics.scrollTop - metrics.clientHeight <= threshold;
}

/**
 * Where to put scrollTop after older messages were inserted above, so the messages the reader was
 * looking at stay where they were: the old position moved down by the height that was added.
 */
export function scrollTopAfterPrepend(before: ScrollMetrics, afterScrollHeight: number): number {
  return Math.max(0, before.scrollTop + (afterScrollHeight - before.scrollHeight));
}

/**
 * Whether the window must scroll to show all of the chat: its top is under the sticky header
 * (`marginTop`, the element's scroll-margin-top) or its bottom is below the viewport.
 */
export function needsReveal(box: { top: number; bottom: number }, viewportHeight: number, marginTop: number): boolean {
  return box.top < marginTop || box.bottom > viewportHeight;
}
