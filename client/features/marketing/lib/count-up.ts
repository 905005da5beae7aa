/** SPEC §9: the key numbers count up over 2.5 s. */
export const COUNTER_DURATION_MS = 2500;

export type Easing = (t: number) => number;

/** Fast start, gentle landing: the number settles onto its target instead of stopping dead. */
export const easeOutCubic: Easing = (t) => 1 - (1 - t) ** 3;

/** Fraction of the animation done after `elapsedMs`, clamped to [0, 1]. */
export function progressAt(elapsedMs: number, durationMs: number): number {
  if (!(durationMs > 0)) return 1;
  if (!(elapsedMs > 0)) return 0;
  return Math.min(1, elapsedMs / durationMs);
}

/** The whole number a counter shows `elapsedMs` into its animation: 0 at the start, `target` from the end on. */
export function counterValue(
  target: number,
  elapsedMs: number,
  durationMs: number = COUNTER_DURATION_MS,
  easing: Easing = easeOutCubic,
): number {
  const t = progressAt(elapsedMs, durationMs);
  if (t >= 1) return target;
  return Math.round(target * easing(t));
}
