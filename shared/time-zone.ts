/**
 * Calendar days in a time zone, with the runtime's Intl data only (the browser's and Node's): when a
 * person's day starts and ends, whatever their offset or a clock change.
 */

/** Whether `name` is a time zone this runtime knows (IANA, such as `America/Chicago`, or `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * One formatter per zone: making one costs far more than using it (a list of 200 follow-ups made
 * 1 200 of them, a quarter of a second of a staff page's first render). Only zones the runtime
 * knows reach here, but a caller's `tz` may spell one in any case ("america/chicago"), so the
 * cap, not the IANA database, is what bounds the cache.
 */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
const MAX_CACHED_ZONES = 1_000;

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    if (wallClocks.size >= MAX_CACHED_ZONES) wallClocks.clear();
    wallClocks.set(timeZone, format);
  }
  return format;
}

function wallTime(instant: number, timeZone: string): WallTime {
  const parts = wallClock(timeZone).formatToParts(instant);
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: value("year"),
    month: value("month"),
    day: value("day"),
    hour: value("hour"),
    minute: value("minute"),
    second: value("second"),
  };
}

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallTime(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The instant a calendar day begins in `timeZone` (a day that overflows its month rolls over). */
function dayStart(year: number, month: number, day: number, timeZone: string): Date {
  const midnight = Date.UTC(year, month - 1, day);
  // The offset at midnight local time: guess with the offset at midnight UTC, then correct once
  // with the offset at that guess (they differ when a clock change falls in between).
  const guess = midnight - offsetAt(midnight, timeZone);
  return new Date(midnight - offsetAt(guess, timeZone));
}

/** The start of `now`'s day and of the next one, in `timeZone`. */
export function dayBounds(now: Date, timeZone: string): { today: Date; tomorrow: Date } {
  const wall = wallTime(now.getTime(), timeZone);
  return {
    today: dayStart(wall.year, wall.month, wall.day, timeZone),
    tomorrow: dayStart(wall.year, wall.month, wall.day + 1, timeZone),
  };
}
