import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * design §9: every text message the site sends (today the direct-debit code), as the mail outbox
 * is for e-mail. With SMS_PROVIDER=outbox (development and the demo) this is the whole delivery
 * and /dev/sms shows it; with a real provider an sms.deliver job sends each row and records the
 * outcome here. Rows hold phone numbers and codes, so they are pruned after a day.
 */
export const smsOutbox = pgTable("sms_outbox", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  siteId: text("site_id").notNull(),
  /** What the message is, for the outbox and tests: "direct_debit_code". */
  kind: text("kind").notNull(),
  /** E.164, as the provider wants it: +31612345678. */
  to: text("to").notNull(),
  /** The sender the site's messages show: its name, or a number. */
  from: text("from").notNull(),
  text: text("text").notNull(),
  /** The provider's id of the message once it took it. */
  providerRef: text("provider_ref"),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  attempts: integer("attempts").notNull().default(0),
  error: text("error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type OutboxSms = typeof smsOutbox.$inferSelect;
