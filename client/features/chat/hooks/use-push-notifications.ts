import { useCallback, useEffect, useState } from "react";
import { getVapidPublicKey, savePushSubscription } from "../api/push.ts";
import { type PushAvailability, pushAvailability, vapidKeyBytes } from "../lib/push.ts";

const SERVICE_WORKER_URL = "/sw.js";

function currentAvailability(): PushAvailability {
  return pushAvailability({
    hasServiceWorker: "serviceWorker" in navigator,
    hasPushManager: "PushManager" in window,
    permission: "Notification" in window ? Notification.permission : undefined,
  });
}

function sameKey(existing: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!existing) return false;
  const bytes = new Uint8Array(existing);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

/** Registers /sw.js, subscribes with the server's VAPID key, and hands the subscription to the server. */
async function subscribe(me: string) {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  await navigator.serviceWorker.ready;
  const key = vapidKeyBytes(await getVapidPublicKey());
  let subscription = await registration.pushManager.getSubscription();
  // The server's key changed (a new install): the old subscription cannot receive its pushes.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await savePushSubscription(me, subscription.toJSON());
}

/**
 * Web push for messages that arrive while no chat page is open. It never asks on load: it
 * subscribes by itself only when permission was already granted, otherwise after a click on
 * "Enable notifications".
 */
export function usePushNotifications(me: string) {
  const [availability, setAvailability] = useState<PushAvailability>(currentAvailability);
  const [busy, setBusy] = useState(false);
  const [subscribed, setSubscribed] = useState(false);

  useEffect(() => {
    if (currentAvailability() !== "granted") return;
    let cancelled = false;
    subscribe(me).then(
      () => {
        if (!cancelled) setSubscribed(true);
      },
      (error: unknown) => console.warn("chat: push subscription failed", error),
    );
    return () => {
      cancelled = true;
    };
  }, [me]);

  const enable = useCallback(async (): Promise<boolean> => {
    if (currentAvailability() === "unsupported") return false;
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      setAvailability(currentAvailability());
      if (permission !== "granted") return false;
      await subscribe(me);
      setSubscribed(true);
      return true;
    } catch (error) {
      console.warn("chat: push subscription failed", error);
      return false;
    } finally {
      setBusy(false);
    }
  }, [me]);

  return { availability, busy, subscribed, enable };
}
