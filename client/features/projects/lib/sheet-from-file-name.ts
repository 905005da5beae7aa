/**
 * The sheet a PDF's file name names, as detailers name them: `E-101_RevB.pdf`, `E-101 rev B.pdf`,
 * `E-101-B.pdf`, `E-101.pdf`, `JOB-1 E-101 (Rev 2).pdf`. The number is one of the register's
 * (the longest that stands alone in the name, any case); the revision is what follows it, when
 * it reads as one.
 */
export interface SheetMatch {
  number: string;
  /** Null when the name gives none (the sheet's expected next revision applies). */
  revision: string | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What may follow a sheet number in a name: a revision, after separators and an optional "rev". */
const revisionAfter = /^[\s_.()[\]-]*(?:rev(?:ision)?[\s_.:#-]*)?([A-Za-z]{1,2}|\d{1,3})[\s)\]]*$/i;

export function sheetFromFileName(fileName: string, numbers: readonly string[]): SheetMatch | null {
  const base = fileName.replace(/\.pdf$/i, "").trim();
  let best: { number: string; rest: string } | null = null;
  for (const number of numbers) {
    if (best && number.length <= best.number.length) continue;
    // The number standing alone: no letter or digit right before or after it.
    const found = new RegExp(`(?:^|[^A-Za-z0-9])${escapeRegExp(number)}(?![A-Za-z0-9]|[._-][0-9])`, "i").exec(base);
    if (found) best = { number, rest: base.slice(found.index + found[0].length) };
  }
  if (!best) return null;
  const revision = revisionAfter.exec(best.rest)?.[1]?.toUpperCase() ?? null;
  return { number: best.number, revision };
}
