import { z } from "@hono/zod-openapi";
import { countryField, textSchema } from "./fields";
import { CURRENCIES } from "./payment-options";
import { SIGNUP_MODES } from "./staff-options";

/*
 * Issue 28 item 2: the site settings an operator changes in the console (spec §3). ONE schema,
 * `siteSettings`, validates the registry's defaults (sites/settings.ts), what the database
 * keeps and the body of PUT /api/staff/sites/{site}/settings. Amounts are integer minor units.
 */

const count = (max: number) => z.number().int().min(0).max(max);
const line = (max: number) => textSchema().min(1).max(max);

export const companySettings = z.object({
  name: line(120),
  address: line(200),
  registration_number: line(60),
  city: line(120),
  country: countryField,
  tradenames: z.array(line(80)).max(20),
  vat_numbers: z.array(line(40)).max(20),
  support_phone: z.string().regex(/^\+?[0-9][0-9 -]{4,30}$/, "validation.invalid"),
  delete_discount: count(100),
  added: z.iso.date(),
});
export type CompanySettings = z.infer<typeof companySettings>;

/** One credit package: its credits and a price in every currency (no market goes without). */
export const packageSettings = z.object({
  id: z.number().int().min(1).max(999),
  credits: z.number().int().min(1).max(1_000_000),
  prices: z.record(z.enum(CURRENCIES), z.number().int().min(1).max(10_000_000)),
  popular: z.boolean(),
});
export type PackageSettings = z.infer<typeof packageSettings>;

export const siteSettings = z
  .object({
    message_credits: count(10_000),
    photo_credits: count(10_000),
    gift_credits: count(10_000),
    signup_credits: count(100_000),
    message_length: z.number().int().min(1).max(20_000),
    minimum_message_costs: z.record(
      countryField,
      z.object({ costs: count(1_000_000), currency: z.enum(CURRENCIES) }),
    ),
    signups: z.enum(SIGNUP_MODES),
    logged_out_search: z.boolean(),
    logged_out_search_trafficsource: z.boolean(),
    enable_site_entry_popup: z.boolean(),
    entry_popup_countries: z
      .array(countryField)
      .max(250)
      .nullable()
      .openapi({ description: "null: every country" }),
    support_email: z.email().max(254),
    support_phone: z.string().regex(/^\+?[0-9][0-9 -]{4,30}$/, "validation.invalid"),
    company: companySettings,
    packages: z
      .array(packageSettings)
      .min(1)
      .max(12)
      .superRefine((packages, context) => {
        packages.forEach((entry, index) => {
          if (packages.findIndex((other) => other.id === entry.id) !== index) {
            context.addIssue({
              code: "custom",
              path: [index, "id"],
              message: "staff.settings.error.packageIdTaken",
            });
          }
        });
      }),
    direct_debit_monthly_limit: count(10_000_000).openapi({ description: "Euro cents a month" }),
    refund_days: z.number().int().min(0).max(365),
  })
  .openapi("SiteSettings");
export type SiteSettings = z.infer<typeof siteSettings>;
export type SiteSettingsKey = keyof SiteSettings;

/**
 * PUT body: the settings to change, each a whole top-level value (a package list, the company);
 * those left out stay as they are. A value equal to the default stops being an override.
 */
export const siteSettingsPatch = siteSettings.partial().strict().openapi("SiteSettingsPatch");
export type SiteSettingsPatch = z.infer<typeof siteSettingsPatch>;

export const siteSettingsParams = z.object({
  site: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, "validation.invalid"),
});

/** GET and PUT answer: the code's defaults, the stored overrides and what is in force. */
export const siteSettingsAnswer = z
  .object({
    site: z.string(),
    name: z.string(),
    defaults: siteSettings,
    overrides: siteSettingsPatch,
    settings: siteSettings.openapi({ description: "In force: the defaults with the overrides" }),
    version: z.number().int().openapi({ description: "0: never changed" }),
    updated_at: z.iso.datetime().nullable(),
    updated_by: z.number().int().nullable(),
  })
  .openapi("SiteSettingsAnswer");
export type SiteSettingsAnswer = z.infer<typeof siteSettingsAnswer>;
