import { HttpError } from "~/lib/http-error";

/**
 * Calls the public API anonymously: no cookies and no staff token, even when an admin is logged
 * in in the same browser (the page is the client's). Resolves the answer's JSON, if any.
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
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const message = (data as { message?: unknown } | undefined)?.message;
    const serverMessage = typeof message === "string" ? message : undefined;
    throw new HttpError(response.status, serverMessage ?? `Request failed (${response.status})`, serverMessage);
  }
  return data;
}
