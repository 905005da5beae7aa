import { fileNameFromDisposition } from "./downloads.ts";
import { parseAnswer, refusedAnswer } from "./http-error.ts";
import { sessionStore } from "./session-store.ts";

export interface FetchedFile {
  blob: Blob;
  /** From Content-Disposition (the UTF-8 name when given), else null. */
  fileName: string | null;
}

/**
 * GETs a protected file (a CV, a quote attachment, a CSV export) as a blob, with the bearer token
 * (SPEC §7: files are fetched as blobs with the token). Errors come back as HttpError.
 */
export async function fetchFile(path: string, query?: Record<string, string | undefined>): Promise<FetchedFile> {
  const session = sessionStore.get();
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value) params.set(key, value);
  const url = params.size > 0 ? `${path}?${params}` : path;
  const response = await fetch(url, {
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
    credentials: "include",
  });
  if (!response.ok) {
    const body = parseAnswer(await response.text());
    if (response.status === 401 && session) sessionStore.clear();
    throw refusedAnswer(response.status, body, `Download failed (${response.status})`);
  }
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get("content-disposition")),
  };
}
