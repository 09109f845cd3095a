import { z } from "@hono/zod-openapi";

/**
 * Fields of request bodies that several features share (design §6: the zod schemas in
 * src/contract are the one contract). Messages are catalogue keys, translated by the server.
 */

/** The largest id: every id column is a PostgreSQL `integer` (int4). */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a JSON body: a positive integer within int4, so a larger one is a 422 and never
 * reaches the database (design §10: ids past 2^31 get a 4xx, not a 5xx).
 */
export const idSchema = z
  .number()
  .int("validation.invalid")
  .positive("validation.invalid")
  .max(MAX_ID, "validation.invalid");

/** A country as the sites list it: ISO 3166-1 alpha-2, lower case ('de', 'nl'). */
export const countryField = z.string().regex(/^[a-z]{2}$/);

/** A region: an ISO 3166-2 subdivision code ('DE-BY', 'NL-UT'; GET /api/regions.php). */
export const regionField = z.string().regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/);

/**
 * Text a person could have written: no control characters (Unicode Cc: NUL, which PostgreSQL
 * cannot store in `text`, so the query fails; the other C0 and C1 controls and DEL, which nobody
 * types) and no lone UTF-16 surrogates (not Unicode; they would be stored as U+FFFD, silently).
 * Tab, line feed and carriage return are allowed where text may have several lines.
 */
export function isPlainText(value: string, options: { multiline?: boolean } = {}): boolean {
  if (!value.isWellFormed()) return false;
  const checked = options.multiline ? value.replace(/[\t\n\r]/g, "") : value;
  return !/\p{Cc}/u.test(checked);
}

/**
 * Free text from people (names, messages, profile text): refuses control characters with a
 * field message rather than stripping them, so what is stored is exactly what was sent, and a
 * client that sends a NUL learns of it instead of seeing its text changed behind its back.
 * Chain `.trim()`, `.min()`, `.max()` as for `z.string()`.
 * @example textSchema({ multiline: true }).trim().max(2000)
 */
export function textSchema(options: { multiline?: boolean } = {}) {
  return z.string().refine((value) => isPlainText(value, options), "validation.controlCharacters");
}
