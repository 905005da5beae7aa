import { HttpError } from "~/lib/http-error";
import { sessionStore } from "~/lib/session-store";
import { fileNameFromDisposition } from "../lib/downloads.ts";

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
    const payload = (await response.json().catch(() => ({}))) as { message?: unknown };
    const serverMessage = typeof payload.message === "string" ? payload.message : undefined;
    if (response.status === 401 && session) sessionStore.clear();
    throw new HttpError(response.status, serverMessage ?? `Download failed (${response.status})`, serverMessage);
  }
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get("content-disposition")),
  };
}
