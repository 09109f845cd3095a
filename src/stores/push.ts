import { atom } from "nanostores";
import { apiFetch } from "../lib/api-client";

/**
 * spec §4 Push: unknown (null, not read yet), subscribed, denied, or not subscribed; and
 * unsupported, where the browser has no web push or the site no key (nothing is offered then).
 */
export type PushState = "subscribed" | "denied" | "not_subscribed" | "unsupported";

export const $pushState = atom<PushState | null>(null);

/** The service worker (public/sw.js) shows pushes; it caches nothing. */
const WORKER_URL = "/sw.js";
/** Once per tab session the browser's subscription is sent again (it may have been removed). */
const SYNCED_KEY = "push-synced";

function isSupported(publicKey: string | null): publicKey is string {
  return (
    Boolean(publicKey) &&
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    typeof PushManager !== "undefined" &&
    typeof Notification !== "undefined"
  );
}

/**
 * The key as bytes: what every browser takes as applicationServerKey.
 * @example decodeKey("AQID") // Uint8Array [1, 2, 3]
 */
export function decodeKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const expected = decodeKey(publicKey);
  const actual = new Uint8Array(current);
  return (
    actual.length === expected.length && actual.every((byte, index) => byte === expected[index])
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function saveSubscription(subscription: PushSubscription, memberId: number): Promise<void> {
  await apiFetch("/api/user.php", {
    method: "POST",
    query: { push: 1 },
    body: { subscription: subscription.toJSON() },
  });
  sessionStorage.setItem(SYNCED_KEY, `${memberId} ${subscription.endpoint}`);
}

/**
 * Reads the browser's state, and keeps the server's copy true: a subscription is sent once per
 * tab session (so it follows the member logged in here), and one made with an old key is made
 * again with the site's (no prompt: the permission stands).
 */
export async function syncPush(publicKey: string | null, memberId: number): Promise<PushState> {
  if (!isSupported(publicKey)) return setState("unsupported");
  if (Notification.permission === "denied") return setState("denied");
  let subscription = await currentSubscription();
  if (!subscription || Notification.permission !== "granted") return setState("not_subscribed");
  if (!sameKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = await subscribeWorker(publicKey);
  }
  if (sessionStorage.getItem(SYNCED_KEY) !== `${memberId} ${subscription.endpoint}`) {
    await saveSubscription(subscription, memberId);
  }
  return setState("subscribed");
}

async function subscribeWorker(publicKey: string): Promise<PushSubscription> {
  await navigator.serviceWorker.register(WORKER_URL, { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: decodeKey(publicKey),
  });
}

/**
 * Asks the browser for permission (a click must lead here), subscribes and sends the
 * subscription. Throws if the browser or the server fails; a refusal is the denied state.
 */
export async function subscribePush(publicKey: string | null, memberId: number) {
  if (!isSupported(publicKey)) return setState("unsupported");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") {
    return setState(permission === "denied" ? "denied" : "not_subscribed");
  }
  await saveSubscription(await subscribeWorker(publicKey), memberId);
  return setState("subscribed");
}

/** Turns push off in this browser (settings, or logging out): here and on the server. */
export async function unsubscribePush(): Promise<void> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const subscription = await currentSubscription();
  if (subscription) {
    await apiFetch("/api/user.php", {
      method: "DELETE",
      query: { push: 1 },
      body: { endpoint: subscription.endpoint },
      retries: 1,
    }).catch(() => {});
    await subscription.unsubscribe();
  }
  sessionStorage.removeItem(SYNCED_KEY);
  if ($pushState.get() === "subscribed") setState("not_subscribed");
}

function setState(state: PushState): PushState {
  $pushState.set(state);
  return state;
}
