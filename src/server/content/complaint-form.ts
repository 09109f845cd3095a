import { complaintBody, type PostedComplaint } from "../../contract/content";
import type { Locale } from "../../i18n/locales";
import type { Translate } from "../../i18n/translate";
import type { Database } from "../db/client";
import { consumeRateLimit } from "../lib/rate-limit";
import { toFieldErrors } from "../lib/validation";
import type { Site } from "../sites/registry";
import { createComplaint } from "./service";

/** The page's answer to a posted complaint: its status, and what the form shows with it. */
export type ComplaintFormAnswer = {
  status: 200 | 422 | 429;
  /** Seconds until the address may send again (429). */
  retryAfterSeconds?: number;
  posted: PostedComplaint;
};

/**
 * spec §2 /complaints: the form posted to its page, which it does before its island hydrates
 * (a tap on a slow phone) or without JavaScript. Answers as POST /api/complaints.php does:
 * the same schema and messages, the same per-address limit, the same service. What was typed
 * is kept for the form, so nothing is lost and nothing goes into the address bar.
 */
export async function receiveComplaintForm(
  db: Database,
  form: FormData,
  context: { site: Site; locale: Locale; t: Translate; address: string; userId: number | null },
): Promise<ComplaintFormAnswer> {
  const value = (name: string) => {
    const entry = form.get(name);
    return typeof entry === "string" ? entry : "";
  };
  const values = {
    name: value("name"),
    email: value("email"),
    category: value("category"),
    // A browser posts a textarea's line breaks as CRLF; the island and the API send LF.
    message: value("message").replace(/\r\n?/g, "\n"),
  };
  const parsed = complaintBody.safeParse(values);
  if (!parsed.success) {
    const fields = toFieldErrors(parsed.error, context.t, values);
    return { status: 422, posted: { values, reference: null, fields } };
  }
  const limit = await consumeRateLimit(db, "complaintIp", context.address);
  if (!limit.allowed) {
    return {
      status: 429,
      retryAfterSeconds: limit.retryAfterSeconds,
      posted: { values, reference: null, error: context.t("error.rateLimited") },
    };
  }
  const { reference } = await createComplaint(db, context.site, parsed.data, {
    locale: context.locale,
    userId: context.userId,
  });
  return { status: 200, posted: { values, reference } };
}
