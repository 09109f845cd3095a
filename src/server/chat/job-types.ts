import { z } from "zod";
import { declareJob } from "../jobs/define";

/** A message notice job's payload: the message, its conversation and who it is for. */
const messageNotice = z.object({
  message: z.number().int(),
  conversation: z.number().int(),
  recipient: z.number().int(),
});

/**
 * The job that e-mails a member about a message that reached none of their open pages (run by
 * account/notification-jobs.ts: the notification mail is the account feature's).
 */
export const chatMailJob = declareJob("chat.mail", messageNotice);

/** The job that pushes a message to a recipient with no visible page (design §2 web push). */
export const chatPushJob = declareJob("chat.push", messageNotice);
