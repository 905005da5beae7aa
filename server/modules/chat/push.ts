import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { Agent } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import webpush from "web-push";
import type { PushPayload } from "../../../shared/chat.ts";
import { persistentSecret } from "../../lib/secrets.ts";
import type { ChatRepository } from "./repository.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** VAPID keys from the environment, else generated once and kept in DATA_DIR (like the JWT secret). */
export function vapidKeys(dataDir: string, configured?: { publicKey: string; privateKey: string; subject?: string }) {
  const subject = configured?.subject ?? "mailto:webmaster@localhost";
  if (configured) return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject };
  const pair = persistentSecret(dataDir, "vapid", () => JSON.stringify(webpush.generateVAPIDKeys()));
  const { publicKey, privateKey } = JSON.parse(pair) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject };
}

/** Addresses a push must never reach: loopback, private, link-local, CGNAT, multicast, reserved. */
const internal = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  internal.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 127],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  internal.addSubnet(net, prefix, "ipv6");

export const isInternalAddress = (address: string) => {
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? "ipv4" : "ipv6");
};

const internalNames = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|localdomain)$/i;

/**
 * Why a push endpoint is refused, or undefined when it is acceptable: an https URL on port 443
 * of a public host name or address. DNS answers are checked again when sending (see safeLookup).
 */
export function endpointProblem(endpoint: string): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "The push endpoint is not a URL.";
  }
  if (url.protocol !== "https:") return "The push endpoint must be an https URL.";
  if (url.username || url.password) return "The push endpoint may not carry credentials.";
  if (url.port !== "" && url.port !== "443") return "The push endpoint must use the standard https port.";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0)
    return isInternalAddress(host) ? "The push endpoint may not be an internal address." : undefined;
  if (!host.includes(".") || internalNames.test(host)) return "The push endpoint may not be an internal address.";
  return undefined;
}

/** A DNS lookup that refuses to connect to internal addresses (a public name may resolve to one). */
export const safeLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as unknown as LookupAddress[];
    const allowed = list.filter((entry) => !isInternalAddress(entry.address));
    if (allowed.length === 0) {
      const refused = Object.assign(new Error(`push endpoint ${hostname} resolves to an internal address`), {
        code: "EPUSHINTERNAL",
      });
      return callback(refused, "", 0);
    }
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    return callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};

export interface PushLogger {
  warn(object: object, message?: string): void;
  debug(object: object, message?: string): void;
}

export interface PushServiceOptions {
  keys: VapidKeys;
  repository: ChatRepository;
  log: PushLogger;
  /** Tests: the HTTPS agent (e.g. trusting a local CA); by default one that refuses internal addresses. */
  agent?: Agent;
  /** Tests: accept endpoints endpointProblem would refuse (a local decrypting endpoint). */
  acceptEndpoint?: (endpoint: string) => boolean;
}

/** Preview length of a message in a notification. */
const PREVIEW_CHARS = 120;

export const previewOf = (content: string) =>
  content.length > PREVIEW_CHARS ? `${content.slice(0, PREVIEW_CHARS - 1)}…` : content;

/** Web push (DESIGN §7): keeps subscriptions, sends a notification to users with no connected session. */
export class PushService {
  readonly publicKey: string;
  private readonly agent: Agent;

  constructor(private readonly options: PushServiceOptions) {
    this.publicKey = options.keys.publicKey;
    this.agent = options.agent ?? new Agent({ lookup: safeLookup, keepAlive: true, maxSockets: 16 });
  }

  /** Why this endpoint cannot be used, or undefined. */
  problemWith(endpoint: string): string | undefined {
    if (this.options.acceptEndpoint?.(endpoint)) return undefined;
    return endpointProblem(endpoint);
  }

  /** Sends `payload` to every subscription of these users; gone subscriptions (404/410) are removed. */
  async notify(usernames: readonly string[], payload: PushPayload): Promise<void> {
    const subscriptions = await this.options.repository.pushSubscriptionsOf(usernames);
    const body = JSON.stringify(payload);
    await Promise.all(
      subscriptions.map(async (sub) => {
        if (this.problemWith(sub.endpoint)) {
          await this.options.repository.removePushSubscription(sub.endpoint);
          return;
        }
        try {
          await webpush.sendNotification(
            { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
            body,
            {
              vapidDetails: this.options.keys,
              TTL: 24 * 60 * 60,
              urgency: "high",
              timeout: 10_000,
              agent: this.agent,
            },
          );
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            await this.options.repository.removePushSubscription(sub.endpoint);
            this.options.log.debug({ username: sub.username, status }, "push subscription gone, removed");
          } else {
            this.options.log.warn({ err: error, username: sub.username, status }, "web push failed");
          }
        }
      }),
    );
  }

  close() {
    this.agent.destroy();
  }
}
