import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type {
  EmailDisabledReason,
  MemberSanction,
  NotificationCategory,
  UserStatus,
} from "../../contract/account-options";
import type { TrackingData } from "../lib/tracking";
import { sites } from "../sites/schema";

export type { TrackingData } from "../lib/tracking";

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id),
    email: text("email").notNull(),
    /** argon2id hash (see auth/password.ts); null for members who cannot log in (seeded). */
    passwordHash: text("password_hash"),
    status: text("status").$type<UserStatus>().notNull().default("not_confirmed"),
    /** design §9: an integer balance that never goes below zero. */
    credits: integer("credits").notNull().default(0),
    paidUser: boolean("paid_user").notNull().default(false),
    language: text("language"),
    notificationsDisabled: jsonb("notifications_disabled")
      .$type<NotificationCategory[]>()
      .notNull()
      .default([]),
    /** Set when e-mail must not be sent to the member at all (spec §4). */
    emailDisabledReason: text("email_disabled_reason").$type<EmailDisabledReason>(),
    tracking: jsonb("tracking").$type<TrackingData>(),
    /** spec §3 Signup form draft: a first message to the member whose landing led to signup. */
    signupMessage: text("signup_message"),
    /**
     * The profile that first message is for. No foreign key: users may not reach into the
     * profiles feature's table (design §3), and chat sends it once the address is confirmed.
     */
    signupMessageTo: integer("signup_message_to"),
    signupDate: timestamp("signup_date", { withTimezone: true }).notNull().defaultNow(),
    /** When the address was first confirmed (the console's activations, metrics/rollup.ts). */
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    /** spec §4: set while the account is pending deletion (reactivatable for 14 days). */
    deletionRequestedAt: timestamp("deletion_requested_at", { withTimezone: true }),
    /** When the personal data was erased; the row stays so received messages keep a sender. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /**
     * design §13: a staff sanction in force (moderation/sanctions.ts), beside the row every read
     * path already has: the member cannot log in, and the profile is hidden while it holds.
     */
    sanction: text("sanction").$type<MemberSanction>(),
    /** When a suspension ends (the moderation.lift-suspensions job lifts it); null for a ban. */
    sanctionEndsAt: timestamp("sanction_ends_at", { withTimezone: true }),
  },
  (table) => [
    // E-mail addresses are unique case-insensitively.
    uniqueIndex("users_email_key").on(sql`lower(${table.email})`),
    index("users_site_idx").on(table.siteId),
    // The console's daily rollup reads a day's signups and activations (metrics/rollup.ts).
    index("users_signup_date_idx").on(table.signupDate),
    index("users_activated_idx").on(table.activatedAt).where(sql`${table.activatedAt} is not null`),
    check("users_credits_not_negative", sql`${table.credits} >= 0`),
    check(
      "users_sanction",
      sql`(${table.sanction} is null and ${table.sanctionEndsAt} is null)
        or (${table.sanction} = 'banned' and ${table.sanctionEndsAt} is null)
        or (${table.sanction} = 'suspended' and ${table.sanctionEndsAt} is not null)`,
    ),
    // The auto-lift job's scan: only the few suspended rows are in it.
    index("users_suspension_end_idx")
      .on(table.sanctionEndsAt)
      .where(sql`${table.sanction} = 'suspended'`),
  ],
);

export type User = typeof users.$inferSelect;

/**
 * design §13: the addresses of banned members, as a keyed hash (users/banned-emails.ts), so a
 * new account or an address change to one is refused. Kept when the account is erased: the
 * hash alone does not give the address back without the server's key.
 */
export const bannedEmailHashes = pgTable("banned_email_hashes", {
  hash: text("hash").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
