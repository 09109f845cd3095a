import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type {
  BodyType,
  EyeColor,
  Gender,
  HairColor,
  PhotoStatus,
  ProfileKind,
  ProfileStatus,
  RelationshipStatus,
  Seeking,
} from "../../contract/profile-options";
import { users } from "../users/schema";

export const profiles = pgTable(
  "profiles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Null until the profile wizard asks (signup asks only name and date of birth). */
    gender: text("gender").$type<Gender>(),
    seeking: text("seeking").$type<Seeking>(),
    birthdate: date("birthdate", { mode: "string" }).notNull(),
    /** ISO 3166-1 alpha-2, lower case. */
    country: text("country").notNull(),
    /** ISO 3166-2 code of a region of `country` ('DE-BY'), see geo/regions.ts. */
    region: text("region"),
    about: text("about"),
    interests: jsonb("interests").$type<string[]>().notNull().default([]),
    hairColor: text("hair_color").$type<HairColor>(),
    eyeColor: text("eye_color").$type<EyeColor>(),
    bodyType: text("body_type").$type<BodyType>(),
    /** Centimetres. */
    height: smallint("height"),
    relationshipStatus: text("relationship_status").$type<RelationshipStatus>(),
    /** The profile wizard's next step (0-4); 5 once it was completed (spec §2 /profile). */
    wizardStep: smallint("wizard_step").notNull().default(0),
    kind: text("kind").$type<ProfileKind>().notNull().default("member"),
    /** spec §1: fictional profiles show a warning. */
    fictional: boolean("fictional").notNull().default(false),
    status: text("status").$type<ProfileStatus>().notNull().default("disabled"),
    /** Invisible mode (spec §2 Settings): left out of search and lists of others. */
    invisible: boolean("invisible").notNull().default(false),
    mainPhotoId: integer("main_photo_id").references((): AnyPgColumn => photos.id, {
      onDelete: "set null",
    }),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Member search pages by most recently active (keyset on last_active_at, id), design §12.
    index("profiles_search_idx")
      .on(table.lastActiveAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 'active'`),
    // The filters of a search, and everything its capped count reads (region, id for the viewer
    // and the blocks), for members who may be listed: the count is an index-only scan, where
    // it read a thousand and more table rows on every search's first page (issue 11).
    index("profiles_search_filter_idx")
      .on(table.gender, table.country, table.birthdate, table.region, table.id)
      .where(sql`${table.status} = 'active' and not ${table.invisible}`),
    // issue 27: member support finds a member by the start of their name, in any case; the
    // pattern operator class serves `like 'prefix%'` whatever the database's collation.
    index("profiles_name_prefix_idx").on(sql`lower(${table.name}) text_pattern_ops`),
  ],
);

export type Profile = typeof profiles.$inferSelect;

/*
 * The photos table is declared here, beside profiles, because the two reference each other (a
 * photo belongs to a profile; a profile points at its main photo): declared in two files, the
 * schemas would import each other. The photos feature owns the rows: photos/schema.ts re-exports
 * the table, and writes go only through photos/service.ts.
 */
export const photos = pgTable(
  "photos",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /**
     * Storage key prefix with 96 random bits (design §8: URLs cannot be guessed); the stored
     * renditions are `<key>-thumb.webp`, `<key>-main.webp` and `<key>-large.webp`.
     */
    storageKey: text("storage_key").notNull(),
    /**
     * Key of the server-made blurred rendition (`<blurKey>.webp`) shown while the photo is
     * locked. Random on its own, so it reveals nothing of `storageKey` (design §8).
     */
    blurKey: text("blur_key"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: smallint("position").notNull().default(0),
    status: text("status").$type<PhotoStatus>().notNull().default("active"),
    /**
     * The photo's perceptual hash (photos/phash.ts: a dHash of the whole upright picture, 16 hex
     * digits), for the photo review: a rejected image comes back, or one photo is on two
     * accounts. Null for photos stored before the review existed and for the seed's.
     */
    phash: text("phash"),
    /**
     * Since when the photo waits in the staff review queue (docs/decisions/0011: every upload
     * enters it, a photo found on another account enters it again); null once reviewed or for
     * photos that never entered it. Set by the app in whole milliseconds: the queue's cursor.
     */
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** The same image on another member's account (a catfish?), for the moderator to compare. */
    duplicateOf: integer("duplicate_of").references((): AnyPgColumn => photos.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("photos_profile_idx").on(table.profileId, table.position),
    // Deleting a photo asks whether another photo still uses its files (the demo's shared pool).
    index("photos_storage_key_idx").on(table.storageKey),
    // The upload's look for the same image on other accounts reads hash and owner only: a scan
    // of this index, not of the table (photos/duplicates.ts).
    index("photos_phash_idx")
      .on(table.phash, table.profileId, table.id)
      .where(sql`${table.phash} is not null`),
    // Deleting a photo clears what points at it (duplicate_of): found here, not by a scan.
    index("photos_duplicate_of_idx")
      .on(table.duplicateOf)
      .where(sql`${table.duplicateOf} is not null`),
    // The review queue, oldest first, a page at a time (keyset on queued_at, id).
    index("photos_review_queue_idx")
      .on(table.queuedAt, table.id)
      .where(sql`${table.queuedAt} is not null`),
  ],
);

export type Photo = typeof photos.$inferSelect;
