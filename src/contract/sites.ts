import { z } from "@hono/zod-openapi";

/** spec §3 Settings, as GET /api/settings.php answers them. */
export const publicSettings = z
  .object({
    countries: z.array(z.string()),
    name: z.string(),
    index_title: z.string(),
    description: z.string(),
    visible_profile_fields: z.array(z.string()),
    visible_profile_notes: z.array(z.string()),
    geoip_country: z.string().nullable(),
    geoip_selected_country: z.string(),
    cdn_prefix: z.string(),
    message_credits: z.number().int(),
    signup_credits: z.number().int(),
    photo_credits: z.number().int(),
    gift_credits: z.number().int(),
    message_length: z.number().int(),
    minimum_message_costs: z
      .record(z.string(), z.object({ costs: z.number().int(), currency: z.string() }))
      .openapi({ description: "Per country: minor units of the currency" }),
    support_email: z.string(),
    support_phone: z.string(),
    enable_site_entry_popup: z.enum(["yes", "no"]),
    entry_popup_countries: z.array(z.string()).nullable(),
    push_public_key: z.string().nullable(),
    search_fields: z.array(z.string()),
    domain: z.string(),
    domain_language: z.string(),
    fictional_warning: z.string(),
    fictional_singular: z.string(),
    fictional_plural: z.string(),
    fictional_icon: z.string(),
    refund_days: z.number().int(),
    signups: z.enum(["all", "with_trafficsource", "other"]),
    logged_out_search: z.boolean(),
    logged_out_search_trafficsource: z.boolean(),
    member_resell: z.boolean(),
    niche: z.number().int().min(1).max(7),
    company_id: z.string(),
    mail_name: z.string(),
    min_age: z.number().int(),
    us_footer: z.boolean(),
  })
  .openapi("Settings");
export type PublicSettings = z.infer<typeof publicSettings>;

/** spec §3 Company info, as GET /api/companyinfo.php answers it. */
export const companyInfo = z
  .object({
    name: z.string(),
    address: z.string(),
    registration_number: z.string(),
    city: z.string(),
    country: z.string(),
    tradenames: z.array(z.string()),
    vat_numbers: z.array(z.string()),
    support_phone: z.string().openapi({ description: "spec §9: without hyphens and spaces" }),
    delete_discount: z.number().int(),
    added: z.iso.date(),
  })
  .openapi("CompanyInfo");
export type PublicCompanyInfo = z.infer<typeof companyInfo>;
