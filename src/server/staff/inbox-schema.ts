import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { Locale } from "../../i18n/locales";
import { conversations } from "../chat/schema";
import { users } from "../users/schema";
import { staffAccounts } from "./schema";

/*
 * issue 28 item 1: the operators' inbox (decision 0015). A conversation with an operated
 * (fictional) profile is answered by one agent at a time: the claim is a row per conversation
 * whose lease another agent may take only once it has run out.
 */

/** The claim lock: one row per conversation, taken by a conditional upsert. */
export const inboxClaims = pgTable("inbox_claims", {
  conversationId: integer("conversation_id")
    .primaryKey()
    .references(() => conversations.id, { onDelete: "cascade" }),
  staffId: integer("staff_id")
    .notNull()
    .references(() => staffAccounts.id),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  /** The lease: renewed by the agent's reply; after it anyone may claim. */
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Agents' private notes on a member and an operated profile (name, job, what was said). */
export const inboxNotes = pgTable(
  "inbox_notes",
  {
    memberUserId: integer("member_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    operatedUserId: integer("operated_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    updatedBy: integer("updated_by").references(() => staffAccounts.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberUserId, table.operatedUserId] })],
);

/** Canned answers per language, inserted into the reply box. */
export const cannedAnswers = pgTable(
  "canned_answers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    language: text("language").$type<Locale>().notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("canned_answers_language_idx").on(table.language, table.id)],
);

/**
 * One row per agent's reply, for the figures: who, which site, and how long the member had
 * waited (null for a second reply in a row: only first responses count in the median).
 */
export const inboxAnswers = pgTable(
  "inbox_answers",
  {
    messageId: bigint("message_id", { mode: "number" }).primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffAccounts.id),
    siteId: text("site_id").notNull(),
    waitedSeconds: integer("waited_seconds"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("inbox_answers_created_idx").on(table.createdAt),
    index("inbox_answers_staff_idx").on(table.staffId, table.createdAt),
  ],
);
