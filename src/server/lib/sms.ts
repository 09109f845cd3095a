import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client";
import { defineJob, type JobContext } from "../jobs/define";
import { enqueueJob } from "../jobs/service";
import { getEnv } from "./env";
import { type OutboxSms, smsOutbox } from "./sms-schema";

/** The site a text is sent for: its name is the sender where no SMS_FROM is set. */
export type SmsSite = { id: string; name: string };

export type SmsMessage = {
  /** What the text is, for the outbox and tests: "direct_debit_code". */
  kind: string;
  /** E.164: +31612345678. */
  to: string;
  text: string;
};

/**
 * design §9: the one interface text messages leave through. A sender takes one message or
 * throws; the outbox row and the job around it (sendSms, deliverOutboxSms) are the same for all.
 */
export interface SmsSender {
  readonly id: string;
  send(message: { to: string; from: string; text: string }): Promise<{ id: string }>;
}

/**
 * Attempts per text: a code is worth its ten minutes only, so a few quick tries (the runner's
 * backoff from 20 s) and then the member asks for a new one.
 */
export const SMS_DELIVERY_ATTEMPTS = 3;
export const SMS_RETRY_BASE_MS = 20 * 1000;

/** The job that hands one outbox text to the SMS provider, in the sms lane. */
export const smsDeliveryJob = defineJob({
  name: "sms.deliver",
  payload: z.object({ outboxId: z.number().int() }),
  lane: "sms",
  retryBaseMs: SMS_RETRY_BASE_MS,
  // The process's sender, bound by src/server/providers.ts (bindJobProviders).
  run: ({ outboxId }, { db, providers }: JobContext & { providers: { sms: SmsSender | null } }) =>
    deliverOutboxSms(db, providers.sms, outboxId),
});

/**
 * Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded To, From
 * and Body, HTTP basic auth with the account SID and auth token; 201 with the message's `sid`).
 * Plain fetch: one call does not need Twilio's SDK.
 */
export function createTwilioSender(options: {
  accountSid: string;
  authToken: string;
  apiUrl: string;
}): SmsSender {
  const url = new URL(
    `/2010-04-01/Accounts/${options.accountSid}/Messages.json`,
    options.apiUrl,
  ).toString();
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  return {
    id: "twilio",
    async send(message) {
      const response = await fetch(url, {
        method: "POST",
        headers: { authorization, accept: "application/json" },
        body: new URLSearchParams({ To: message.to, From: message.from, Body: message.text }),
        // A hung provider must fail the attempt well inside the job's lease.
        signal: AbortSignal.timeout(30_000),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        sid?: unknown;
        code?: unknown;
        message?: unknown;
      };
      if (!response.ok || typeof answer.sid !== "string") {
        throw new Error(
          `Twilio answered ${response.status}: ${String(answer.code ?? "")} ${String(answer.message ?? "")}`.trim(),
        );
      }
      return { id: answer.sid };
    },
  };
}

/**
 * Sends one text for a site: writes it to the outbox and, with a real provider, enqueues its
 * delivery job, as sendMail does for e-mail. Pass the transaction of the change the text belongs
 * to, so both happen or neither does. `sender` is the process's (providers.ts); with none, the
 * text stays in the outbox.
 */
export async function sendSms(
  db: Database,
  sender: SmsSender | null,
  site: SmsSite,
  message: SmsMessage,
): Promise<void> {
  const from = getEnv().SMS_FROM ?? site.name.replace(/[^A-Za-z0-9 ]/g, "").slice(0, 11);
  const [row] = await db
    .insert(smsOutbox)
    .values({ siteId: site.id, kind: message.kind, to: message.to, from, text: message.text })
    .returning({ id: smsOutbox.id });
  if (!row || !sender) return;
  await enqueueJob(
    db,
    smsDeliveryJob,
    { outboxId: row.id },
    { uniqueKey: `${smsDeliveryJob.name}:${row.id}`, maxAttempts: SMS_DELIVERY_ATTEMPTS },
  );
}

/**
 * The sms.deliver job: hands one outbox text to the provider and records the attempt on the row;
 * throws on a failure so that the runner retries. A text already sent is not sent again.
 */
export async function deliverOutboxSms(
  db: Database,
  sender: SmsSender | null,
  outboxId: number,
): Promise<void> {
  const [sms] = await db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.id, outboxId), isNull(smsOutbox.sentAt)));
  if (!sms || !sender) return;
  let sent: { id: string };
  try {
    sent = await sender.send({ to: sms.to, from: sms.from, text: sms.text });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(smsOutbox)
      .set({ attempts: sql`${smsOutbox.attempts} + 1`, error: message })
      .where(eq(smsOutbox.id, sms.id));
    throw new Error(`text ${sms.id} (${sms.kind}) not delivered: ${message}`);
  }
  await db
    .update(smsOutbox)
    .set({
      sentAt: new Date(),
      providerRef: sent.id,
      attempts: sql`${smsOutbox.attempts} + 1`,
      error: null,
    })
    .where(eq(smsOutbox.id, sms.id));
}

/** The newest texts of the outbox, optionally to one number (the dev outbox page). */
export async function findOutboxSms(
  db: Database,
  options: { to?: string | null; limit?: number } = {},
): Promise<OutboxSms[]> {
  const query = db.select().from(smsOutbox);
  const filtered = options.to ? query.where(eq(smsOutbox.to, options.to)) : query;
  return filtered.orderBy(desc(smsOutbox.id)).limit(options.limit ?? 50);
}

/** Erasure (spec §1): removes every text of the outbox sent to these numbers. */
export async function deleteOutboxSmsTo(db: Database, numbers: string[]): Promise<number> {
  if (numbers.length === 0) return 0;
  const deleted = await db
    .delete(smsOutbox)
    .where(inArray(smsOutbox.to, numbers))
    .returning({ id: smsOutbox.id });
  return deleted.length;
}

/** How long a text is kept: its code is dead after minutes; the number is personal data. */
export const SMS_RETENTION_MS = 24 * 60 * 60 * 1000;

/** design §10a: deletes every text older than SMS_RETENTION_MS. Answers the rows deleted. */
export async function pruneOutboxSms(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(smsOutbox)
    .where(lt(smsOutbox.createdAt, new Date(now.getTime() - SMS_RETENTION_MS)))
    .returning({ id: smsOutbox.id });
  return deleted.length;
}
