import { APP_PREFIX, TOPIC_PREFIX } from "./destinations.ts";
import type { RealtimeLogger, RealtimeUser, SendHandler, SessionInfo } from "./types.ts";

/**
 * A family of `/topic/…` destinations a feature owns: where their messages travel on the broker,
 * and who may subscribe.
 */
export interface TopicRoute<T = unknown> {
  /** The destination itself, or a prefix ending in `*` (`/topic/group/*`) whose rest `match` reads. */
  readonly destination: string;
  /** What a prefix route's destination names (say a group id), from the part after the prefix; undefined: nothing (NOT_FOUND). */
  match?(rest: string): T | undefined;
  /** The broker channel the destination's messages travel on (an exact route gets its destination). */
  channel(target: T): string;
  /** Whether `user` may subscribe; throw a RealtimeRefusal to say why not. */
  authorize(user: RealtimeUser, target: T): boolean | Promise<boolean>;
}

/**
 * What a feature (the chat, presence) plugs into the transport: its SEND handlers by exact `/app/…`
 * destination, its topic routes, and hooks on each session's life. Hooks run synchronously on the
 * session's path: they must not throw (a throw is logged) and should only start work.
 */
export interface RealtimeFeature {
  /** For logs and for the error when a destination is registered twice. */
  readonly name: string;
  readonly sends?: Readonly<Record<string, SendHandler>>;
  /**
   * Destinations (of this feature's sends) whose frames one session may send at most `perSecond`
   * of, together: more are dropped unanswered (no RECEIPT, no refusal) and counted. For frequent,
   * disposable frames such as typing and read positions.
   */
  readonly sendLimits?: readonly SendLimit[];
  readonly topics?: readonly TopicRoute<unknown>[];
  /** A session has connected (authenticated). */
  opened?(session: SessionInfo): void;
  /** A session that had opened has ended, for whatever reason. */
  closed?(session: SessionInfo): void;
  /** On shutdown, after every session closed: resolves once the work the hooks started has settled. */
  settle?(): Promise<void>;
}

export interface SendLimit {
  readonly destinations: readonly string[];
  readonly perSecond: number;
}

/** A subscribable topic: the route it belongs to and what it names. */
export interface ResolvedTopic {
  readonly route: TopicRoute<unknown>;
  readonly target: unknown;
  readonly channel: string;
}

/** The registered features, and the lookups the transport makes for each frame. */
export class FeatureRegistry {
  private readonly features: RealtimeFeature[] = [];
  private readonly sends = new Map<string, SendHandler>();
  private readonly limits = new Map<string, SendLimit>();
  private readonly exactTopics = new Map<string, TopicRoute<unknown>>();
  private readonly prefixTopics: { prefix: string; route: TopicRoute<unknown> }[] = [];

  constructor(private readonly log: RealtimeLogger) {}

  /** Adds a feature; throws (adding nothing) if a destination is malformed or already someone's. */
  register(feature: RealtimeFeature): void {
    const sends = Object.entries(feature.sends ?? {});
    const topics = feature.topics ?? [];
    const taken = (destination: string) => new Error(`${destination} is already registered (${feature.name})`);
    const seen = new Set<string>();
    for (const [destination] of sends) {
      if (!destination.startsWith(APP_PREFIX) || destination.length === APP_PREFIX.length) {
        throw new Error(`Not an /app/… destination: ${destination} (${feature.name})`);
      }
      if (this.sends.has(destination)) throw taken(destination);
    }
    for (const limit of feature.sendLimits ?? []) {
      if (!(limit.perSecond > 0)) throw new Error(`A send limit needs perSecond > 0 (${feature.name})`);
      for (const destination of limit.destinations) {
        if (!feature.sends?.[destination])
          throw new Error(`${destination} is limited but not sent to (${feature.name})`);
      }
    }
    for (const route of topics) {
      const { destination } = route;
      if (!destination.startsWith(TOPIC_PREFIX) || destination.length === TOPIC_PREFIX.length) {
        throw new Error(`Not a /topic/… destination: ${destination} (${feature.name})`);
      }
      if (destination.endsWith("*") && !route.match) throw new Error(`${destination} needs match() (${feature.name})`);
      if (this.overlaps(destination) || [...seen].some((other) => overlap(other, destination)))
        throw taken(destination);
      seen.add(destination);
    }

    for (const [destination, handler] of sends) this.sends.set(destination, handler);
    for (const limit of feature.sendLimits ?? []) {
      for (const destination of limit.destinations) this.limits.set(destination, limit);
    }
    for (const route of topics) {
      if (route.destination.endsWith("*")) this.prefixTopics.push({ prefix: route.destination.slice(0, -1), route });
      else this.exactTopics.set(route.destination, route);
    }
    this.features.push(feature);
  }

  sendHandler(destination: string): SendHandler | undefined {
    return this.sends.get(destination);
  }

  /** The limit a destination's frames count against, if any. */
  sendLimit(destination: string): SendLimit | undefined {
    return this.limits.get(destination);
  }

  /** The registered topic a destination names, or undefined. */
  topic(destination: string): ResolvedTopic | undefined {
    const exact = this.exactTopics.get(destination);
    if (exact) return { route: exact, target: destination, channel: exact.channel(destination) };
    for (const { prefix, route } of this.prefixTopics) {
      if (!destination.startsWith(prefix)) continue;
      const target = route.match!(destination.slice(prefix.length));
      return target === undefined ? undefined : { route, target, channel: route.channel(target) };
    }
    return undefined;
  }

  opened(session: SessionInfo): void {
    for (const feature of this.features) {
      if (!feature.opened) continue;
      try {
        feature.opened(session);
      } catch (error) {
        this.log.error({ err: error, feature: feature.name, session: session.id }, "session opened hook failed");
      }
    }
  }

  closed(session: SessionInfo): void {
    for (const feature of this.features) {
      if (!feature.closed) continue;
      try {
        feature.closed(session);
      } catch (error) {
        this.log.error({ err: error, feature: feature.name, session: session.id }, "session closed hook failed");
      }
    }
  }

  async settle(): Promise<void> {
    await Promise.allSettled(this.features.map((feature) => feature.settle?.()));
  }

  private overlaps(destination: string): boolean {
    for (const existing of this.exactTopics.keys()) if (overlap(existing, destination)) return true;
    return this.prefixTopics.some(({ route }) => overlap(route.destination, destination));
  }
}

/** Whether two route destinations (exact, or prefixes ending in `*`) could name the same destination. */
function overlap(a: string, b: string): boolean {
  const aPrefix = a.endsWith("*");
  const bPrefix = b.endsWith("*");
  if (!aPrefix && !bPrefix) return a === b;
  if (aPrefix && bPrefix) return a.slice(0, -1).startsWith(b.slice(0, -1)) || b.slice(0, -1).startsWith(a.slice(0, -1));
  const [prefix, exact] = aPrefix ? [a.slice(0, -1), b] : [b.slice(0, -1), a];
  return exact.startsWith(prefix);
}
