import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { Agent } from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import webpush from "web-push";
import type { PushPayload } from "../../../shared/chat-push.ts";
import type { Db } from "../../db/client.ts";
import { sharedSecret } from "../../lib/secrets.ts";
import type { PushStore } from "./store/push.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID keys from the environment, else generated once and kept in the database (like the JWT
 * secret): every instance must push with the keys the browsers subscribed with.
 */
export async function vapidKeys(
  db: Db,
  dataDir: string,
  configured?: { publicKey: string; privateKey: string; subject?: string },
): Promise<VapidKeys> {
  const subject = configured?.subject ?? "mailto:webmaster@localhost";
  if (configured) return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject };
  const pair = await sharedSecret(db, "vapid", {
    dataDir,
    create: () => JSON.stringify(webpush.generateVAPIDKeys()),
  });
  const { publicKey, privateKey } = JSON.parse(pair) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject };
}

/**
 * Whether a push may go to this address: global unicast only. ipaddr.js names every special range
 * (loopback, private, link-local, CGNAT, multicast, reserved, unique-local, site-local, NAT64 incl.
 * 64:ff9b:1::/48, 6to4, Teredo…); an IPv4-mapped IPv6 address is judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  if (ip.range() !== "unicast") return false;
  // IPv6 outside 2000::/3 is not globally routed (and ::a.b.c.d is the deprecated IPv4-compatible form).
  return ip.kind() === "ipv4" || ip.match(GLOBAL_UNICAST_V6);
}
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** Names that only mean something inside a network (RFC 6761/6762 and the usual private suffixes). */
const internalNames =
  /(^|\.)(localhost|local|internal|intranet|lan|home|corp|localdomain|home\.arpa|arpa|invalid|test|example|onion)$/i;
const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/**
 * Why a push endpoint is refused, or undefined when it is acceptable: an https URL on port 443 of
 * a public host *name* (no IP literal, no trailing dot, no internal suffix). Checked when
 * subscribing and again before every send; the addresses the name resolves to are checked when
 * connecting (see publicOnlyLookup).
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
  const host = url.hostname;
  // The URL parser turns every IPv4 spelling (0x7f.1, 2130706433…) into dotted decimal and keeps IPv6 in brackets.
  if (host.startsWith("[") || ipaddr.isValid(host) || /^[\d.]+$/.test(host))
    return "The push endpoint must name its host, not give an address.";
  if (host.endsWith(".")) return "The push endpoint's host name may not end with a dot.";
  const labels = host.split(".");
  if (labels.length < 2 || !labels.every((part) => label.test(part)) || internalNames.test(host))
    return "The push endpoint must be a public host.";
  return undefined;
}

type Resolve = (
  hostname: string,
  options: { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A DNS lookup for the push agent that fails unless every address the name resolves to is public:
 * checked on the very addresses connected to, so a name that resolves elsewhere at send time than
 * at subscribe time (DNS rebinding) gets nowhere.
 */
export function publicOnlyLookup(resolve: Resolve = dnsLookup as unknown as Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const refused = addresses.find((entry) => !isPublicAddress(entry.address));
      if (addresses.length === 0 || refused) {
        const problem = Object.assign(new Error(`push endpoint ${hostname} resolves to a non-public address`), {
          code: "EPUSHNOTPUBLIC",
        });
        return callback(problem, "", 0);
      }
      const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
      const wanted = addresses.filter((entry) => !family || entry.family === family);
      if (wanted.length === 0)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, wanted);
      return callback(null, wanted[0]!.address, wanted[0]!.family);
    });
  };
}

export interface PushLogger {
  warn(object: object, message?: string): void;
  debug(object: object, message?: string): void;
}

export interface PushServiceOptions {
  keys: VapidKeys;
  subscriptions: PushStore;
  log: PushLogger;
  /** Tests: the HTTPS agent (e.g. trusting a local CA); by default one that connects to public addresses only. */
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
    this.agent = options.agent ?? new Agent({ lookup: publicOnlyLookup(), keepAlive: true, maxSockets: 16 });
  }

  /** Why this endpoint cannot be used, or undefined. */
  problemWith(endpoint: string): string | undefined {
    if (this.options.acceptEndpoint?.(endpoint)) return undefined;
    return endpointProblem(endpoint);
  }

  /** Sends `payload` to every subscription of these accounts; gone subscriptions (404/410) are removed. */
  async notify(userIds: readonly number[], payload: PushPayload): Promise<void> {
    const subscriptions = await this.options.subscriptions.pushSubscriptionsOf(userIds);
    const body = JSON.stringify(payload);
    await Promise.all(
      subscriptions.map(async (sub) => {
        if (this.problemWith(sub.endpoint)) {
          await this.options.subscriptions.removePushSubscription(sub.endpoint);
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
            await this.options.subscriptions.removePushSubscription(sub.endpoint);
            this.options.log.debug({ userId: sub.userId, status }, "push subscription gone, removed");
          } else {
            this.options.log.warn({ err: error, userId: sub.userId, status }, "web push failed");
          }
        }
      }),
    );
  }

  close() {
    this.agent.destroy();
  }
}
