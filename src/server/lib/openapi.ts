import { z } from "@hono/zod-openapi";

/** design §6 error shape. */
export const errorResponse = z.object({ error: z.string(), message: z.string() }).openapi("Error");

/** design §6 validation shape. */
export const validationErrorResponse = z
  .object({ error: z.literal("validation"), fields: z.record(z.string(), z.string()) })
  .openapi("ValidationError");

export function jsonContent<T>(schema: T, description: string) {
  return { content: { "application/json": { schema } }, description };
}

export const errorResponses = {
  403: jsonContent(errorResponse, "authentication_required, or a write from another origin"),
  422: jsonContent(validationErrorResponse, "Invalid input, with a translated message per field"),
} as const;

export const photoView = z
  .object({
    id: z.number().int(),
    filename: z.string(),
    thumb_filename: z.string(),
    status: z.enum(["active", "pending", "rejected"]),
    match: z.string(),
    thumb: z.string(),
    large: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .openapi("Photo");
