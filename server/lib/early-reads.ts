import { applicationPaths } from "../../shared/applications.ts";
import { quoteRequestPaths } from "../../shared/quote-requests.ts";
import { type AccountKind, storageKeys } from "../../shared/roles.ts";
import { staffAddresses } from "../../shared/staff-addresses.ts";

/**
 * The API reads a workspace address needs before it can show anything, started by its shell while
 * the scripts load (decision 046). Without this, a cold link asks for its list only once every
 * script has loaded and React has rendered; the list's time is then added to the script's, where
 * it can run beside them.
 *
 * Each read is the exact URL the page's first query asks for (client/lib/early-reads.ts takes it
 * once, by URL): a section's list as it loads with no filters in the address. An address with
 * filters reads nothing early, so nothing is ever read twice or read for nothing.
 */
/** A read and the kinds of account whose page makes it (anyone else's would be refused). */
export interface EarlyRead {
  url: string;
  for: readonly AccountKind[];
}

const everyone: readonly AccountKind[] = ["admin", "employee"];
const admins: readonly AccountKind[] = ["admin"];

const sections: { address: string; reads: (search: URLSearchParams) => EarlyRead[] }[] = [
  {
    address: staffAddresses.quotes,
    // client/features/pipeline/lib/pipeline.ts filtersFromSearch: these make the list's query.
    reads: (search) =>
      ["stage", "assignee", "due"].some((key) => search.has(key))
        ? []
        : [{ url: quoteRequestPaths.list, for: everyone }],
  },
  // The applications page always loads the whole list (its stage counts), whatever the filter.
  { address: staffAddresses.applications, reads: () => [{ url: applicationPaths.list, for: admins }] },
];

/** The reads to start for a request's URL (path and query); none outside the sections above. */
export function earlyReads(url: string): EarlyRead[] {
  const [pathname = "/", query = ""] = url.split("#")[0]?.split(/\?(.*)/s) ?? [];
  const section = sections.find(
    ({ address }) =>
      pathname === address || (pathname.startsWith(`${address}/`) && !pathname.includes("/", address.length + 1)),
  );
  return section ? section.reads(new URLSearchParams(query)) : [];
}

/**
 * The shell with a script, first in its head, that starts the reads the signed-in person's kind of
 * account makes, with their token (SPEC §3 keeps both in localStorage), and leaves the answers on
 * `window.__earlyReads`. It is static for a set of reads, so the page's CSP hash
 * (server/plugins/site.ts) is made once per shell.
 */
export function withEarlyReads(shellHtml: string, reads: EarlyRead[]): string {
  if (reads.length === 0) return shellHtml;
  const data = JSON.stringify(reads.map((read) => [read.url, read.for])).replaceAll("<", "\\u003c");
  const script =
    "(function(reads){try{" +
    `var token=localStorage.getItem(${JSON.stringify(storageKeys.token)}),` +
    `user=JSON.parse(localStorage.getItem(${JSON.stringify(storageKeys.user)})||"null");` +
    "if(!token||!user||!window.fetch)return;var answers={};" +
    "reads.forEach(function(read){if(read[1].indexOf(user.role)<0)return;" +
    'var answer=fetch(read[0],{headers:{accept:"application/json",authorization:"Bearer "+token},credentials:"include"});' +
    "answer.catch(function(){});answers[read[0]]=answer});" +
    `window.__earlyReads={token:token,answers:answers}}catch(error){}})(${data})`;
  const head = '<meta charSet="utf-8"/>';
  const at = shellHtml.indexOf(head);
  if (at === -1) return shellHtml.replace("<head>", `<head><script>${script}</script>`);
  return `${shellHtml.slice(0, at + head.length)}<script>${script}</script>${shellHtml.slice(at + head.length)}`;
}
