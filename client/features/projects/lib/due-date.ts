const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" });

/** "Due 1 Mar 2027" for a project's calendar day (read as that day wherever the browser is); null without one. */
export const dueDateLabel = (day: string | null): string | null =>
  day ? `Due ${dayFormat.format(new Date(`${day}T00:00:00Z`))}` : null;
