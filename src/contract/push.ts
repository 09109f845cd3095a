import { z } from "@hono/zod-openapi";

/** A base64url string of `min`–`max` characters (the browser's keys). */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min, "validation.invalid")
    .max(max, "validation.invalid")
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "validation.invalid");

/**
 * spec §7 POST /api/user.php?push=1: what the browser's PushSubscription.toJSON() gives. The
 * p256dh key is an uncompressed P-256 point (65 bytes, 87 characters), auth 16 bytes (22).
 */
export const pushSubscriptionBody = z.object({
  subscription: z.object({
    endpoint: z
      .url({ protocol: /^https$/, error: "validation.invalid" })
      .max(2048, "validation.tooLong"),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url(86, 90), auth: base64url(21, 24) }),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** Unsubscribing a browser: its endpoint. */
export const pushUnsubscribeBody = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: "validation.invalid" })
    .max(2048, "validation.tooLong"),
});

/**
 * What a push carries to the service worker (public/sw.js), written in the member's language
 * on the server: the notification and where a click leads.
 */
export const pushPayload = z.object({
  kind: z.enum(["message", "like"]),
  title: z.string(),
  body: z.string(),
  /** A path of the site, opened (or focused) on a click. */
  url: z.string(),
  /** A newer notification with the same tag replaces the older one. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;
