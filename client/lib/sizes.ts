// Public pages use this too: nothing from client/features may be imported here.

/**
 * "512 B", "14.1 KB", "3.4 MB", "2 GB": a size in powers of 1024, to three figures, rounded down,
 * so that what is left is never shown larger than it is (499.7 MB left is not "500 MB").
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "–";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = value >= 100 ? String(Math.floor(value)) : (Math.floor(value * 10) / 10).toFixed(1).replace(/\.0$/, "");
  return `${text} ${units[unit]}`;
}
