import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every e-mail the site sends, kept as sent. Without SMTP_URL (development and the demo) this is
 * the whole delivery and /dev/mailbox shows it; with SMTP it records what went out and errors.
 */
export const mailOutbox = pgTable("mail_outbox", {
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
  error: text("error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type OutboxMail = typeof mailOutbox.$inferSelect;
