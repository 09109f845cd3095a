import { and, eq, isNull, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { z } from "zod";
import type { Database } from "../db/client";
import { defineJob } from "../jobs/define";
import { enqueueJob } from "../jobs/service";

/** The site a mail is sent for: its sender name and address, and its id in the outbox. */
export type MailSite = { id: string; mailName: string; mailFrom: string };

import { getEnv } from "./env";
import { mailOutbox } from "./mail-schema";

export type MailMessage = {
  /** What the mail is, for the outbox and tests: "activation", "signup_exists", … */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

/**
 * Attempts per mail: with the runner's backoff from one minute (1, 2, 4 … 60 min) the eighth
 * attempt comes about two hours after the first, well within the activation link's 48 hours.
 */
export const MAIL_DELIVERY_ATTEMPTS = 8;
export const MAIL_RETRY_BASE_MS = 60 * 1000;

/** The job that hands one outbox row to SMTP (design §10a), in the mail lane. */
export const mailDeliveryJob = defineJob({
  name: "mail.deliver",
  payload: z.object({ outboxId: z.number().int() }),
  lane: "mail",
  retryBaseMs: MAIL_RETRY_BASE_MS,
  run: ({ outboxId }, { db }) => deliverOutboxMail(db, outboxId),
});

/**
 * How long an attempt waits on the mail server (nodemailer's defaults are 2 minutes to connect,
 * 30 s for the greeting, 10 minutes of silence). A healthy server answers in milliseconds; a
 * hung or unreachable one fails the attempt within seconds, and the job is retried with backoff.
 * Mail has its own job lane, so a slow attempt never holds back other jobs either.
 */
export const SMTP_TIMEOUTS = {
  /** From the DNS lookup to the end of the greeting (and STARTTLS). */
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  /** Silence from the server in the middle of a delivery. */
  socketTimeout: 20_000,
} as const;

let transport: Promise<Transporter | null> | undefined;

/**
 * The SMTP transport of SMTP_URL, or null when mail stays in the outbox (design §2). nodemailer
 * is loaded with the first delivery: most processes (and test files) never send one.
 */
function getTransport(): Promise<Transporter | null> {
  transport ??= (async () => {
    const url = getEnv().SMTP_URL;
    if (!url) return null;
    const { default: nodemailer } = await import("nodemailer");
    return nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  })();
  return transport;
}

/**
 * The headers a DKIM signature covers: nodemailer's list with List-Unsubscribe-Post added, which
 * RFC 8058 §4 requires to be signed for a one-click unsubscribe to count.
 */
const DKIM_HEADERS = [
  "From",
  "Sender",
  "Reply-To",
  "Subject",
  "Date",
  "Message-ID",
  "To",
  "Cc",
  "MIME-Version",
  "Content-Type",
  "Content-Transfer-Encoding",
  "In-Reply-To",
  "References",
  "List-Unsubscribe",
  "List-Unsubscribe-Post",
].join(":");

/** DKIM_SELECTOR's signature for the sender's domain, or none when DKIM is not configured. */
export function dkimFor(from: string) {
  const { DKIM_SELECTOR, DKIM_PRIVATE_KEY } = getEnv();
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1]?.toLowerCase();
  if (!DKIM_SELECTOR || !DKIM_PRIVATE_KEY || !domain) return undefined;
  return {
    domainName: domain,
    keySelector: DKIM_SELECTOR,
    privateKey: DKIM_PRIVATE_KEY,
    headerFieldNames: DKIM_HEADERS,
  };
}

/**
 * Sends one e-mail from the site (its mail_name as the sender's name): writes it to the outbox
 * and, when SMTP is configured, enqueues its delivery job (design §10a). The request does no
 * network work for it and cannot fail on a mail server's trouble; the job retries with backoff.
 * Pass the transaction of the change the mail tells about, so both happen or neither does.
 */
export async function sendMail(db: Database, site: MailSite, message: MailMessage): Promise<void> {
  const from = `"${site.mailName.replaceAll('"', "")}" <${site.mailFrom}>`;
  const [row] = await db
    .insert(mailOutbox)
    .values({
      siteId: site.id,
      kind: message.kind,
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers ?? {},
    })
    .returning({ id: mailOutbox.id });
  // Without SMTP the outbox is the whole delivery (development and the demo's /dev/mailbox).
  if (!row || !getEnv().SMTP_URL) return;
  await enqueueJob(
    db,
    mailDeliveryJob,
    { outboxId: row.id },
    { uniqueKey: `${mailDeliveryJob.name}:${row.id}`, maxAttempts: MAIL_DELIVERY_ATTEMPTS },
  );
}

/**
 * The mail.deliver job: hands one outbox row to SMTP and records the attempt on the row. Throws
 * on a failed delivery so that the runner retries it. A row already sent (a retry after a worker
 * died between sending and recording) or since erased is not sent again.
 */
export async function deliverOutboxMail(db: Database, outboxId: number): Promise<void> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, outboxId), isNull(mailOutbox.sentAt)));
  const smtp = await getTransport();
  if (!mail || !smtp) return;
  try {
    await smtp.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      dkim: dkimFor(mail.from),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, error: message })
      .where(eq(mailOutbox.id, mail.id));
    throw new Error(`mail ${mail.id} (${mail.kind}) not delivered: ${message}`);
  }
  await db
    .update(mailOutbox)
    .set({ sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, error: null })
    .where(eq(mailOutbox.id, mail.id));
}
