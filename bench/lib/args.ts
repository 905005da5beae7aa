/** The benches' command-line numbers. */

/** `raw` as a whole number from `min` to `max`, or undefined. */
export function parseWholeNumber(raw: string, min: number, max: number): number | undefined {
  const n = Number(raw);
  return raw.trim() !== "" && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/** Option --`name` as a whole number from `min` to `max`; otherwise says so (as `bench`) and exits with 2. */
export function wholeNumber(bench: string, name: string, raw: string, min: number, max: number): number {
  const n = parseWholeNumber(raw, min, max);
  if (n === undefined) {
    console.error(`${bench}: --${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(raw)})`);
    process.exit(2);
  }
  return n;
}
