import { randomUUID } from "node:crypto";
import { Redis, type RedisOptions } from "ioredis";
import {
  type Broker,
  type BrokerErrorReporter,
  type BrokerHandler,
  type BrokerMessage,
  type BrokerSubscription,
  channels,
  type PresenceStatus,
  type SessionPresence,
} from "./broker.ts";

export interface RedisBrokerOptions {
  url: string;
  /** Prefix of every key and channel, so several deployments (or test files) can share one Redis. */
  keyPrefix?: string;
  instanceId?: string;
  /** How often this instance refreshes its liveness key (default 5 s). */
  heartbeatMs?: number;
  /** Lifetime of the liveness key: an instance silent this long is dead (default 15 s). */
  instanceTtlMs?: number;
  /** How often this instance looks for dead instances and withdraws their users' presence (default 10 s). */
  janitorMs?: number;
  /** Connecting, and each command, fail after this long without Redis (default 5 s). */
  connectTimeoutMs?: number;
  reportError?: BrokerErrorReporter;
}

export const DEFAULT_KEY_PREFIX = "realtime:";

/*
 * Keys, under the prefix:
 *   channel:<name>       pub/sub channel of broker channel <name>
 *   instance:<id>        liveness of an instance (expires unless refreshed)
 *   instances            set of instance ids that wrote presence (the janitor checks them)
 *   presence:<username>  hash: instance id → "ONLINE" | "ACTIVE" (that instance's sessions of the user)
 *   status:<username>    the user's last published overall status (absent: OFFLINE)
 *   presence-users       set of usernames with a presence hash
 *
 * Presence changes run as Lua scripts, so recomputing a user's status, comparing it with the last
 * published one and publishing the change is atomic: each change is published exactly once, and in
 * the order the states were written, whichever instance wrote them. Keys are built inside the
 * scripts, so this needs a single Redis node (not Redis Cluster).
 */
const LUA_PRELUDE = `
local prefix, self = ARGV[1], ARGV[2]
local usersKey = prefix .. "presence-users"

local function isAlive(instance, cache)
  local alive = cache[instance]
  if alive ~= nil then return alive end
  -- The caller itself is alive even before its first heartbeat (unless it says otherwise in the cache).
  if instance == self then return true end
  alive = redis.call("EXISTS", prefix .. "instance:" .. instance) == 1
  cache[instance] = alive
  return alive
end

local function recompute(username, cache)
  local hashKey = prefix .. "presence:" .. username
  local fields = redis.call("HGETALL", hashKey)
  local status = "OFFLINE"
  for i = 1, #fields, 2 do
    if isAlive(fields[i], cache) then
      if fields[i + 1] == "ONLINE" then
        status = "ONLINE"
      elseif status == "OFFLINE" then
        status = "ACTIVE"
      end
    else
      redis.call("HDEL", hashKey, fields[i])
    end
  end
  local statusKey = prefix .. "status:" .. username
  local last = redis.call("GET", statusKey) or "OFFLINE"
  if status == "OFFLINE" then
    redis.call("DEL", statusKey)
    redis.call("SREM", usersKey, username)
  else
    redis.call("SET", statusKey, status)
  end
  if status == last then return 0 end
  redis.call("PUBLISH", prefix .. "channel:${channels.userStatus}", cjson.encode({ username = username, status = status }))
  return 1
end
`;

/** ARGV: prefix, instance, username, state ("" when no session of the user is left on this instance). */
const UPDATE_PRESENCE = `${LUA_PRELUDE}
local username, state = ARGV[3], ARGV[4]
local hashKey = prefix .. "presence:" .. username
if state == "" then
  redis.call("HDEL", hashKey, self)
else
  redis.call("HSET", hashKey, self, state)
  redis.call("SADD", usersKey, username)
  redis.call("SADD", prefix .. "instances", self)
end
return recompute(username, {})
`;

/** ARGV: prefix, instance, ttl in ms. Returns 0 when the liveness key had expired (or never existed). */
const HEARTBEAT = `${LUA_PRELUDE}
local key = prefix .. "instance:" .. self
local existed = redis.call("EXISTS", key)
redis.call("SET", key, "1", "PX", ARGV[3])
redis.call("SADD", prefix .. "instances", self)
return existed
`;

/** ARGV: prefix, instance. Withdraws the presence written by dead instances; returns how many statuses changed. */
const SWEEP = `${LUA_PRELUDE}
local instancesKey = prefix .. "instances"
local cache = {}
local dead = {}
for _, instance in ipairs(redis.call("SMEMBERS", instancesKey)) do
  if not isAlive(instance, cache) then dead[#dead + 1] = instance end
end
if #dead == 0 then return 0 end
local changed = 0
for _, username in ipairs(redis.call("SMEMBERS", usersKey)) do
  changed = changed + recompute(username, cache)
end
redis.call("SREM", instancesKey, unpack(dead))
return changed
`;

/** ARGV: prefix, instance. A graceful stop: this instance's presence goes, as if it had died. */
const LEAVE = `${LUA_PRELUDE}
local cache = { [self] = false }
redis.call("DEL", prefix .. "instance:" .. self)
local changed = 0
for _, username in ipairs(redis.call("SMEMBERS", usersKey)) do
  if redis.call("HEXISTS", prefix .. "presence:" .. username, self) == 1 then
    changed = changed + recompute(username, cache)
  end
end
redis.call("SREM", prefix .. "instances", self)
return changed
`;

interface ScriptCommands {
  rtUpdatePresence(...args: string[]): Promise<number>;
  rtHeartbeat(...args: string[]): Promise<number>;
  rtSweep(...args: string[]): Promise<number>;
  rtLeave(...args: string[]): Promise<number>;
}

interface ChannelEntry {
  handlers: Set<BrokerHandler>;
  ready: Promise<void>;
}

/**
 * Broker over Redis: PUBLISH/SUBSCRIBE on a dedicated subscriber connection (one SUBSCRIBE per
 * channel per instance, reference-counted), presence in hashes with per-instance liveness keys.
 * When an instance dies its liveness key expires, and the next sweep by any survivor withdraws
 * its users' presence: OFFLINE within instanceTtlMs + janitorMs.
 */
export class RedisBroker implements Broker {
  readonly kind = "redis";
  readonly instanceId: string;
  readonly keyPrefix: string;
  private readonly commands: Redis;
  private readonly subscriber: Redis;
  private readonly scripts: ScriptCommands;
  private readonly entries = new Map<string, ChannelEntry>();
  /** This instance's state per user, to re-assert if Redis lost it (our liveness key expired, Redis restarted). */
  private readonly local = new Map<string, SessionPresence>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly reportError: BrokerErrorReporter;
  private readonly heartbeatMs: number;
  private readonly instanceTtlMs: number;
  private readonly janitorMs: number;
  private closed = false;

  private constructor(options: RedisBrokerOptions) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.instanceTtlMs = options.instanceTtlMs ?? 15_000;
    this.janitorMs = options.janitorMs ?? 10_000;
    this.reportError = options.reportError ?? (() => {});
    const connectTimeout = options.connectTimeoutMs ?? 5_000;
    const redisOptions: RedisOptions = {
      lazyConnect: true,
      connectTimeout,
      commandTimeout: connectTimeout,
      maxRetriesPerRequest: 2,
      // Our own name on the server helps whoever reads CLIENT LIST.
      connectionName: `realtime:${this.instanceId}`,
    };
    this.commands = new Redis(options.url, redisOptions);
    // No commandTimeout here: a subscriber connection waits for messages, not replies.
    this.subscriber = new Redis(options.url, { ...redisOptions, commandTimeout: undefined });
    for (const [name, connection] of [
      ["commands", this.commands],
      ["subscriber", this.subscriber],
    ] as const) {
      connection.on("error", (error) => this.reportError(error, `redis ${name} connection`));
    }
    this.commands.defineCommand("rtUpdatePresence", { numberOfKeys: 0, lua: UPDATE_PRESENCE });
    this.commands.defineCommand("rtHeartbeat", { numberOfKeys: 0, lua: HEARTBEAT });
    this.commands.defineCommand("rtSweep", { numberOfKeys: 0, lua: SWEEP });
    this.commands.defineCommand("rtLeave", { numberOfKeys: 0, lua: LEAVE });
    this.scripts = this.commands as unknown as ScriptCommands;
    this.subscriber.on("message", (key: string, json: string) => this.onMessage(key, json));
  }

  /** Connects both connections, announces this instance and starts its heartbeat and janitor. */
  static async connect(options: RedisBrokerOptions): Promise<RedisBroker> {
    const broker = new RedisBroker(options);
    try {
      await Promise.all([broker.commands.connect(), broker.subscriber.connect()]);
      await broker.heartbeat();
      await broker.sweep();
    } catch (error) {
      broker.destroy();
      throw new Error(`Could not connect to Redis for realtime messaging: ${String(error)}`, { cause: error });
    }
    broker.every(broker.heartbeatMs, () => broker.heartbeat());
    broker.every(broker.janitorMs, () => broker.sweep());
    return broker;
  }

  async publish(channel: string, payload: unknown): Promise<void> {
    if (this.closed) throw new Error("The broker is closed");
    await this.commands.publish(this.channelKey(channel), JSON.stringify(payload) ?? "null");
  }

  subscribe(channel: string, handler: BrokerHandler): BrokerSubscription {
    let entry = this.entries.get(channel);
    if (!entry) {
      const key = this.channelKey(channel);
      const created: ChannelEntry = {
        handlers: new Set(),
        ready: this.closed
          ? Promise.reject(new Error("The broker is closed"))
          : this.subscriber.subscribe(key).then(() => undefined),
      };
      // A failed SUBSCRIBE is retried by the next subscriber rather than remembered.
      created.ready.catch(() => {
        if (this.entries.get(channel) === created) this.entries.delete(channel);
      });
      this.entries.set(channel, created);
      entry = created;
    }
    const own: ChannelEntry = entry;
    const wrapper: BrokerHandler = (message) => handler(message);
    own.handlers.add(wrapper);
    return {
      ready: own.ready,
      unsubscribe: () => {
        if (!own.handlers.delete(wrapper) || own.handlers.size > 0) return;
        if (this.entries.get(channel) !== own) return;
        this.entries.delete(channel);
        if (this.closed) return;
        // Commands on one connection run in order: a SUBSCRIBE issued after this one still wins.
        this.subscriber.unsubscribe(this.channelKey(channel)).catch((error: unknown) => {
          this.reportError(error, `unsubscribe ${channel}`);
        });
      },
    };
  }

  async setPresence(username: string, state: SessionPresence | null): Promise<void> {
    if (this.closed) return;
    if (state) this.local.set(username, state);
    else this.local.delete(username);
    await this.scripts.rtUpdatePresence(this.keyPrefix, this.instanceId, username, state ?? "");
  }

  async getStatuses(usernames: readonly string[]): Promise<Map<string, PresenceStatus>> {
    const result = new Map<string, PresenceStatus>();
    if (usernames.length === 0) return result;
    const values = await this.commands.mget(usernames.map((username) => `${this.keyPrefix}status:${username}`));
    usernames.forEach((username, index) => {
      const value = values[index];
      result.set(username, value === "ONLINE" || value === "ACTIVE" ? value : "OFFLINE");
    });
    return result;
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error("The broker is closed");
    await this.commands.ping();
  }

  /** Runs the dead-instance sweep now (the janitor does it every janitorMs). */
  async sweep(): Promise<number> {
    return this.scripts.rtSweep(this.keyPrefix, this.instanceId);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // From here on presence writes are ignored: LEAVE withdraws all of this instance's at once.
    this.closed = true;
    this.stopTimers();
    try {
      await this.scripts.rtLeave(this.keyPrefix, this.instanceId);
    } catch (error) {
      this.reportError(error, "withdrawing presence on close");
    }
    this.local.clear();
    this.entries.clear();
    await Promise.allSettled([quit(this.commands), quit(this.subscriber)]);
  }

  /**
   * Drops both connections at once, with no goodbye: what a crash looks like to the other
   * instances (their janitor withdraws this instance's presence). Also the cleanup of a failed start.
   */
  destroy(): void {
    this.closed = true;
    this.stopTimers();
    this.commands.disconnect();
    this.subscriber.disconnect();
  }

  private async heartbeat(): Promise<void> {
    const existed = await this.scripts.rtHeartbeat(this.keyPrefix, this.instanceId, String(this.instanceTtlMs));
    if (existed === 1 || this.local.size === 0) return;
    // Our key had expired (a long pause, a Redis restart): others may have withdrawn our users. Say it again.
    await Promise.all(
      [...this.local].map(([username, state]) =>
        this.scripts.rtUpdatePresence(this.keyPrefix, this.instanceId, username, state),
      ),
    );
  }

  private every(ms: number, task: () => Promise<unknown>): void {
    let running = false;
    const timer = setInterval(() => {
      if (running || this.closed) return;
      running = true;
      task()
        .catch((error: unknown) => this.reportError(error, "presence maintenance"))
        .finally(() => {
          running = false;
        });
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private stopTimers(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
  }

  private channelKey(channel: string): string {
    return `${this.keyPrefix}channel:${channel}`;
  }

  private onMessage(key: string, json: string): void {
    const prefix = `${this.keyPrefix}channel:`;
    if (!key.startsWith(prefix)) return;
    const channel = key.slice(prefix.length);
    const entry = this.entries.get(channel);
    if (!entry || entry.handlers.size === 0) return;
    let payload: unknown;
    try {
      payload = JSON.parse(json);
    } catch (error) {
      this.reportError(error, `message on ${channel} is not JSON`);
      return;
    }
    const message: BrokerMessage = { channel, payload, json };
    for (const handler of [...entry.handlers]) {
      try {
        handler(message);
      } catch (error) {
        this.reportError(error, `handler of ${channel}`);
      }
    }
  }
}

/** QUIT waits for replies in flight; a connection that cannot say goodbye within a second is dropped. */
async function quit(connection: Redis): Promise<void> {
  if (connection.status === "end") return;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      connection.quit(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("QUIT timed out")), 1_000);
      }),
    ]);
  } catch {
    connection.disconnect();
  } finally {
    clearTimeout(timer);
  }
}
