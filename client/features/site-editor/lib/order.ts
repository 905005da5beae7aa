/** `ids` with the one at `from` taken out and put at `to` (its index in the new order). */
export function reordered(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/**
 * Where an item dragged from `from` lands when dropped on the item at `over`, before it or after it:
 * its index in the new order, or undefined when it would stay where it is.
 */
export function dropIndex(from: number, over: number, after: boolean): number | undefined {
  const gap = over + (after ? 1 : 0);
  const to = from < gap ? gap - 1 : gap;
  return to === from ? undefined : to;
}
