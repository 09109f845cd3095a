import { desc, eq } from "drizzle-orm";
import { PASSWORD_RESET_JOB } from "../server/auth/password-reset";
import { runDueJobs } from "../server/jobs/runner";
import { mailOutbox, type OutboxMail } from "../server/lib/mail-schema";
import { smsOutbox } from "../server/lib/sms-schema";
import { getReadyDb } from "../server/startup";
import { serverJobs } from "./jobs";

/** The jobs that write a mail after the request was answered (not delivery: that is SMTP's). */
const MAIL_WRITING_JOBS = serverJobs([PASSWORD_RESET_JOB]);

/**
 * The e-mails sent to an address, newest first, once the queued work is done: some mails are
 * written by jobs after the request was answered (a password reset), as the server's runner would.
 */
export async function findMailsTo(to: string): Promise<OutboxMail[]> {
  const db = await getReadyDb();
  await runDueJobs(db, MAIL_WRITING_JOBS);
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
}

/** The first link in a mail's text that points at `path`. */
export function findLink(mail: OutboxMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]*${path.replaceAll("?", "\\?")}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in mail ${mail.kind}`);
  return match[0];
}

/** The six-digit code of the newest text to a number (the direct-debit code), and that text. */
export async function findTextedCode(to: string): Promise<{ code: string; text: string }> {
  const db = await getReadyDb();
  const [sms] = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.to, to))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(sms?.text ?? "")?.[1];
  if (!sms || !code) throw new Error(`no code texted to ${to}`);
  return { code, text: sms.text };
}
