import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { getEnv } from "./env";
import { vapidKeys } from "./push-schema";

export type VapidKeys = { publicKey: string; privateKey: string };

let loaded: VapidKeys | undefined;

/**
 * Reads the VAPID key pair into this process: the environment's, or else the database's, made
 * on the first start (of two processes starting at once, the first insert wins and both read
 * it). Run once at start-up by getReadyDb (src/server/startup.ts), so the site settings can
 * give the public key without a query.
 */
export async function loadPushKeys(db: Database): Promise<VapidKeys> {
  const env = getEnv();
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    loaded = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
    return loaded;
  }
  const stored = () =>
    db
      .select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey })
      .from(vapidKeys)
      .where(eq(vapidKeys.id, 1));
  let [row] = await stored();
  if (!row) {
    const { default: webPush } = await import("web-push");
    await db
      .insert(vapidKeys)
      .values({ id: 1, ...webPush.generateVAPIDKeys() })
      .onConflictDoNothing();
    [row] = await stored();
  }
  if (!row) throw new Error("The VAPID keys could not be stored");
  loaded = row;
  return loaded;
}

/** The public key browsers subscribe with (the site's push_public_key), once loaded. */
export function pushPublicKey(): string | null {
  return loaded?.publicKey ?? getEnv().VAPID_PUBLIC_KEY ?? null;
}

/** The key pair for signing pushes; loads it if this process has not yet. */
export async function pushKeys(db: Database): Promise<VapidKeys> {
  return loaded ?? loadPushKeys(db);
}

/**
 * design §10: the server posts to a subscription's endpoint, so it must be a browser push
 * service's (PUSH_SERVICE_HOSTS), over https, on port 443 (no port, or `:443`): a member cannot
 * make the server call an address on our own network, nor another service of a push service's
 * host. An entry `host:port` allows that port of that host instead (a test's local service).
 * @example isPushServiceEndpoint("https://fcm.googleapis.com/fcm/send/abc") // true
 * @example isPushServiceEndpoint("https://fcm.googleapis.com:22/x") // false
 * @example isPushServiceEndpoint("https://10.0.0.5/admin") // false
 */
export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  // The URL parser drops https's default port: `url.port` is "" for no port and for `:443`.
  const port = url.port || "443";
  return getEnv().PUSH_SERVICE_HOSTS.some((allowed) => {
    const [allowedHost = "", allowedPort = "443"] = allowed.split(":");
    return port === allowedPort && (host === allowedHost || host.endsWith(`.${allowedHost}`));
  });
}

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushOptions = {
  /** Who the push services may contact: mailto: or https:. */
  subject: string;
  /** Seconds the push service keeps the push for an offline browser. */
  ttlSeconds: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** A newer push with the same topic replaces one not yet delivered (≤ 32 base64url chars). */
  topic?: string;
};

/** What became of one push: accepted, the subscription is gone (404/410), or it failed. */
export type PushOutcome = "sent" | "gone" | "failed";

/** The push service's answer we wait for before counting the push as failed. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Encrypts `payload` for the browser (RFC 8291, aes128gcm) and posts it to its push service,
 * signed with our VAPID key (RFC 8292).
 */
export async function sendWebPush(
  keys: VapidKeys,
  target: PushTarget,
  payload: string,
  options: PushOptions,
): Promise<PushOutcome> {
  if (!isPushServiceEndpoint(target.endpoint)) return "gone";
  // Loaded with the first push: most processes (and test files) never send one.
  const { default: webPush } = await import("web-push");
  try {
    await webPush.sendNotification(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject: options.subject, ...keys },
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        topic: options.topic,
        timeout: PUSH_TIMEOUT_MS,
      },
    );
    return "sent";
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (status === 404 || status === 410) return "gone";
    console.error("web push failed:", status ?? (error as Error).message);
    return "failed";
  }
}
