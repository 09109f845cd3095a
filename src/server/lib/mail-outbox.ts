import { and, desc, eq, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { mailOutbox, type OutboxMail } from "./mail-schema";

/** The newest e-mails of the outbox, optionally to one address (the dev mailbox). */
export async function findOutboxMails(
  db: Database,
  options: { to?: string | null; limit?: number } = {},
): Promise<OutboxMail[]> {
  const query = db.select().from(mailOutbox);
  const filtered = options.to ? query.where(eq(mailOutbox.to, options.to)) : query;
  return filtered.orderBy(desc(mailOutbox.id)).limit(options.limit ?? 50);
}

/**
 * Erasure (spec §1): removes every e-mail of the outbox sent to an address, whatever its case;
 * they hold the address, the member's name and links.
 */
export async function deleteOutboxMailsTo(db: Database, address: string): Promise<number> {
  const deleted = await db
    .delete(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.to})`, address.toLowerCase()))
    .returning({ id: mailOutbox.id });
  return deleted.length;
}

/** Splits text into plain parts and links, so a page can render links without raw HTML. */
export function splitLinks(text: string): { text: string; href?: string }[] {
  return text
    .split(/(https?:\/\/[^\s]+)/g)
    .map((part) => (/^https?:\/\//.test(part) ? { text: part, href: part } : { text: part }));
}

/** How long a delivered mail is kept: enough to answer "did my e-mail go out?". */
export const DELIVERED_MAIL_RETENTION_DAYS = 7;

/**
 * design §10a: outbox rows hold addresses and live links. Deletes delivered mails
 * DELIVERED_MAIL_RETENTION_DAYS after delivery, and every mail, delivered or not, older than
 * `maxAgeMs` (the caller passes the longest link lifetime plus a margin: no link in an older mail
 * works any more). Answers the rows deleted.
 */
export async function pruneOutboxMails(
  db: Database,
  options: { now?: Date; maxAgeMs: number },
): Promise<number> {
  const now = options.now ?? new Date();
  const deliveredBefore = new Date(now.getTime() - DELIVERED_MAIL_RETENTION_DAYS * 86_400_000);
  const deleted = await db
    .delete(mailOutbox)
    .where(
      or(
        and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, deliveredBefore)),
        lt(mailOutbox.createdAt, new Date(now.getTime() - options.maxAgeMs)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return deleted.length;
}
