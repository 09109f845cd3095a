import { z } from "@hono/zod-openapi";

const age = z.coerce.number().int().min(18).max(99);

/** Query of GET /api/search.php and of the /members page (spec §3 Search state). */
export const memberSearchQuery = z
  .object({
    gender: z.enum(["female", "male"]).optional(),
    country: z
      .string()
      .regex(/^[a-z]{2}$/)
      .optional(),
    /** ISO 3166-2 code of a region (GET /api/regions.php). */
    countryregion: z
      .string()
      .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/)
      .optional(),
    min_age: age.optional(),
    max_age: age.optional(),
    /** Opaque keyset cursor from the previous page's `next_cursor`. */
    cursor: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    path: ["max_age"],
    message: "validation.invalid",
  })
  .openapi("MemberSearchQuery");

export type MemberSearchQuery = z.infer<typeof memberSearchQuery>;

/**
 * Reads search filters from a page URL leniently: a bad value is dropped, not an error page.
 * @example parseMemberSearchParams(new URLSearchParams("gender=female&min_age=x")) // { gender: "female" }
 */
export function parseMemberSearchParams(params: URLSearchParams): MemberSearchQuery {
  const result: Record<string, string> = {};
  for (const key of ["gender", "country", "countryregion", "min_age", "max_age"]) {
    const value = params.get(key);
    if (!value) continue;
    const field = memberSearchQuery.safeParse({ [key]: value });
    if (field.success) result[key] = value;
  }
  const parsed = memberSearchQuery.safeParse(result);
  return parsed.success ? parsed.data : {};
}
