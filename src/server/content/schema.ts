import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
