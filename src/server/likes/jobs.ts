import { isOnline } from "../events/presence";
import { defineJob } from "../jobs/define";
import { pushToMember } from "../push/service";
import { likePushJob } from "./job-types";
import { findLikeNotice } from "./service";

/** Pushes a new like to a member with no visible page; a failed push is not retried. */
export const likePushJobDefinition = defineJob({
  ...likePushJob,
  lane: "push",
  run: async (job, { db }) => {
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
});

/** The likes feature's jobs (its match e-mail is account/notification-jobs.ts's). */
export const LIKES_JOBS = [likePushJobDefinition];
