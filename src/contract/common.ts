import { z } from "@hono/zod-openapi";

/** design §6: every error answers a stable code for programs and a translated message. */
export const errorBody = z
  .object({
    error: z.string().openapi({ description: "A stable code, e.g. authentication_required" }),
    message: z.string().openapi({ description: "The message in the caller's language" }),
  })
  .openapi("Error");
export type ErrorBody = z.infer<typeof errorBody>;

/** design §6: invalid input is 422 with a translated message per field. */
export const validationErrorBody = z
  .object({
    error: z.literal("validation"),
    fields: z
      .record(z.string(), z.string())
      .openapi({ description: "Field name (dotted path for nested fields) → message" }),
  })
  .openapi("ValidationError");
export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

/** The answer of calls that have nothing else to say. */
export const okAnswer = z.object({ ok: z.literal(true) }).openapi("Ok");
export type OkAnswer = z.infer<typeof okAnswer>;

/** Signup, activation, password reset and e-mail change: a link is on its way. */
export const checkMailAnswer = z
  .object({ status: z.literal("check_mail"), email: z.string() })
  .openapi("CheckMail");
export type CheckMailAnswer = z.infer<typeof checkMailAnswer>;
