import {
  type SiteSettings,
  type SiteSettingsPatch,
  siteSettings,
} from "../../contract/staff-settings";
import { settingsOf, withSettings } from "./settings-document";
import type { Site } from "./types";

/*
 * Issue 28 item 2: this process's copy of the settings operators changed, per site, so every
 * reader stays synchronous. Filled at start-up and kept current by `NOTIFY site_settings_change`
 * (settings-store.ts); a process without a database (a unit test) serves the defaults. Imports
 * no database code, so a module that only reads a site does not open one.
 */

export type StoredSettings = {
  version: number;
  overrides: SiteSettingsPatch;
  updatedAt: Date | null;
  updatedBy: number | null;
};

const stored = new Map<string, StoredSettings>();
const built = new Map<string, { base: Site; version: number; site: Site }>();

/**
 * The stored overrides that still pass the schema, key by key: a value a stricter rule now
 * refuses is dropped (its default is served) and logged, never served.
 */
export function readOverrides(siteId: string, value: unknown): SiteSettingsPatch {
  const overrides: Record<string, unknown> = {};
  if (value === null || typeof value !== "object") return overrides;
  const shape = siteSettings.shape as Record<string, import("zod").ZodType>;
  for (const [key, setting] of Object.entries(value)) {
    const parsed = shape[key]?.safeParse(setting);
    if (parsed?.success) overrides[key] = parsed.data;
    else console.error(`site ${siteId}: stored setting ${key} refused, its default is served`);
  }
  return overrides as SiteSettingsPatch;
}

/**
 * Keeps a site's stored settings unless this process knows a newer version already (a
 * notification and a reload may arrive in either order). Answers whether it was kept.
 */
export function rememberSettings(siteId: string, settings: StoredSettings): boolean {
  const known = stored.get(siteId);
  if (known && known.version >= settings.version) return false;
  stored.set(siteId, settings);
  return true;
}

/** The stored settings of a site as this process knows them (none: never changed). */
export function knownSettings(siteId: string): StoredSettings | undefined {
  return stored.get(siteId);
}

/** The settings in force on a site: its defaults with the stored overrides laid over them. */
export function effectiveSettings(base: Site): SiteSettings {
  return { ...settingsOf(base), ...stored.get(base.id)?.overrides };
}

/**
 * The site as it is now: the registry's site with the stored settings in force. The same
 * object until the next change, so a reader may call it on every request.
 */
export function effectiveSite(base: Site): Site {
  const settings = stored.get(base.id);
  if (!settings || Object.keys(settings.overrides).length === 0) return base;
  const memo = built.get(base.id);
  if (memo && memo.base === base && memo.version === settings.version) return memo.site;
  const site = withSettings(base, { ...settingsOf(base), ...settings.overrides });
  built.set(base.id, { base, version: settings.version, site });
  return site;
}
