const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];
const format = new Intl.RelativeTimeFormat("en", { numeric: "auto", style: "short" });

/** "now", "5 min. ago", "3 hr. ago", "yesterday"; past a week, the date. */
export function relativeTime(at: string, now: number): string {
  const ms = now - new Date(at).getTime();
  if (!Number.isFinite(ms)) return "";
  if (ms < 60_000) return "now";
  if (ms >= 7 * 86_400_000) return new Date(at).toLocaleDateString(undefined, { dateStyle: "medium" });
  const [unit, size] = units.find(([, size]) => ms >= size) ?? units[2]!;
  return format.format(-Math.floor(ms / size), unit);
}
