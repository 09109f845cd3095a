import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ZodError } from "zod";
import { idSchema, MAX_ID } from "../../contract/fields";
import type { MessageKey } from "../../i18n/catalogues";
import { catalogues } from "../../i18n/catalogues";
import type { Translate } from "../../i18n/translate";
import type { AppEnv } from "../request/context";

// The contract's field schemas, where the server's own schemas have always found them.
export { idSchema, isPlainText, MAX_ID, textSchema } from "../../contract/fields";

/**
 * An id in a query string or a path: decimal digits only, as the site writes them (no sign,
 * leading zeros, exponent, hex or spaces), read as a number within int4.
 * @example idParamSchema.parse("42") // 42; "042", "1e3", "-1", "2147483648" are refused
 */
export const idParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(idSchema)
  .openapi({ type: "integer", minimum: 1, maximum: MAX_ID });

/** The one path parameter of `/api/staff/members/{id}`-like routes: an idParamSchema, else 422. */
export const idParams = z.object({ id: idParamSchema });

/**
 * The id in a page path (`/members/{id}`), or null when it is not one: pages answer 404 then.
 * @example parseIdParam("12") // 12; parseIdParam("2147483648") // null
 */
export function parseIdParam(value: string | undefined): number | null {
  const parsed = idParamSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Turns zod issues into translated field messages (design §6: 422 `{ error: "validation",
 * fields }`). A schema may name a catalogue key as its custom message. `input` is what was
 * validated: zod 4 leaves the input out of its issues, and only it tells a missing field
 * ('required') from a wrong one.
 */
export function toFieldErrors(
  error: ZodError,
  t: Translate,
  input?: unknown,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "_";
    if (fields[field]) continue;
    fields[field] = t(...messageFor(issue, input));
  }
  return fields;
}

type Issue = ZodError["issues"][number];

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function messageFor(issue: Issue, input: unknown): Parameters<Translate> {
  if (issue.message in catalogues.en) {
    // A schema's own message for a length or a size still names the limit it was given.
    const key = issue.message as MessageKey;
    if (issue.code === "too_big") return [key, { max: Number(issue.maximum) }];
    if (issue.code === "too_small") return [key, { min: Number(issue.minimum) }];
    return [key];
  }
  const value = valueAt(input, issue.path);
  const isMissing = value === undefined || value === null || value === "";
  if (issue.path.length > 0 && isMissing && issue.code !== "custom") {
    return ["validation.required"];
  }
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "int") return ["validation.notInteger"];
      if (issue.expected === "number") return ["validation.notNumber"];
      return ["validation.invalid"];
    case "invalid_format":
      return issue.format === "email" ? ["validation.invalidEmail"] : ["validation.invalid"];
    case "invalid_value":
      return issue.values.length > 1 ? ["validation.invalidOption"] : ["validation.invalid"];
    case "too_small":
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1
          ? ["validation.required"]
          : ["validation.tooShort", { min: Number(issue.minimum) }];
      }
      return issue.origin === "number" && issue.inclusive
        ? ["validation.tooSmall", { min: Number(issue.minimum) }]
        : ["validation.invalid"];
    case "too_big":
      if (issue.origin === "string") return ["validation.tooLong", { max: Number(issue.maximum) }];
      if (issue.origin === "array") return ["validation.tooMany", { max: Number(issue.maximum) }];
      return issue.origin === "number" && issue.inclusive
        ? ["validation.tooBig", { max: Number(issue.maximum) }]
        : ["validation.invalid"];
    default:
      return ["validation.invalid"];
  }
}

/** The defaultHook of every OpenAPIHono router: answers invalid input with design §6's 422. */
export function validationHook(
  result: { success: true; data?: unknown } | { success: false; error: ZodError; data?: unknown },
  c: Context<AppEnv>,
) {
  if (!result.success) {
    return c.json(
      { error: "validation", fields: toFieldErrors(result.error, c.get("t"), result.data) },
      422,
    );
  }
  return undefined;
}
