import { isLocale } from "../i18n/locales";
import { eraseExpiredAccounts, REACTIVATION_DAYS } from "./account/deletion";
import { EMAIL_CHANGE_TTL_MS } from "./account/email-change";
import { sendNotificationMail, UNSUBSCRIBE_TTL_MS } from "./account/notification-mail";
import { PASSWORD_RESET_JOB, RESET_TTL_MS, sendPasswordResetMail } from "./auth/password-reset";
import { pruneExpiredSessions } from "./auth/session";
import { ACTIVATION_TTL_HOURS } from "./auth/signup";
import { pruneAccountTokens } from "./auth/tokens";
import {
  CHAT_MAIL_JOB,
  CHAT_PUSH_JOB,
  findMessageNotice,
  findUnreadReminders,
  markNotified,
} from "./chat/notifications";
import { vacuumEmbedded } from "./db/maintenance";
import { pruneMemberEvents } from "./events/bus";
import { isOnline } from "./events/presence";
import type { JobDefinition, JobLane } from "./jobs/runner";
import { pruneFinishedJobs } from "./jobs/service";
import { deliverOutboxMail, MAIL_DELIVERY_JOB, MAIL_RETRY_BASE_MS } from "./lib/mail";
import { pruneOutboxMails } from "./lib/mail-outbox";
import { MAIL_TEMPLATES } from "./lib/mail-templates";
import { pruneRateLimits } from "./lib/rate-limit";
import { deliverOutboxSms, pruneOutboxSms, SMS_DELIVERY_JOB, SMS_RETRY_BASE_MS } from "./lib/sms";
import { findLikeNotice, findMatchNotice, LIKE_PUSH_JOB, MATCH_MAIL_JOB } from "./likes/service";
import { pruneUnconfirmedMandates } from "./payments/direct-debit";
import { sendReceiptMail } from "./payments/receipt";
import {
  handlePaymentNotice,
  PAYMENT_SYNC_JOB,
  RECEIPT_MAIL_JOB,
  REFUND_JOB,
  refundWithdrawnOrder,
} from "./payments/service";
import { pushToMember } from "./push/service";
import { pruneIdempotencyKeys } from "./request/idempotency";
import { getSiteById } from "./sites/registry";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const HOURLY = 60;
const DAILY = 24 * 60;

/**
 * The longest any e-mail link works (today the unsubscribe link's 90 days), plus a day: an outbox
 * row older than this holds no working link, delivered or not.
 */
export const OUTBOX_MAX_AGE_MS =
  Math.max(
    RESET_TTL_MS,
    ACTIVATION_TTL_HOURS * HOUR_MS,
    EMAIL_CHANGE_TTL_MS,
    REACTIVATION_DAYS * DAY_MS,
    UNSUBSCRIBE_TTL_MS,
  ) + DAY_MS;

/** A chat notice job's payload: the message, its conversation and who it is for. */
function messageJob(payload: Record<string, unknown>) {
  return {
    message: Number(payload.message),
    conversation: Number(payload.conversation),
    recipient: Number(payload.recipient),
  };
}

/** The job that erases accounts pending deletion for more than 14 days (spec §1). */
export const ERASURE_JOB = "users.erase-expired";

/**
 * design §10a: every job the server runs, the recurring ones with their schedule, each in its
 * lane: a job that waits on an outside service in that service's lane (SMTP, the SMS and push
 * services, the payment provider), the database's own work in `main`. Retention and why:
 * ARCHITECTURE.md, "Jobs and retention". Each pruning job deletes what is due whenever it
 * runs, so a slot missed while no process ran is made up by the next.
 */
export const JOB_DEFINITIONS: Record<string, JobDefinition & { lane: JobLane }> = {
  [PASSWORD_RESET_JOB]: {
    lane: "main",
    run: async (payload, { db }) =>
      sendPasswordResetMail(
        db,
        getSiteById(String(payload.siteId)),
        String(payload.email),
        isLocale(payload.locale) ? payload.locale : "en",
      ),
  },
  [MAIL_DELIVERY_JOB]: {
    lane: "mail",
    retryBaseMs: MAIL_RETRY_BASE_MS,
    run: async (payload, { db }) => {
      if (typeof payload.outboxId !== "number") throw new Error("no outboxId in the payload");
      await deliverOutboxMail(db, payload.outboxId);
    },
  },
  [SMS_DELIVERY_JOB]: {
    lane: "sms",
    retryBaseMs: SMS_RETRY_BASE_MS,
    run: async (payload, { db }) => {
      if (typeof payload.outboxId !== "number") throw new Error("no outboxId in the payload");
      await deliverOutboxSms(db, payload.outboxId);
    },
  },
  [ERASURE_JOB]: {
    lane: "main",
    everyMinutes: HOURLY,
    // Erasure deletes photo files too; give a large backlog time before another worker steps in.
    leaseMs: 30 * 60 * 1000,
    run: async (_, { db, now }) => void (await eraseExpiredAccounts(db, now)),
  },
  [CHAT_PUSH_JOB]: {
    lane: "push",
    // A push is worth its moment only: a push service's failure is not retried, and the e-mail
    // two minutes on takes over.
    run: async (payload, { db }) => {
      const job = messageJob(payload);
      // Most recipients of a message are looking at the site: the cheapest question first.
      if (await isOnline(db, job.recipient)) return;
      const notice = await findMessageNotice(db, job, "push");
      if (!notice) return;
      const pushed = await pushToMember(db, notice.recipient, {
        kind: "message",
        category: notice.category,
        titleKey:
          notice.category === "new_conversations"
            ? "push.newConversation.title"
            : "push.newMessage.title",
        bodyKey:
          notice.category === "new_conversations"
            ? "push.newConversation.body"
            : "push.newMessage.body",
        params: { name: notice.senderName },
        url: `/chats/${notice.conversation}`,
        tag: `c${notice.conversation}`,
        ttlSeconds: 24 * 60 * 60,
      });
      if (pushed > 0) await markNotified(db, job, "push");
    },
  },
  [LIKE_PUSH_JOB]: {
    lane: "push",
    run: async (payload, { db }) => {
      const job = { liker: Number(payload.liker), liked: Number(payload.liked) };
      const notice = await findLikeNotice(db, job);
      if (!notice || (await isOnline(db, notice.recipient.id))) return;
      await pushToMember(db, notice.recipient, {
        kind: "like",
        category: "like",
        titleKey: "push.like.title",
        bodyKey: "push.like.body",
        params: { name: notice.likerName },
        url: `/members/${job.liker}`,
        tag: `l${job.liker}`,
        ttlSeconds: 24 * 60 * 60,
      });
    },
  },
  [MATCH_MAIL_JOB]: {
    lane: "main",
    run: async (payload, { db }) => {
      const job = { profile: Number(payload.profile), partner: Number(payload.partner) };
      const notice = await findMatchNotice(db, job);
      if (!notice) return;
      const site = getSiteById(notice.recipient.siteId);
      await sendNotificationMail(db, site, notice.recipient, {
        category: "like",
        template: MAIL_TEMPLATES.match,
        url: `${site.origin}/members/${job.partner}`,
        origin: site.origin,
        params: { name: notice.partnerName },
      });
    },
  },
  [RECEIPT_MAIL_JOB]: {
    lane: "main",
    run: async (payload, { db }) => sendReceiptMail(db, Number(payload.order)),
  },
  [REFUND_JOB]: {
    lane: "payments",
    // Money owed to a member: enqueued with more attempts than most (withdrawOrder).
    run: async (payload, { db }) => refundWithdrawnOrder(db, Number(payload.order)),
  },
  [PAYMENT_SYNC_JOB]: {
    lane: "payments",
    // The provider's word on a payment, asked again after it told us of a change (the sandbox's
    // checkout): retried with backoff while the provider cannot be reached.
    run: async (payload, { db }) => handlePaymentNotice(db, String(payload.payment)),
  },
  [CHAT_MAIL_JOB]: {
    lane: "main",
    run: async (payload, { db }) => {
      const job = messageJob(payload);
      if (await isOnline(db, job.recipient)) return;
      const mail = await findMessageNotice(db, job, "mail");
      if (!mail) return;
      const site = getSiteById(mail.recipient.siteId);
      const sent = await sendNotificationMail(db, site, mail.recipient, {
        category: mail.category,
        template:
          mail.category === "new_conversations"
            ? MAIL_TEMPLATES.newConversation
            : MAIL_TEMPLATES.newMessage,
        url: `${site.origin}/chats/${mail.conversation}`,
        origin: site.origin,
        params: { name: mail.senderName },
      });
      if (sent) await markNotified(db, job, "mail");
    },
  },
  "chat.unread-reminders": {
    lane: "main",
    everyMinutes: DAILY,
    run: async (_, { db, now }) => {
      for (const { user, unread } of await findUnreadReminders(db, now)) {
        const site = getSiteById(user.siteId);
        await sendNotificationMail(db, site, user, {
          category: "unread_message_reminders",
          template: MAIL_TEMPLATES.unreadReminder,
          url: `${site.origin}/chats`,
          origin: site.origin,
          params: { count: unread },
        });
      }
    },
  },
  "prune.member-events": {
    lane: "main",
    everyMinutes: HOURLY,
    run: async (_, { db, now }) => void (await pruneMemberEvents(db, now)),
  },
  "prune.rate-limits": {
    lane: "main",
    everyMinutes: HOURLY,
    run: async (_, { db, now }) => void (await pruneRateLimits(db, now)),
  },
  "prune.idempotency-keys": {
    lane: "main",
    everyMinutes: HOURLY,
    run: async (_, { db, now }) => void (await pruneIdempotencyKeys(db, now)),
  },
  "prune.outbox": {
    lane: "main",
    everyMinutes: DAILY,
    run: async (_, { db, now }) =>
      void (await pruneOutboxMails(db, { now, maxAgeMs: OUTBOX_MAX_AGE_MS })),
  },
  "prune.sms-outbox": {
    lane: "main",
    everyMinutes: HOURLY,
    run: async (_, { db, now }) => void (await pruneOutboxSms(db, now)),
  },
  "prune.direct-debit-mandates": {
    lane: "main",
    everyMinutes: HOURLY,
    run: async (_, { db, now }) => void (await pruneUnconfirmedMandates(db, now)),
  },
  "prune.sessions": {
    lane: "main",
    everyMinutes: DAILY,
    run: async (_, { db, now }) => void (await pruneExpiredSessions(db, now)),
  },
  "prune.account-tokens": {
    lane: "main",
    everyMinutes: DAILY,
    run: async (_, { db, now }) => void (await pruneAccountTokens(db, now)),
  },
  "prune.jobs": {
    lane: "main",
    everyMinutes: DAILY,
    run: async (_, { db, now }) => void (await pruneFinishedJobs(db, now)),
  },
  "db.vacuum": {
    lane: "main",
    everyMinutes: DAILY,
    // On the embedded database only; a large one takes seconds, during which queries wait.
    leaseMs: 30 * 60 * 1000,
    run: async (_, { db }) => void (await vacuumEmbedded(db)),
  },
};
