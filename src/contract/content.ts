import { z } from "@hono/zod-openapi";
import { complaintCategories } from "./complaint-categories";
import { textSchema } from "./fields";

/** POST /api/complaints.php: the complaint form (name, address, category, message). */
export const complaintBody = z
  .object({
    name: textSchema().trim().min(2).max(80),
    email: z.email("validation.invalidEmail").max(254),
    category: z.enum(complaintCategories),
    message: textSchema({ multiline: true }).trim().min(20).max(5000),
  })
  .openapi("Complaint");
export type ComplaintBody = z.input<typeof complaintBody>;

/**
 * The complaint form posted to its page (before its island hydrates), as typed, and the page's
 * answer: the stored complaint's reference, or translated messages by field (422), or one
 * message (429). The island shows it as it would its own call's outcome.
 */
export type PostedComplaint = {
  values: { name: string; email: string; category: string; message: string };
  reference: number | null;
  fields?: Record<string, string>;
  error?: string;
};

export const complaintReceipt = z
  .object({ reference: z.number().int().openapi({ description: "Quote it in replies" }) })
  .openapi("ComplaintReceipt");
export type ComplaintReceipt = z.infer<typeof complaintReceipt>;

/** POST /api/cookie-consent.php: the cookie banner's choice. */
export const cookieConsentBody = z
  .object({ choice: z.enum(["all", "necessary"]) })
  .openapi("CookieConsent");
export type CookieConsentBody = z.input<typeof cookieConsentBody>;
