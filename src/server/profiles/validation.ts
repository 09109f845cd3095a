import { z } from "@hono/zod-openapi";
import {
  ABOUT_LENGTH,
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  HEIGHT_RANGE,
  INTERESTS,
  MAX_INTERESTS,
  RELATIONSHIP_STATUSES,
} from "../../contract/profile-options";
import { idParamSchema, idSchema, textSchema } from "../lib/validation";

export const WIZARD_STEPS = 5;
/** The wizard's step after the last: the profile is complete. */
export const WIZARD_COMPLETE = WIZARD_STEPS;

const regionCode = z.string().regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/);

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
    country: z
      .string()
      .regex(/^[a-z]{2}$/)
      .optional(),
    region: regionCode.nullable().optional(),
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

export type ProfileUpdate = z.infer<typeof profileUpdateBody>;

export const profileQuery = z.object({
  /** The profile to show; without it, the member's own profile to edit. */
  id: idParamSchema.optional(),
});

/** POST /api/block.php, /api/like.php: the other member's profile. */
export const profileTargetBody = z.object({ id: idSchema });
export const profileTargetQuery = z.object({ id: idParamSchema });
