import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema";

/** What a single-use link from an e-mail is for. */
export type AccountTokenPurpose =
  | "activation"
  | "password_reset"
  | "email_change"
  | "reactivation"
  | "unsubscribe";

/**
 * Single-use, expiring tokens sent by e-mail (activation, password reset, …). Like sessions, only
 * the SHA-256 of the token is stored (design §10).
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<AccountTokenPurpose>().notNull(),
    /** Purpose-specific data, e.g. the new address of an e-mail change. */
    data: jsonb("data").$type<Record<string, string>>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("account_tokens_user_idx").on(table.userId, table.purpose)],
);

export type AccountToken = typeof accountTokens.$inferSelect;
