import type { SessionPresence } from "../../../shared/realtime.ts";
import { aggregateStatus } from "../../realtime/broker/broker.ts";

/** Writes one user's state on this instance (null: no session left here); the broker does the rest. */
export type PresenceWriter = (username: string, state: SessionPresence | null) => Promise<void>;

/**
 * This instance's sessions per user and what each reports (visible or hidden/idle). Tells the
 * broker only when the user's state on this instance changes, so a second tab, or a tab that
 * reports what it already was, costs nothing upstream. Writes go out in call order.
 */
export class PresenceTracker {
  private readonly users = new Map<string, { sessions: Map<string, SessionPresence>; state: SessionPresence }>();
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly write: PresenceWriter,
    private readonly reportError: (error: unknown) => void,
  ) {}

  /** Adds a session, or changes what it reports. */
  set(username: string, sessionId: string, state: SessionPresence): void {
    let user = this.users.get(username);
    if (!user) {
      user = { sessions: new Map(), state };
      this.users.set(username, user);
      user.sessions.set(sessionId, state);
      this.emit(username, state);
      return;
    }
    user.sessions.set(sessionId, state);
    this.refresh(username, user);
  }

  remove(username: string, sessionId: string): void {
    const user = this.users.get(username);
    if (!user?.sessions.delete(sessionId)) return;
    if (user.sessions.size === 0) {
      this.users.delete(username);
      this.emit(username, null);
      return;
    }
    this.refresh(username, user);
  }

  /** The user's state on this instance, or undefined with no session here. */
  localState(username: string): SessionPresence | undefined {
    return this.users.get(username)?.state;
  }

  /** Resolves once every write issued so far has settled (shutdown waits for it). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private refresh(username: string, user: { sessions: Map<string, SessionPresence>; state: SessionPresence }): void {
    const state = aggregateStatus(user.sessions.values()) as SessionPresence;
    if (state === user.state) return;
    user.state = state;
    this.emit(username, state);
  }

  private emit(username: string, state: SessionPresence | null): void {
    const write = this.write(username, state)
      .catch((error: unknown) => this.reportError(error))
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }
}
