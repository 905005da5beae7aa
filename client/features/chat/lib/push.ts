/** The VAPID public key (base64url, as the server gives it) as the bytes PushManager.subscribe wants. */
export function vapidKeyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const padding = "=".repeat((4 - (base64Url.length % 4)) % 4);
  const base64 = (base64Url + padding).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export type PushAvailability = "unsupported" | "default" | "granted" | "denied";

/** Whether this browser can do web push, and what the user decided so far. */
export function pushAvailability(env: {
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  permission: NotificationPermission | undefined;
}): PushAvailability {
  if (!env.hasServiceWorker || !env.hasPushManager || env.permission === undefined) return "unsupported";
  return env.permission;
}
