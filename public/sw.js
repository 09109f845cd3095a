// The site's service worker (design §2 web push, spec §9). It does three things:
// - a push becomes a notification, unless a page of the site is in front of the member (that
//   page shows it live); either way the open pages are told, and reload chats and likes;
// - a click on a notification focuses the page it names, or opens it;
// - a browser that renews its subscription sends the new one to the server.
// It caches nothing: pages and files come from the network as they would without it.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** The payload the server sends (src/contract/push.ts), or null if it is not one. */
function readPayload(data) {
  try {
    const payload = data ? data.json() : null;
    return payload && typeof payload.title === "string" && typeof payload.url === "string"
      ? payload
      : null;
  } catch {
    return null;
  }
}

/** Only paths of this site are opened: a payload cannot send the member elsewhere. */
function sitePath(url) {
  const target = new URL(typeof url === "string" ? url : "/", self.location.origin);
  return target.origin === self.location.origin
    ? target.href
    : new URL("/", self.location.origin).href;
}

async function onPush(event) {
  const payload = readPayload(event.data);
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: "push", kind: payload?.kind ?? null });
  if (!payload) return;
  if (windows.some((client) => client.visibilityState === "visible" && client.focused)) return;
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    renotify: true,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { url: sitePath(payload.url) },
  });
}

async function onNotificationClick(event) {
  event.notification.close();
  const href = sitePath(event.notification.data?.url);
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => client.url === href);
  if (open) return open.focus();
  return self.clients.openWindow(href);
}

async function onSubscriptionChange(event) {
  const options = event.oldSubscription?.options;
  const subscription =
    event.newSubscription ??
    (options?.applicationServerKey ? await self.registration.pushManager.subscribe(options) : null);
  if (!subscription) return;
  await fetch("/api/user.php?push=1", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ subscription: subscription.toJSON() }),
  });
}

self.addEventListener("push", (event) => event.waitUntil(onPush(event)));
self.addEventListener("notificationclick", (event) => event.waitUntil(onNotificationClick(event)));
self.addEventListener("pushsubscriptionchange", (event) =>
  event.waitUntil(onSubscriptionChange(event)),
);
