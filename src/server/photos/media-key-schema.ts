import { sql } from "drizzle-orm";
import { check, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The key that signs /media URLs (photos/media-url.ts): one row, made by the first process that
 * starts on the database, so every process sharing it signs alike with nothing to configure.
 * Deleting the row and restarting the processes makes a new key (ARCHITECTURE.md, Photos).
 */
export const mediaSigningKey = pgTable(
  "media_signing_key",
  {
    /** Always 1: the deployment has one key. */
    id: smallint("id").primaryKey(),
    /** 32 random bytes, base64url. */
    secret: text("secret").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("media_signing_key_one_row", sql`${table.id} = 1`)],
);
