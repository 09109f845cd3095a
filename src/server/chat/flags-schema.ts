import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { FlagStatus, SafetyRuleId } from "../../contract/staff-options";
import { messages } from "./schema";

/**
 * Issue 27 item 6: a message the safety rules hit, written in the send's own transaction
 * (chat/messages.ts), for a moderator to judge (staff/safety-queue.ts). One row per message; the message itself was
 * sent as any other. While the row is not marked a false positive, the recipient sees
 * `chat.safety.notice` beside the message.
 */
export const messageFlags = pgTable(
  "message_flags",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    /** The rules hit (message-rules.ts ids), in the rules' order. */
    ruleIds: text("rule_ids").array().$type<SafetyRuleId[]>().notNull(),
    status: text("status").$type<FlagStatus>().notNull().default("open"),
    /**
     * The staff member who judged it. Its foreign key to staff_accounts is the migration's
     * custom SQL: chat sits below staff in the feature order and may not import its schema.
     */
    resolvedBy: integer("resolved_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("message_flags_message_key").on(table.messageId),
    // The staff queue: open flags, newest (highest id) first, by keyset on the id.
    index("message_flags_open_idx").on(table.id).where(sql`${table.status} = 'open'`),
    // The console's per-rule counters: hits, and the false positives among them.
    index("message_flags_rules_idx").using("gin", table.ruleIds),
    index("message_flags_false_positive_rules_idx")
      .using("gin", table.ruleIds)
      .where(sql`${table.status} = 'false_positive'`),
    check("message_flags_status", sql`${table.status} in ('open', 'false_positive', 'confirmed')`),
    check(
      "message_flags_resolved",
      sql`(${table.status} = 'open') = (${table.resolvedAt} is null)`,
    ),
  ],
);

export type MessageFlag = typeof messageFlags.$inferSelect;
