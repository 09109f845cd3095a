import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { profiles } from "../profiles/schema";

/** A virtual gift sent from one profile to another, paid with `gift_credits` (spec §1). */
export const gifts = pgTable(
  "gifts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    senderProfileId: integer("sender_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    recipientProfileId: integer("recipient_profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    gift: text("gift").notNull(),
    credits: integer("credits").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("gifts_recipient_idx").on(table.recipientProfileId, table.createdAt)],
);
