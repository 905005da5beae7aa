const units = ["B", "KB", "MB", "GB", "TB"] as const;

/**
 * A byte count as people read it, in powers of 1024 to three figures, rounded to the nearest:
 * "812 B", "4.2 KB", "3.4 MB", "250 MB", "1.5 GB"; "–" for what is not a size (negative, NaN, ∞).
 * The one formatter of the client, the server's messages and e-mails, and the command line.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "–";
  let unit = 0;
  let value = Math.round(bytes);
  // Rounding may reach 1024 ("1023.96 KB" is "1 MB", not "1024 KB"): the unit is chosen after it.
  while (unit < units.length - 1 && value >= 1024) {
    unit += 1;
    const scaled = bytes / 1024 ** unit;
    value = scaled >= 99.95 ? Math.round(scaled) : Math.round(scaled * 10) / 10;
  }
  return `${value} ${units[unit]}`;
}
