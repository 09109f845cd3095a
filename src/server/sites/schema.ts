import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per configured site (design §4). The registry in ./registry.ts is the source of the
 * settings; this table gives members a foreign key to the site they signed up on.
 */
export const sites = pgTable("sites", {
  id: text("id").primaryKey(),
  domain: text("domain").notNull().unique(),
  name: text("name").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
