import { type AccountKind, isAccountKind, storageKeys } from "../../shared/roles.ts";

export interface SessionUser {
  username: string;
  role: AccountKind;
}

export interface Session {
  user: SessionUser;
  token: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string; session: Session | null } | undefined;

function read(): Session | null {
  if (typeof window === "undefined") return null;
  let rawUser: string | null = null;
  let token: string | null = null;
  try {
    rawUser = window.localStorage.getItem(storageKeys.user);
    token = window.localStorage.getItem(storageKeys.token);
  } catch {
    return null;
  }
  const raw = `${rawUser}\u0000${token}`;
  if (cached?.raw === raw) return cached.session;
  let session: Session | null = null;
  if (rawUser && token) {
    try {
      const parsed = JSON.parse(rawUser) as { username?: unknown; role?: unknown };
      if (typeof parsed.username === "string" && isAccountKind(parsed.role)) {
        session = { user: { username: parsed.username, role: parsed.role }, token };
      }
    } catch {
      session = null;
    }
  }
  cached = { raw, session };
  return session;
}

function emit() {
  for (const listener of listeners) listener();
}

/** The logged-in session, kept in localStorage under `user` and `jwtToken` (SPEC §3), shared across tabs. */
export const sessionStore = {
  get: read,
  /** During prerendering and hydration nobody is logged in: the HTML is the visitor's page. */
  getServer: (): Session | null => null,
  subscribe(listener: Listener) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === storageKeys.user || event.key === storageKeys.token) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
  set(session: Session) {
    window.localStorage.setItem(storageKeys.user, JSON.stringify(session.user));
    window.localStorage.setItem(storageKeys.token, session.token);
    emit();
  },
  clear() {
    window.localStorage.removeItem(storageKeys.user);
    window.localStorage.removeItem(storageKeys.token);
    emit();
  },
};

/** The signed-in session's bearer header, or none: for requests apiFetch does not make (uploads). */
export function sessionHeaders(): Record<string, string> {
  const session = sessionStore.get();
  return session ? { authorization: `Bearer ${session.token}` } : {};
}
