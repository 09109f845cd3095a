import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { MemberEvent } from "../../contract/events";
import { users } from "../users/schema";

/**
 * design §7: what happened for a member (a message, a read receipt, a credit change, a like),
 * written in the transaction of the change itself. The events stream delivers these rows in id
 * order and a reconnect (Last-Event-ID) resumes from them, so nothing is lost across a dropped
 * connection or a server restart. Kept two days (design §10a): after that the page's periodic
 * refresh has long reloaded everything.
 */
export const memberEvents = pgTable(
  "member_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<MemberEvent["type"]>().notNull(),
    data: jsonb("data").$type<MemberEvent["data"]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("member_events_user_idx").on(table.userId, table.id),
    index("member_events_created_idx").on(table.createdAt),
  ],
);

/**
 * Who has a page of the site open and visible right now: a lease each process renews for the
 * members whose events streams it holds, ended when the last one closes or a page says it was
 * hidden (POST /api/page-hidden.php). A push or an e-mail about a message is for members not
 * here; a process that dies leaves leases that run out on their own.
 */
export const memberPresence = pgTable("member_presence", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  onlineUntil: timestamp("online_until", { withTimezone: true }).notNull(),
});
