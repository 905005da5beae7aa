import { HttpError, parseAnswer, refusedAnswer } from "~/lib/http-error";

/**
 * Calls the public API anonymously: no cookies and no staff token, even when an admin is logged
 * in in the same browser (the page is the client's: a file request, a review, an RFI). Resolves the answer's JSON, if any.
 */
export async function publicFetch(path: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      credentials: "omit",
      headers: { accept: "application/json", ...init.headers },
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new HttpError(0, "Network error");
  }
  const data = parseAnswer(await response.text());
  if (!response.ok) throw refusedAnswer(response.status, data);
  return data;
}
