import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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

/**
 * Issue 28 item 2: what an operator changed of a site's settings (contract/staff-settings.ts),
 * laid over the registry's defaults (sites/settings-cache.ts). One row a site, written only
 * through `saveSiteSettings`; `version` grows with each change.
 */
export const siteSettings = pgTable("site_settings", {
  siteId: text("site_id")
    .primaryKey()
    .references(() => sites.id),
  overrides: jsonb("overrides").$type<Record<string, unknown>>().notNull(),
  version: integer("version").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** The staff account that made the change (no reference: staff sit above sites). */
  updatedBy: integer("updated_by"),
});
