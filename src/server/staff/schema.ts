import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { StaffAuditTarget, StaffRole } from "../../contract/staff-options";
import type { Locale } from "../../i18n/locales";

/**
 * design §13: the people who run the site, apart from members (no row in `users`, no member
 * session). They sign in with a password and a TOTP code; their accounts come from the command
 * line (`npm run staff`). Wrong passwords and codes count in `rate_limits` (staffLoginFailures).
 */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    /** argon2id (auth/password.ts). */
    passwordHash: text("password_hash").notNull(),
    /** The RFC 6238 key, base32 as the authenticator app was given it (staff/totp.ts). */
    totpSecret: text("totp_secret").notNull(),
    role: text("role").$type<StaffRole>().notNull(),
    /** The console's language, one of the 11 locales. */
    language: text("language").$type<Locale>().notNull().default("en"),
    /**
     * issue 28: the member languages an inbox agent answers in (null: the console's language)
     * and the sites they work (null: all).
     */
    inboxLanguages: text("inbox_languages").array().$type<Locale[]>(),
    inboxSites: text("inbox_sites").array(),
    /** The last TOTP time step accepted: a code of that step or an earlier one is refused. */
    lastTotpStep: bigint("last_totp_step", { mode: "number" }).notNull().default(0),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("staff_accounts_email_key").on(sql`lower(${table.email})`),
    check(
      "staff_accounts_role",
      sql`${table.role} in ('admin', 'moderator', 'support', 'operator', 'editor')`,
    ),
  ],
);

export type StaffAccount = typeof staffAccounts.$inferSelect;

/**
 * A staff sign-in: the id is the SHA-256 of the `staff` cookie's token (like members'
 * sessions), 12 hours from sign-in, never extended.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The address the sign-in came from, by the trusted-proxy rule. */
    ip: text("ip"),
  },
  (table) => [index("staff_sessions_staff_idx").on(table.staffId)],
);

export type StaffSession = typeof staffSessions.$inferSelect;

/**
 * design §13: one row per staff action (and per staff read of a member's private data), written
 * in the action's own transaction (staff/audit.ts). Append-only: a trigger refuses UPDATE and
 * DELETE (drizzle/0026_staff.sql). `staff_id` null: the command line (`npm run staff`).
 */
export const staffAudit = pgTable(
  "staff_audit",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer("staff_id").references(() => staffAccounts.id),
    /** The role the staff member had when they acted. */
    role: text("role").$type<StaffRole>(),
    action: text("action").notNull(),
    targetType: text("target_type").$type<StaffAuditTarget>(),
    targetId: text("target_id"),
    reason: text("reason"),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Newest first is id descending (the primary key); each filter pages by id within it.
    index("staff_audit_staff_idx").on(table.staffId, table.id),
    index("staff_audit_action_idx").on(table.action, table.id),
    index("staff_audit_target_idx").on(table.targetType, table.targetId, table.id),
    index("staff_audit_created_idx").on(table.createdAt),
  ],
);

export type StaffAuditRow = typeof staffAudit.$inferSelect;
