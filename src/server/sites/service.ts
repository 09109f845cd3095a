import { sql } from "drizzle-orm";
import type { PublicCompanyInfo, PublicSettings } from "../../contract/sites";
import type { Locale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { getTranslate } from "../lib/i18n";
import { pushPublicKey } from "../lib/push";
import { getCompany, type Site, sites } from "./registry";
import { sites as sitesTable } from "./schema";
import { companySettingsOf } from "./settings-document";

/** Writes the registry's sites into the sites table, so members can reference their site. */
export async function syncSites(db: Database): Promise<void> {
  await db
    .insert(sitesTable)
    .values(sites.map((site) => ({ id: site.id, domain: site.domain, name: site.name })))
    .onConflictDoUpdate({
      target: sitesTable.id,
      set: { domain: sql`excluded.domain`, name: sql`excluded.name` },
      // Unchanged rows are not written: a process starts on a full disk (ARCHITECTURE.md).
      setWhere: sql`(${sitesTable.domain}, ${sitesTable.name}) is distinct from (excluded.domain, excluded.name)`,
    });
}

export type SettingsContext = {
  locale: Locale;
  /** The visitor's country as a proxy or CDN reports it, if any. */
  geoipCountry: string | null;
  /** A country the visitor picked (search filter), if any. */
  selectedCountry?: string | null;
};

export function getSiteTitle(site: Site, locale: Locale): string {
  return site.indexTitle?.[locale] ?? getTranslate(locale)("site.indexTitle", { site: site.name });
}

export function getSiteDescription(site: Site, locale: Locale): string {
  return (
    site.description?.[locale] ?? getTranslate(locale)("site.description", { site: site.name })
  );
}

/** The visitor's country as a proxy or CDN in front of the app reports it, if any. */
export function readGeoipCountry(headers: Headers): string | null {
  const value = headers.get("cf-ipcountry") ?? headers.get("x-country-code");
  return value && /^[A-Za-z]{2}$/.test(value) ? value.toLowerCase() : null;
}

/** The settings of spec §3 for one site, in the visitor's language (GET /api/settings.php). */
export function getPublicSettings(site: Site, context: SettingsContext): PublicSettings {
  const t = getTranslate(context.locale);
  const geoip = context.geoipCountry?.toLowerCase() ?? null;
  const selected = [context.selectedCountry?.toLowerCase(), geoip].find(
    (country): country is string => !!country && site.countries.includes(country),
  );
  return {
    countries: site.countries,
    name: site.name,
    index_title: getSiteTitle(site, context.locale),
    description: getSiteDescription(site, context.locale),
    visible_profile_fields: site.visibleProfileFields,
    visible_profile_notes: site.visibleProfileNotes,
    geoip_country: geoip,
    geoip_selected_country: selected ?? (site.countries[0] as string),
    cdn_prefix: site.cdnPrefix,
    message_credits: site.messageCredits,
    signup_credits: site.signupCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    message_length: site.messageLength,
    minimum_message_costs: site.minimumMessageCosts,
    support_email: site.supportEmail,
    support_phone: site.supportPhone,
    enable_site_entry_popup: site.enableSiteEntryPopup ? "yes" : "no",
    entry_popup_countries: site.entryPopupCountries ?? null,
    push_public_key: pushPublicKey(),
    search_fields: site.searchFields,
    domain: site.domain,
    domain_language: site.domainLanguage,
    fictional_warning: t("profile.fictional.warning"),
    fictional_singular: t("profile.fictional.singular"),
    fictional_plural: t("profile.fictional.plural"),
    fictional_icon: site.fictionalIcon,
    refund_days: site.refundDays,
    signups: site.signups,
    logged_out_search: site.loggedOutSearch,
    logged_out_search_trafficsource: site.loggedOutSearchTrafficsource,
    member_resell: site.memberResell,
    niche: site.niche,
    company_id: site.companyId,
    mail_name: site.mailName,
    min_age: site.minAge,
    us_footer: site.usFooter,
  };
}

/** spec §3 Company info, as GET /api/companyinfo.php answers it. */
export function getCompanyInfo(site: Site): PublicCompanyInfo {
  const company = companySettingsOf(getCompany(site));
  return { ...company, support_phone: company.support_phone.replace(/[\s-]/g, "") };
}

/**
 * spec §6: may this visitor search members while logged out?
 * @example canSearchLoggedOut(site, { hasTrafficSource: true })
 */
export function canSearchLoggedOut(site: Site, visitor: { hasTrafficSource: boolean }): boolean {
  return site.loggedOutSearch || (site.loggedOutSearchTrafficsource && visitor.hasTrafficSource);
}
