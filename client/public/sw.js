/**
 * The chat's service worker: shows a notification for a chat message pushed while no chat page is
 * in view, and opens (or focuses) the dashboard on that chat when it is clicked. It does nothing
 * else: no caching, no fetch handling.
 *
 * Push payload (shared/chat-push.ts PushPayload): a chat message's {title, body, chat: {kind:"user",username} |
 * {kind:"group",groupId}, messageId}, or a notification's {title, body, url, notificationId} (DESIGN §15),
 * whose click opens its workspace address.
 */

/** A notification's address: a path of this site, never another origin. */
function noticeUrl(url) {
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//")) return null;
  const resolved = new URL(url, self.location.origin);
  return resolved.origin === self.location.origin ? resolved.href : null;
}

/** "user:alice" or "group:12": the `?chat=` value the dashboards open. */
function chatParam(chat) {
  if (chat && chat.kind === "user" && typeof chat.username === "string") return `user:${chat.username}`;
  if (chat && chat.kind === "group" && Number.isInteger(chat.groupId)) return `group:${chat.groupId}`;
  return null;
}

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { title: "New message", body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      // Someone is looking at the site: the page shows the message itself.
      if (windows.some((client) => client.visibilityState === "visible")) return undefined;
      const url = noticeUrl(payload.url);
      if (url) {
        return self.registration.showNotification(payload.title || "Notification", {
          body: payload.body || "",
          icon: "/favicon.svg",
          badge: "/favicon.svg",
          tag: `notice:${payload.notificationId ?? url}`,
          data: { url },
        });
      }
      const chat = chatParam(payload.chat);
      return self.registration.showNotification(payload.title || "New message", {
        body: payload.body || "",
        icon: "/favicon.svg",
        badge: "/favicon.svg",
        tag: chat ?? "chat",
        renotify: true,
        data: { chat, messageId: payload.messageId ?? null },
      });
    }),
  );
});

/** Asks an open page to show the chat; true when a mounted chat answered that it did. */
function askToOpen(client, chat) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), 1500);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.postMessage({ type: "open-chat", chat }, [channel.port2]);
  });
}

/** Focuses a window of this site on `url`, or opens one. */
async function showUrl(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const existing = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (existing) {
    await existing.focus();
    try {
      await existing.navigate(url);
      return undefined;
    } catch {
      // Pages this worker does not control cannot be navigated from here.
    }
  }
  return self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const notice = noticeUrl(event.notification.data?.url);
  if (notice) {
    event.waitUntil(showUrl(notice));
    return;
  }
  const chat = event.notification.data?.chat ?? null;
  // Both dashboards live at "/" (the page shows the one of the logged-in role).
  const url = new URL(chat ? `/?chat=${encodeURIComponent(chat)}` : "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
      const existing = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (existing) {
        await existing.focus();
        if (!chat || (await askToOpen(existing, chat))) return undefined;
        // No chat on that page (another page, or the admin's chat is closed): go to it.
        try {
          await existing.navigate(url);
          return undefined;
        } catch {
          // Pages this worker does not control cannot be navigated from here.
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
