import { z } from "@hono/zod-openapi";
import { complaintCategories } from "../../contract/complaint-categories";
import { textSchema } from "../lib/validation";

export const complaintBody = z
  .object({
    name: textSchema().trim().min(2).max(80),
    email: z.email("validation.invalidEmail").max(254),
    category: z.enum(complaintCategories),
    message: textSchema({ multiline: true }).trim().min(20).max(5000),
  })
  .openapi("Complaint");
export type ComplaintInput = z.infer<typeof complaintBody>;

export const cookieConsentBody = z
  .object({ choice: z.enum(["all", "necessary"]) })
  .openapi("CookieConsent");
export type CookieConsentInput = z.infer<typeof cookieConsentBody>;
