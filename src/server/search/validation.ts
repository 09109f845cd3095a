import { z } from "@hono/zod-openapi";
import { isValid } from "date-fns/isValid";
import { parseISO } from "date-fns/parseISO";
import { countryField, regionField } from "../../contract/fields";
import { idParamSchema } from "../lib/validation";

/**
 * PostgreSQL's text of a `timestamptz` as findMembers writes it into a cursor (DateStyle ISO:
 * "2026-01-01 12:30:00.123456+00", the offset of the session's time zone).
 */
const STORED_TIMESTAMP = /^[12]\d{3}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** A keyset position: the last card's activity time (exact, microseconds) and its id. */
export type SearchCursor = { lastActiveAt: string; id: number };

const searchCursor = z.object({
  lastActiveAt: z
    .string()
    .regex(STORED_TIMESTAMP)
    // A real moment: the pattern alone lets 2026-02-30 or 25:00 through to the database.
    .refine((value) => isValid(parseISO(value.replace(" ", "T")))),
  id: idParamSchema,
});

/** @example encodeSearchCursor({ lastActiveAt: "2026-01-01 00:00:00+00", id: 7 }) // "MjAy…fDc" */
export function encodeSearchCursor(cursor: SearchCursor): string {
  return Buffer.from(`${cursor.lastActiveAt}|${cursor.id}`).toString("base64url");
}

/**
 * The `cursor` parameter: base64url of "<lastActiveAt>|<id>", decoded and checked whole, so a
 * forged or damaged cursor is a 422 (design §10) rather than a database error or a search that
 * silently starts again from the first page.
 */
const cursorParam = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/)
  .transform((value, context): SearchCursor => {
    const parts = Buffer.from(value, "base64url").toString().split("|");
    const cursor = searchCursor.safeParse({ lastActiveAt: parts[0], id: parts[1] });
    if (parts.length !== 2 || !cursor.success) {
      context.addIssue({ code: "custom", message: "validation.invalid" });
      return z.NEVER;
    }
    return cursor.data;
  })
  .openapi({ type: "string", description: "The previous page's next_cursor (opaque)" });

const age = z.coerce.number().int().min(18).max(99);

/** Query of GET /api/search.php and of the /members page (spec §3 Search state). */
export const memberSearchQuery = z
  .object({
    gender: z.enum(["female", "male"]).optional(),
    country: countryField.optional(),
    /** ISO 3166-2 code of a region (GET /api/regions.php). */
    countryregion: regionField.optional(),
    min_age: age.optional(),
    max_age: age.optional(),
    cursor: cursorParam.optional(),
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
