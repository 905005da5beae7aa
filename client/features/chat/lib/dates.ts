/** Date separators and timestamps of the message list, in the viewer's local time. */

/** The local calendar day of a date, "2025-06-02": messages with the same key share a separator. */
export function dayKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

/** "Today", "Yesterday", else the date ("Monday, June 2", with the year when it is not this year). */
export function dayLabel(date: Date, now: Date = new Date(), locale?: string): string {
  const key = dayKey(date);
  if (key === dayKey(now)) return "Today";
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (key === dayKey(yesterday)) return "Yesterday";
  return new Intl.DateTimeFormat(locale, {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: date.getFullYear() === now.getFullYear() ? undefined : "numeric",
  }).format(date);
}

/** "14:05" or "2:05 PM", as the viewer's locale writes times. */
export function formatTime(date: Date, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" }).format(date);
}

/** The full date and time, for a timestamp's tooltip and `dateTime` companions. */
export function formatDateTime(date: Date, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

export interface DayGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/** Splits a list sorted by time into runs of one day each, with the separator's label. */
export function groupByDay<T>(
  items: readonly T[],
  timeOf: (item: T) => Date,
  now: Date = new Date(),
  locale?: string,
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const date = timeOf(item);
    const key = dayKey(date);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.items.push(item);
    else groups.push({ key, label: dayLabel(date, now, locale), items: [item] });
  }
  return groups;
}

/** Two messages this close together from one sender are drawn as one block (no repeated name). */
export const SAME_BLOCK_MS = 5 * 60_000;

export function continuesBlock(
  previous: { sender: string; timestamp: string } | undefined,
  next: { sender: string; timestamp: string },
): boolean {
  if (!previous || previous.sender !== next.sender) return false;
  const gap = Date.parse(next.timestamp) - Date.parse(previous.timestamp);
  return gap >= 0 && gap < SAME_BLOCK_MS;
}
