import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../users/schema";

/**
 * spec §2 `{token}` route: a short token at the site's root that stands for a stored target,
 * such as a tracked link in an e-mail. Targets are paths on the same site, never other hosts.
 */
export const shortLinks = pgTable("short_links", {
  token: text("token").primaryKey(),
  target: text("target").notNull(),
  clicks: integer("clicks").notNull().default(0),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A complaint sent through /complaints, kept for the support team (and e-mailed to them). */
export const complaints = pgTable(
  "complaints",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    siteId: text("site_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    category: text("category").notNull(),
    message: text("message").notNull(),
    locale: text("locale").notNull(),
    status: text("status").$type<"open" | "closed">().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("complaints_site_status_idx").on(table.siteId, table.status, table.createdAt)],
);

/** The cookie notice's answer, recorded with the policy version it was given for. */
export const cookieConsents = pgTable("cookie_consents", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  siteId: text("site_id").notNull(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  choice: text("choice").$type<"all" | "necessary">().notNull(),
  policyVersion: text("policy_version").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 28 item 5 (docs/decisions/0013): legal texts edited in the console. Each save adds a
 * version; the one `live` row of a (site, locale, document) is served instead of the file of
 * src/content/legal, and a revert only clears `live`, so earlier versions stay. The staff
 * account is kept as an id (staff sit above content; accounts are disabled, never deleted).
 */
export const legalTexts = pgTable(
  "legal_texts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    siteId: text("site_id").notNull(),
    locale: text("locale").notNull(),
    document: text("document").notNull(),
    markdown: text("markdown").notNull(),
    live: boolean("live").notNull().default(true),
    updatedBy: integer("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("legal_texts_live_key")
      .on(table.siteId, table.locale, table.document)
      .where(sql`${table.live}`),
    index("legal_texts_history_idx").on(table.siteId, table.locale, table.document, table.id),
  ],
);
