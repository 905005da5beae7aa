/** A date and time in the reader's locale and zone, e.g. "12 Mar 2026, 14:05": every staff list and detail. */
export const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

let zone: string | undefined;
/** The browser's time zone, the day "today" means to the person looking; read once (a formatter each time is slow). */
export function browserTimeZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone;
}
