import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "@hono/zod-openapi";
import type { EmailDisabledReason } from "../../contract/account-options";
import type { Database } from "../db/client";
import { disableEmailOfAddress } from "../users/service";

/**
 * issue 29 item 14: what a mail provider's webhook tells of a sent mail. A hard bounce (the
 * address does not exist) and a spam complaint (a feedback loop, `fbl`) switch all e-mail to the
 * member off (spec §4); a soft bounce (a full mailbox) is the provider's to retry, and changes
 * nothing. Two shapes are read: ours, which any provider's webhook can be mapped to, and
 * Postmark's own records (their other fields are dropped), which it sends with HTTP Basic
 * credentials in the webhook's URL.
 */
const email = z.string().trim().max(254).pipe(z.email());

const ownEvents = z.object({
  events: z
    .array(
      z.discriminatedUnion("type", [
        z.object({ type: z.literal("bounce"), email, permanent: z.boolean() }),
        z.object({ type: z.literal("complaint"), email }),
      ]),
    )
    .min(1)
    .max(100),
});

const postmarkRecord = z.object({
  RecordType: z.string().max(40),
  Type: z.string().max(40).optional(),
  Email: email,
});

export const mailEventsBody = z.union([ownEvents, postmarkRecord]).openapi("MailEvents", {
  description:
    "Either `{ events: [{ type: 'bounce', email, permanent }, { type: 'complaint', email }] }` (up to 100), or one Postmark webhook record (`RecordType` Bounce with `Type` HardBounce, or SpamComplaint)",
});
export type MailEventsBody = z.infer<typeof mailEventsBody>;

type Disabling = { email: string; reason: "fbl" | "bounce" };

/** The addresses the events switch off, with why; events that change nothing are left out. */
export function disablingEvents(body: MailEventsBody): Disabling[] {
  if ("events" in body) {
    return body.events.flatMap((event): Disabling[] => {
      if (event.type === "complaint") return [{ email: event.email, reason: "fbl" }];
      return event.permanent ? [{ email: event.email, reason: "bounce" }] : [];
    });
  }
  if (body.RecordType === "SpamComplaint") return [{ email: body.Email, reason: "fbl" }];
  if (body.RecordType === "Bounce" && body.Type === "HardBounce") {
    return [{ email: body.Email, reason: "bounce" }];
  }
  return [];
}

/**
 * What each reason does not replace. A reason only gives way to a graver one: a complaint
 * outranks a bounce, which outranks a one-click unsubscribe, so the member is told the cause
 * that matters (and a late bounce does not hide a complaint). A repeated event changes nothing.
 */
const KEPT: Record<"fbl" | "bounce", EmailDisabledReason[]> = {
  fbl: ["fbl"],
  bounce: ["fbl", "bounce"],
};

/** Switches e-mail off for each address the events name; answers how many members changed. */
export async function recordMailEvents(db: Database, body: MailEventsBody): Promise<number> {
  let changed = 0;
  for (const { email: address, reason } of disablingEvents(body)) {
    changed += await disableEmailOfAddress(db, address, reason, KEPT[reason]);
  }
  return changed;
}

/**
 * Does the Authorization header carry the webhook's password (HTTP Basic, any user name)?
 * Compared as SHA-256 digests, in constant time; no secret configured, nothing passes.
 */
export function isMailWebhookAuthorized(header: string | undefined, secret: string | undefined) {
  if (!secret || !header) return false;
  const match = /^Basic ([A-Za-z0-9+/=]{1,1024})$/.exec(header.trim());
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  if (!decoded.includes(":")) return false;
  const password = decoded.slice(decoded.indexOf(":") + 1);
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(password), digest(secret));
}
