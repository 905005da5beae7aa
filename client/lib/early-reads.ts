/** What a workspace shell started before the scripts loaded (server/lib/early-reads.ts, decision 046). */
interface EarlyReads {
  token: string;
  answers: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    __earlyReads?: EarlyReads;
  }
}

/** An early read lasts for the page's first render, not for later visits to the same list. */
const LIFETIME_MS = 15_000;

/**
 * The answer the shell started for `url` with the same token, taken once: the page's first query of
 * that URL gets it, and every later one asks the server again. Undefined when there is none.
 */
export function takeEarlyRead(url: string, token: string | undefined): Promise<Response> | undefined {
  if (typeof window === "undefined") return undefined;
  const early = window.__earlyReads;
  const answer = early?.answers[url];
  if (!early || !answer) return undefined;
  delete early.answers[url];
  if (early.token !== token || performance.now() > LIFETIME_MS) return undefined;
  return answer;
}
