import { sessionStore } from "~/lib/session-store";
import { type AccountKind, isAccountKind } from "../../../../shared/roles.ts";

export const loginMessages = {
  incomplete: "Login succeeded, but user data incomplete.",
  network: "Network error or server issue. Please try again.",
} as const;

export type LoginResult = { ok: true } | { ok: false; message: string };

/** POST /api/auth/login; stores the session only when the answer holds username, role and token (SPEC §5). */
export async function login(username: string, password: string, role: AccountKind): Promise<LoginResult> {
  let response: Response;
  try {
    response = await fetch("/api/auth/login", {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ username, password, role }),
    });
  } catch {
    return { ok: false, message: loginMessages.network };
  }
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    const message = typeof data?.message === "string" && data.message ? data.message : loginMessages.network;
    return { ok: false, message };
  }
  if (
    typeof data?.username !== "string" ||
    !isAccountKind(data.role) ||
    typeof data.token !== "string" ||
    !data.token
  ) {
    return { ok: false, message: loginMessages.incomplete };
  }
  sessionStore.set({ user: { username: data.username, role: data.role }, token: data.token });
  return { ok: true };
}
