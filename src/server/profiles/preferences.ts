import type { Profile } from "./schema";

/** What lists of other members start from: the member's own profile, gender and age, where. */
export type Preferences = Pick<Profile, "id" | "gender" | "seeking" | "birthdate" | "country">;

/**
 * The genders a member looks for (issue 13: lists start from the member's own preferences):
 * their 'looking for', else the other gender than their own; everyone when they said neither.
 * @example soughtGenders({ gender: "male", seeking: null }) // ["female"]
 */
export function soughtGenders(
  me: Pick<Profile, "gender" | "seeking">,
): NonNullable<Profile["gender"]>[] {
  if (me.seeking === "both") return ["female", "male"];
  if (me.seeking) return [me.seeking];
  if (me.gender) return [me.gender === "female" ? "male" : "female"];
  return ["female", "male"];
}

/** The one gender a member looks for, or null when they look for both (or did not say). */
export function soughtGender(
  me: Pick<Profile, "gender" | "seeking">,
): NonNullable<Profile["gender"]> | null {
  const genders = soughtGenders(me);
  return genders.length === 1 ? (genders[0] ?? null) : null;
}
