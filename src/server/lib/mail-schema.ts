import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every e-mail the site sends. Without SMTP_URL (development and the demo) this is the whole
 * delivery and /dev/mailbox shows it; with SMTP a mail.deliver job sends each row and records
 * the outcome here. Rows hold live links, so they are pruned (design §10a, ARCHITECTURE.md).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    siteId: text("site_id").notNull(),
    kind: text("kind").notNull(),
    from: text("from").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Delivery attempts over SMTP so far (design §10a: the mail.deliver job retries). */
    attempts: integer("attempts").notNull().default(0),
    /** The last delivery attempt's error, cleared once delivered. */
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The mail sent to one member (member support, erasure), whatever the address's case.
    index("mail_outbox_to_idx").on(sql`lower(${table.to})`, table.id),
  ],
);

export type OutboxMail = typeof mailOutbox.$inferSelect;
