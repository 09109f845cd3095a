import { sql } from "drizzle-orm";
import { check, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The VAPID key pair when the environment gives none (demo and development): one row, made by
 * the first process that starts on the database, so every process signs alike.
 */
export const vapidKeys = pgTable(
  "vapid_keys",
  {
    id: smallint("id").primaryKey(),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("vapid_keys_one_row", sql`${table.id} = 1`)],
);
