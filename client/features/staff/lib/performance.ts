/** A performance score clamped to a whole 0–100. */
export function clampPerformance(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** "82%" */
export const formatPercent = (value: number) => `${clampPerformance(value)}%`;

export type PerformanceBand = { label: string; tone: "high" | "mid" | "low" | "none" };

/** A word for the score next to the ring on the employee dashboard. 0 is a new account's default: not rated yet. */
export function performanceBand(value: number): PerformanceBand {
  const score = clampPerformance(value);
  if (score === 0) return { label: "Not rated yet", tone: "none" };
  if (score >= 85) return { label: "Excellent", tone: "high" };
  if (score >= 70) return { label: "On track", tone: "high" };
  if (score >= 50) return { label: "Developing", tone: "mid" };
  return { label: "Needs support", tone: "low" };
}

/** Up to two initials for an avatar: "Jane Doe" → "JD", "jdoe" → "J". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}
