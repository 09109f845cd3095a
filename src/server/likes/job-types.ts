import { z } from "zod";
import { declareJob } from "../jobs/define";

/** The job that pushes a new like to a member with no visible page (design §2 web push). */
export const likePushJob = declareJob(
  "likes.push",
  z.object({ liker: z.number().int(), liked: z.number().int() }),
);

/**
 * The job that e-mails a match to the member who was away when their like was answered (run by
 * account/notification-jobs.ts: the notification mail is the account feature's).
 */
export const matchMailJob = declareJob(
  "likes.match-mail",
  z.object({ profile: z.number().int(), partner: z.number().int() }),
);
