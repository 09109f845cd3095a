import type {
  CompanySettings,
  SiteSettings,
  SiteSettingsPatch,
} from "../../contract/staff-settings";
import type { Company, Site } from "./types";

/*
 * Issue 28 item 2: a site's changeable settings as one document (contract/staff-settings.ts,
 * spec §3's names), read from a site and laid over it. Pure: no database, no cache.
 */

/** spec §3 Company info under its spec names (GET /api/companyinfo.php, the settings). */
export function companySettingsOf(company: Company): CompanySettings {
  return {
    name: company.name,
    address: company.address,
    registration_number: company.registrationNumber,
    city: company.city,
    country: company.country,
    tradenames: company.tradenames,
    vat_numbers: company.vatNumbers,
    support_phone: company.supportPhone,
    delete_discount: company.deleteDiscount,
    added: company.added,
  };
}

/** What a site's fields say of the settings an operator may change. */
export function settingsOf(site: Site): SiteSettings {
  return {
    message_credits: site.messageCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    signup_credits: site.signupCredits,
    message_length: site.messageLength,
    minimum_message_costs: site.minimumMessageCosts,
    signups: site.signups,
    logged_out_search: site.loggedOutSearch,
    logged_out_search_trafficsource: site.loggedOutSearchTrafficsource,
    enable_site_entry_popup: site.enableSiteEntryPopup,
    entry_popup_countries: site.entryPopupCountries ?? null,
    support_email: site.supportEmail,
    support_phone: site.supportPhone,
    company: companySettingsOf(site.company),
    packages: site.packages.map((entry) => ({ ...entry, prices: { ...entry.prices } })),
    direct_debit_monthly_limit: site.directDebitMonthlyLimit,
    refund_days: site.refundDays,
  };
}

/** The site with these settings in force (what is not a setting stays the registry's). */
export function withSettings(site: Site, settings: SiteSettings): Site {
  const company = settings.company;
  return {
    ...site,
    messageCredits: settings.message_credits,
    photoCredits: settings.photo_credits,
    giftCredits: settings.gift_credits,
    signupCredits: settings.signup_credits,
    messageLength: settings.message_length,
    minimumMessageCosts: settings.minimum_message_costs,
    signups: settings.signups,
    loggedOutSearch: settings.logged_out_search,
    loggedOutSearchTrafficsource: settings.logged_out_search_trafficsource,
    enableSiteEntryPopup: settings.enable_site_entry_popup,
    ...(settings.entry_popup_countries
      ? { entryPopupCountries: settings.entry_popup_countries }
      : { entryPopupCountries: undefined }),
    supportEmail: settings.support_email,
    supportPhone: settings.support_phone,
    company: {
      id: site.companyId,
      name: company.name,
      address: company.address,
      registrationNumber: company.registration_number,
      city: company.city,
      country: company.country,
      tradenames: company.tradenames,
      vatNumbers: company.vat_numbers,
      supportPhone: company.support_phone,
      deleteDiscount: company.delete_discount,
      added: company.added,
    },
    packages: settings.packages,
    directDebitMonthlyLimit: settings.direct_debit_monthly_limit,
    refundDays: settings.refund_days,
  };
}

/** The overrides with a patch applied; a value equal to the default is no override. */
export function patchOverrides(
  defaults: SiteSettings,
  overrides: SiteSettingsPatch,
  patch: SiteSettingsPatch,
): SiteSettingsPatch {
  const next: Record<string, unknown> = { ...overrides, ...patch };
  for (const key of Object.keys(next) as (keyof SiteSettings)[]) {
    if (sameValue(next[key], defaults[key])) delete next[key];
  }
  return next as SiteSettingsPatch;
}

/** Deep equality of JSON values (object keys in any order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) =>
    sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
