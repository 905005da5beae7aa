const MINUTE = 60_000;

/** The form asks for hours; the API takes expiryMinutes = hours × 60 (DESIGN §5). */
export function hoursToMinutes(hours: number): number {
  return Math.round(hours * 60);
}

/**
 * The countdown of a shared link, to the minute: "expires in 9 h 59 min", "expires in 2 d 3 h",
 * "expires in 12 min", "expires in less than a minute", "expired".
 */
export function expiryText(expiryDate: string, now: number): string {
  const end = Date.parse(expiryDate);
  if (Number.isNaN(end)) return "expiry unknown";
  const left = end - now;
  if (left <= 0) return "expired";
  const minutes = Math.floor(left / MINUTE);
  if (minutes < 1) return "expires in less than a minute";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `expires in ${days} d ${hours} h` : `expires in ${days} d`;
  if (hours > 0) return rest > 0 ? `expires in ${hours} h ${rest} min` : `expires in ${hours} h`;
  return `expires in ${rest} min`;
}

export type ExpiryUrgency = "expired" | "soon" | "ok";

/** Under an hour left is "soon" (shown in amber). */
export function expiryUrgency(expiryDate: string, now: number): ExpiryUrgency {
  const left = Date.parse(expiryDate) - now;
  if (!(left > 0)) return "expired";
  return left < 60 * MINUTE ? "soon" : "ok";
}

/** When a link stops working, short ("Tue 12 Mar, 14:05"): the upload form's and the extend dialog's preview. */
export const expiryDateFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});
