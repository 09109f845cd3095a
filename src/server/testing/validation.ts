import { z } from "@hono/zod-openapi";
import { countryField, regionField } from "../../contract/fields";
import { INTERESTS } from "../../contract/profile-options";
import { STAFF_ROLES } from "../../contract/staff-options";
import { locales } from "../../i18n/locales";
import { sites } from "../sites/registry";

const profileIds = z.array(z.number().int().min(1).max(2_147_483_647)).max(50).default([]);

/**
 * POST /api/test/members.php: the members a browser test needs (TEST_FIXTURES only). Every field
 * has a default, so `{}` is a confirmed free member with a complete profile and no photos.
 */
export const fixtureMembersBody = z
  .object({
    /** How many alike members to create (each with its own address). */
    count: z.number().int().min(1).max(50).default(1),
    /** The start of each address, so a failing test's members are easy to find. */
    label: z
      .string()
      .regex(/^[a-z0-9-]{1,30}$/)
      .default("member"),
    password: z.string().min(8).max(128).default("fixture member password"),
    name: z.string().trim().min(1).max(40).default("Alex"),
    site: z.enum(sites.map((site) => site.id) as [string, ...string[]]).optional(),
    /** false: the address is not confirmed yet and the profile is hidden, as after signup. */
    confirmed: z.boolean().default(true),
    /** A member who has bought credits (spec §4: the first payment makes a member premium). */
    premium: z.boolean().default(false),
    credits: z.number().int().min(0).max(1_000_000).default(0),
    /** Generated portraits, the first one the main photo (premium members may have 25). */
    photos: z.number().int().min(0).max(25).default(0),
    /**
     * false: the profile as signup leaves it (wizard at step 0, no gender, region or texts), as
     * a member who has just confirmed the address has it.
     */
    profile_complete: z.boolean().default(true),
    gender: z.enum(["female", "male"]).default("female"),
    seeking: z.enum(["female", "male", "both"]).optional(),
    age: z.number().int().min(18).max(99).default(35),
    country: countryField.optional(),
    /** An ISO 3166-2 code of `country` (see POST /api/test/regions.php for one of a test's own). */
    region: regionField.optional(),
    language: z.enum(locales).nullable().default(null),
    interests: z.array(z.enum(INTERESTS)).max(10).optional(),
    invisible: z.boolean().default(false),
    /** A profile the site runs (spec §1): the operators' inbox answers it (issue 28). */
    fictional: z.boolean().default(false),
    /** Profiles each new member likes, and blocks. */
    likes: profileIds,
    blocks: profileIds,
  })
  .strict()
  .refine((body) => !body.region || body.country, {
    path: ["region"],
    message: "validation.invalid",
  })
  .openapi("FixtureMembers");

export type FixtureMembersBody = z.infer<typeof fixtureMembersBody>;

export const fixtureMember = z
  .object({
    id: z.number().int(),
    profile_id: z.number().int(),
    email: z.string(),
    password: z.string(),
    name: z.string(),
    photo_ids: z.array(z.number().int()),
  })
  .openapi("FixtureMember");

export type FixtureMember = z.infer<typeof fixtureMember>;

export const fixtureRegion = z
  .object({ country: z.string(), region: z.string(), region_name: z.string() })
  .openapi("FixtureRegion");

export type FixtureRegion = z.infer<typeof fixtureRegion>;

/** POST /api/test/staff.php: a staff account of a role, as `npm run staff -- add` makes one. */
export const fixtureStaffBody = z
  .object({ role: z.enum(STAFF_ROLES), language: z.enum(locales).optional() })
  .strict()
  .openapi("FixtureStaffBody");

export const fixtureStaff = z
  .object({
    id: z.number().int(),
    email: z.string(),
    password: z.string(),
    role: z.enum(STAFF_ROLES),
    totp_secret: z.string().openapi({ description: "Base32, for the test's own TOTP codes" }),
  })
  .openapi("FixtureStaff");
export type FixtureStaff = z.infer<typeof fixtureStaff>;
