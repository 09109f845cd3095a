import { isOnline } from "../events/presence";
import { defineJob } from "../jobs/define";
import { pushToMember } from "../push/service";
import { chatPushJob } from "./job-types";
import { findMessageNotice, markNotified } from "./notifications";

/**
 * Pushes a message to a recipient with no visible page. A push is worth its moment only: a push
 * service's failure is not retried, and the e-mail two minutes on takes over.
 */
export const chatPushJobDefinition = defineJob({
  ...chatPushJob,
  lane: "push",
  run: async (job, { db }) => {
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
});

/** The chat feature's jobs (its e-mails are account/notification-jobs.ts's). */
export const CHAT_JOBS = [chatPushJobDefinition];
