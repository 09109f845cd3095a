import type { Context } from "hono";
import type { ZodError } from "zod";
import type { MessageKey } from "../../i18n/catalogues";
import { catalogues } from "../../i18n/catalogues";
import type { Translate } from "../../i18n/translate";
import type { AppEnv } from "../request/context";

/**
 * Turns zod issues into translated field messages (design §6: 422 `{ error: "validation",
 * fields }`). A schema may name a catalogue key as its custom message.
 */
export function toFieldErrors(error: ZodError, t: Translate): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "_";
    if (fields[field]) continue;
    fields[field] = t(...messageFor(issue));
  }
  return fields;
}

type Issue = ZodError["issues"][number];

function messageFor(issue: Issue): Parameters<Translate> {
  if (issue.message in catalogues.en) return [issue.message as MessageKey];
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null || issue.input === ""
        ? ["validation.required"]
        : ["validation.invalid"];
    case "invalid_format":
      return issue.format === "email" ? ["validation.invalidEmail"] : ["validation.invalid"];
    case "too_small":
      return issue.origin === "string"
        ? Number(issue.minimum) <= 1
          ? ["validation.required"]
          : ["validation.tooShort", { min: Number(issue.minimum) }]
        : ["validation.invalid"];
    case "too_big":
      return issue.origin === "string"
        ? ["validation.tooLong", { max: Number(issue.maximum) }]
        : ["validation.invalid"];
    default:
      return ["validation.invalid"];
  }
}

/** The defaultHook of every OpenAPIHono router: answers invalid input with design §6's 422. */
export function validationHook(
  result: { success: true } | { success: false; error: ZodError },
  c: Context<AppEnv>,
) {
  if (!result.success) {
    return c.json({ error: "validation", fields: toFieldErrors(result.error, c.var.t) }, 422);
  }
  return undefined;
}
