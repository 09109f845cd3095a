import { chatMailJob } from "../chat/job-types";
import { findMessageNotice, findUnreadReminders, markNotified } from "../chat/notifications";
import { isOnline } from "../events/presence";
import { DAILY, defineJob } from "../jobs/define";
import { MAIL_TEMPLATES } from "../lib/mail-templates";
import { matchMailJob } from "../likes/job-types";
import { findMatchNotice } from "../likes/service";
import { getSiteById } from "../sites/registry";
import { sendNotificationMail } from "./notification-mail";

/*
 * The jobs that e-mail a member about what happened while they were away. Chat and likes enqueue
 * them; they live here because the notification mail (preferences, unsubscribe link) is this
 * feature's, above both.
 */

/** E-mails a message that reached none of the recipient's open pages, nor a push. */
export const chatMailJobDefinition = defineJob({
  ...chatMailJob,
  run: async (job, { db }) => {
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
});

/** E-mails a match to the member who was away when their like was answered. */
export const matchMailJobDefinition = defineJob({
  ...matchMailJob,
  run: async (job, { db }) => {
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
});

/** Reminds members, daily, of messages they have left unread. */
export const unreadRemindersJob = defineJob({
  name: "chat.unread-reminders",
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
});
