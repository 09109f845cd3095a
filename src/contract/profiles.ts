import { z } from "@hono/zod-openapi";
import { countryField, idSchema, regionField, textSchema } from "./fields";
import { galleryPhoto, photoView } from "./photos";
import {
  ABOUT_LENGTH,
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  HEIGHT_RANGE,
  INTERESTS,
  MAX_INTERESTS,
  PROFILE_KINDS,
  RELATIONSHIP_STATUSES,
  SEEKING,
  WIZARD_STEPS,
} from "./profile-options";

const regionCode = z.string().openapi({ description: "ISO 3166-2 code, e.g. DE-BY" });
const regionName = z
  .string()
  .openapi({ description: "The region's name in the reader's language" });

/** A member card in search results and lists. */
export const profileCard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    age: z.number().int(),
    country: z.string().openapi({ description: "ISO 3166-1 alpha-2, lower case" }),
    region: regionCode.nullable(),
    region_name: regionName.nullable(),
    kind: z.enum(PROFILE_KINDS),
    fictional: z.boolean(),
    main_image: photoView.nullable(),
  })
  .openapi("ProfileCard");
export type ProfileCard = z.infer<typeof profileCard>;

/** A member's profile as a viewer may see it (spec §2 Profile view). */
export const profileDetail = z
  .object({
    id: z.number().int(),
    name: z.string(),
    age: z.number().int(),
    gender: z.enum(GENDERS).nullable(),
    seeking: z.enum(SEEKING).nullable(),
    country: z.string(),
    region: regionCode.nullable(),
    region_name: regionName.nullable(),
    about: z.string().nullable(),
    interests: z.array(z.string()),
    hair_color: z.enum(HAIR_COLORS).nullable(),
    eye_color: z.enum(EYE_COLORS).nullable(),
    body_type: z.enum(BODY_TYPES).nullable(),
    height: z.number().int().nullable().openapi({ description: "Centimetres" }),
    relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
    kind: z.enum(PROFILE_KINDS),
    fictional: z.boolean(),
    main_image: photoView.nullable(),
    photos: z
      .array(galleryPhoto)
      .openapi({ description: "Main photo first; those past the viewer's allowance locked" }),
    locked_count: z.number().int(),
    related: z.array(profileCard),
    is_own: z.boolean(),
    liked: z.boolean(),
    blocked: z.boolean(),
  })
  .openapi("ProfileDetail");
export type ProfileDetail = z.infer<typeof profileDetail>;

/** The member's own profile as the wizard edits it (GET /api/profile.php without id). */
export const ownProfile = z
  .object({
    id: z.number().int(),
    name: z.string(),
    gender: z.enum(GENDERS).nullable(),
    seeking: z.enum(SEEKING).nullable(),
    birthdate: z.iso.date(),
    country: z.string(),
    region: regionCode.nullable(),
    hair_color: z.enum(HAIR_COLORS).nullable(),
    eye_color: z.enum(EYE_COLORS).nullable(),
    body_type: z.enum(BODY_TYPES).nullable(),
    height: z.number().int().nullable(),
    relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
    interests: z.array(z.string()),
    about: z.string().nullable(),
    wizard_step: z
      .number()
      .int()
      .openapi({ description: "The next step to show (0-4), or 5 once the wizard was completed" }),
  })
  .openapi("OwnProfile");
export type OwnProfile = z.infer<typeof ownProfile>;

export const interestsAnswer = z
  .object({ interests: z.array(z.object({ id: z.string(), name: z.string() })) })
  .openapi("Interests");
export type InterestsAnswer = z.infer<typeof interestsAnswer>;
/** An interest a profile can list, named in the reader's language. */
export type Interest = InterestsAnswer["interests"][number];

/**
 * PUT /api/profile.php: one wizard step's answers (spec §2 /profile). Every field is optional,
 * so a step sends only its own; `null` clears an answer.
 */
export const profileUpdateBody = z
  .object({
    step: z
      .number()
      .int()
      .min(0)
      .max(WIZARD_STEPS - 1),
    gender: z.enum(["female", "male"]).optional(),
    seeking: z.enum(["female", "male", "both"]).optional(),
    birthdate: z.iso.date("signup.error.dateOfBirth").optional(),
    country: countryField.optional(),
    region: regionField.nullable().optional(),
    hair_color: z.enum(HAIR_COLORS).nullable().optional(),
    eye_color: z.enum(EYE_COLORS).nullable().optional(),
    body_type: z.enum(BODY_TYPES).nullable().optional(),
    height: z
      .number()
      .int()
      .min(HEIGHT_RANGE.min, "profile.error.height")
      .max(HEIGHT_RANGE.max, "profile.error.height")
      .nullable()
      .optional(),
    relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable().optional(),
    interests: z.array(z.enum(INTERESTS)).max(MAX_INTERESTS, "profile.error.interests").optional(),
    about: textSchema({ multiline: true })
      .trim()
      .max(ABOUT_LENGTH.max)
      .refine((text) => text === "" || text.length >= ABOUT_LENGTH.min, "profile.error.aboutShort")
      .nullable()
      .optional(),
  })
  .openapi("ProfileUpdate");
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

/** POST /api/like.php, /api/block.php, /api/match-seen.php: the other member's profile. */
export const profileTargetBody = z.object({ id: idSchema });
export type ProfileTargetBody = z.input<typeof profileTargetBody>;

/** The answers of the profile screen's actions (spec §6). */
export const likeAnswer = z.object({ liked: z.boolean() }).openapi("LikeState");
export type LikeAnswer = z.infer<typeof likeAnswer>;
export const blockAnswer = z.object({ blocked: z.boolean() }).openapi("BlockState");
export type BlockAnswer = z.infer<typeof blockAnswer>;
export const giftAnswer = z
  .object({ credits: z.number().int().openapi({ description: "The new credit balance" }) })
  .openapi("GiftSent");
export type GiftAnswer = z.infer<typeof giftAnswer>;
