import { and, eq, inArray, sql } from "drizzle-orm";
import type { NotificationCategory } from "../../contract/account-options";
import type { PushPayload, PushSubscriptionBody } from "../../contract/push";
import type { MessageKey } from "../../i18n/catalogues";
import { isLocale } from "../../i18n/locales";
import type { MessageParams } from "../../i18n/translate";
import type { Database } from "../db/client";
import { getEnv } from "../lib/env";
import { ApiError } from "../lib/errors";
import { getTranslate } from "../lib/i18n";
import { isPushServiceEndpoint, pushKeys, sendWebPush } from "../lib/push";
import { getSiteById } from "../sites/registry";
import type { User } from "../users/schema";
import { pushSubscriptions } from "./schema";

/** Browsers one member keeps subscribed; a new one beyond this replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/**
 * spec §7 POST /api/user.php?push=1: stores the browser's subscription for the member. An
 * endpoint belongs to whoever subscribed last in that browser, so after another member logs in
 * there, pushes follow the new member.
 */
export async function savePushSubscription(
  db: Database,
  userId: number,
  { subscription }: PushSubscriptionBody,
): Promise<void> {
  if (!isPushServiceEndpoint(subscription.endpoint)) {
    throw new ApiError(422, "push_service_refused", "push.error.service");
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: subscription.endpoint, ...subscription.keys })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          createdAt: sql`now()`,
        },
      });
    // The oldest browsers past the limit go: a member cannot make one push fan out without end.
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(sql`${pushSubscriptions.createdAt} desc`, sql`${pushSubscriptions.id} desc`)
      .limit(MAX_PUSH_SUBSCRIPTIONS);
    await tx
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.userId, userId), sql`${pushSubscriptions.id} not in (${kept})`),
      );
  });
}

/** The member turned push off in a browser (or logs out there): its subscription goes. */
export async function removePushSubscription(
  db: Database,
  userId: number,
  endpoint: string,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Every browser of a member stops getting pushes (their account is being deleted). */
export async function removePushSubscriptionsOf(db: Database, userId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** A notification for a member, in words the push feature puts in their language. */
export type PushNotice = {
  kind: PushPayload["kind"];
  /** The notification choice it falls under (spec §3); opted out, nothing is sent. */
  category: NotificationCategory;
  titleKey: MessageKey;
  bodyKey: MessageKey;
  params?: MessageParams;
  /** A path of the member's site. */
  url: string;
  tag: string;
  /** Seconds a push service keeps it for a browser that is offline. */
  ttlSeconds: number;
};

/**
 * Sends a notification to every browser the member subscribed, unless they opted out of its
 * category. Subscriptions the push service no longer knows (404, 410) are deleted.
 * @returns how many browsers' push services accepted it
 */
export async function pushToMember(db: Database, user: User, notice: PushNotice) {
  if (user.notificationsDisabled.includes(notice.category)) return 0;
  const targets = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, user.id));
  if (targets.length === 0) return 0;
  const site = getSiteById(user.siteId);
  const t = getTranslate(isLocale(user.language) ? user.language : "en");
  const payload: PushPayload = {
    kind: notice.kind,
    title: t(notice.titleKey, notice.params),
    body: t(notice.bodyKey, notice.params),
    url: notice.url,
    tag: notice.tag,
  };
  const keys = await pushKeys(db);
  const outcomes = await Promise.all(
    targets.map((target) =>
      sendWebPush(keys, target, JSON.stringify(payload), {
        subject: getEnv().VAPID_SUBJECT ?? `mailto:${site.supportEmail}`,
        ttlSeconds: notice.ttlSeconds,
        urgency: "high",
        topic: notice.tag,
      }),
    ),
  );
  const gone = targets.filter((_, index) => outcomes[index] === "gone").map(({ id }) => id);
  if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  const sent = targets.filter((_, index) => outcomes[index] === "sent").map(({ id }) => id);
  if (sent.length) {
    await db
      .update(pushSubscriptions)
      .set({ pushedAt: sql`now()` })
      .where(inArray(pushSubscriptions.id, sent));
  }
  return sent.length;
}
