/**
 * The enumerations of the profile (spec §3: values not shown, so these are ours). Stored as
 * these ids; labels come from the catalogues (`interest.*`, `profile.hair.*`, …). Plain values
 * without zod, so islands can import them at runtime and the server's schemas build on them.
 */
export const GENDERS = ["female", "male"] as const;
export const SEEKING = ["female", "male", "both"] as const;
/** spec §1: ordinary members, and the webcam partner section's 'cam' and 'resell' cards. */
export const PROFILE_KINDS = ["member", "cam", "resell"] as const;
/** spec §3 Profile.status: 'disabled' until the e-mail address is confirmed. */
export const PROFILE_STATUSES = ["active", "disabled"] as const;
/** Only active photos are shown to others; pending and rejected wait for moderation. */
export const PHOTO_STATUSES = ["active", "pending", "rejected"] as const;

export type Gender = (typeof GENDERS)[number];
export type Seeking = (typeof SEEKING)[number];
export type ProfileKind = (typeof PROFILE_KINDS)[number];
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

export const INTERESTS = [
  "travel",
  "cooking",
  "music",
  "hiking",
  "movies",
  "reading",
  "sports",
  "dancing",
  "photography",
  "art",
  "gaming",
  "yoga",
  "wine",
  "pets",
  "fitness",
  "nature",
  "fashion",
  "cycling",
  "beach",
  "concerts",
] as const;
export type Interest = (typeof INTERESTS)[number];

export const HAIR_COLORS = ["black", "brown", "blond", "red", "grey", "bald", "other"] as const;
export const EYE_COLORS = ["brown", "blue", "green", "grey", "hazel"] as const;
export const BODY_TYPES = ["slim", "athletic", "average", "curvy", "muscular", "large"] as const;
export const RELATIONSHIP_STATUSES = [
  "single",
  "divorced",
  "widowed",
  "separated",
  "open_relationship",
] as const;

export type HairColor = (typeof HAIR_COLORS)[number];
export type EyeColor = (typeof EYE_COLORS)[number];
export type BodyType = (typeof BODY_TYPES)[number];
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];

/** Height in centimetres. */
export const HEIGHT_RANGE = { min: 130, max: 230 } as const;
/** The free text about me: optional, but when written, long enough to say something. */
export const ABOUT_LENGTH = { min: 10, max: 1500 } as const;
/** At most this many interests, so a profile stays a profile and not a keyword list. */
export const MAX_INTERESTS = 10;
/** The profile wizard's steps (0 to 4); the step after the last means the profile is complete. */
export const WIZARD_STEPS = 5;

/**
 * The names of `visible_profile_fields` (spec §3): which facts a site asks for and shows.
 * `visible_profile_notes` names free texts; `about` is the only one.
 */
export const PROFILE_FIELDS = [
  "gender",
  "seeking",
  "age",
  "country",
  "region",
  "hair_color",
  "eye_color",
  "body_type",
  "height",
  "relationship_status",
  "interests",
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export const PROFILE_NOTES = ["about"] as const;

/** spec §3 `fictional_icon`: the glyph each setting value shows beside the fictional warning. */
export const FICTIONAL_ICONS: Readonly<Record<string, string>> = {
  theater: "🎭",
  info: "ℹ️",
  robot: "🤖",
};
