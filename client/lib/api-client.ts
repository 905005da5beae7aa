import { takeEarlyRead } from "./early-reads.ts";
import { parseAnswer, refusedAnswer } from "./http-error.ts";
import { sessionStore } from "./session-store.ts";

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Query string parameters; undefined values are left out. */
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

/**
 * Calls the API on the same origin with credentials and, once logged in, the bearer token.
 * A 401 on an authenticated call means the session was revoked or expired: it logs out.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const session = sessionStore.get();
  const headers: Record<string, string> = { accept: "application/json" };
  if (session) headers.authorization = `Bearer ${session.token}`;
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.body);
  }
  let url = path;
  if (request.query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(request.query)) if (value !== undefined) params.set(key, String(value));
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }

  const method = request.method ?? (body ? "POST" : "GET");
  const send = () => fetch(url, { method, headers, body, credentials: "include", signal: request.signal });
  // A read the page's shell started while the scripts loaded; asked again if it failed on the way.
  const early = method === "GET" ? takeEarlyRead(url, session?.token) : undefined;
  const response = early ? await early.catch(send) : await send();
  const data = parseAnswer(await response.text());
  if (!response.ok) {
    if (response.status === 401 && session) sessionStore.clear();
    throw refusedAnswer(response.status, data);
  }
  return data as T;
}
