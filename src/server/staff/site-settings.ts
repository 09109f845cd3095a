import type { AuditValues } from "../../contract/staff";
import type {
  SiteSettings,
  SiteSettingsAnswer,
  SiteSettingsKey,
  SiteSettingsPatch,
} from "../../contract/staff-settings";
import { afterCommit } from "../db/after-commit";
import type { Database } from "../db/client";
import { notFound } from "../lib/errors";
import { type Site, sites } from "../sites/registry";
import { rememberSettings, type StoredSettings } from "../sites/settings-cache";
import { patchOverrides, sameValue, settingsOf } from "../sites/settings-document";
import { lockSiteSettings, readSiteSettings, saveSiteSettings } from "../sites/settings-store";
import { recordStaffAction, type StaffActor } from "./audit";
import { authorize } from "./permissions";

/*
 * Issue 28 item 2: a site's settings in the console, for admins (`settings.write`, checked
 * here before anything is read). A change and its audit row (each changed setting before and
 * after) commit together; every process applies it at commit (sites/settings-store.ts).
 */

function siteOf(id: string): Site {
  const site = sites.find((candidate) => candidate.id === id);
  if (!site) throw notFound();
  return site;
}

function answerOf(site: Site, stored: StoredSettings | undefined): SiteSettingsAnswer {
  const defaults = settingsOf(site);
  const overrides = stored?.overrides ?? {};
  return {
    site: site.id,
    name: site.name,
    defaults,
    overrides,
    settings: { ...defaults, ...overrides },
    version: stored?.version ?? 0,
    updated_at: stored?.updatedAt?.toISOString() ?? null,
    updated_by: stored?.updatedBy ?? null,
  };
}

/** A setting as the audit log keeps it: a plain value as it is, a list or object as JSON. */
function auditValue(value: unknown): AuditValues[string] {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) {
    return value as AuditValues[string];
  }
  return JSON.stringify(value);
}

/** The settings that differ, as they were and as they are now. */
function changes(before: SiteSettings, after: SiteSettings) {
  const was: AuditValues = {};
  const now: AuditValues = {};
  for (const key of Object.keys(after) as SiteSettingsKey[]) {
    if (sameValue(before[key], after[key])) continue;
    was[key] = auditValue(before[key]);
    now[key] = auditValue(after[key]);
  }
  return { was, now };
}

/** GET /api/staff/sites/{site}/settings: the defaults, the overrides and what is in force. */
export async function staffSiteSettings(
  db: Database,
  actor: StaffActor,
  siteId: string,
): Promise<SiteSettingsAnswer> {
  authorize(actor, "settings.write");
  const site = siteOf(siteId);
  return answerOf(site, await readSiteSettings(db, site.id));
}

/**
 * PUT /api/staff/sites/{site}/settings: changes the settings the patch names (each a whole
 * top-level value), keeps the others. A value equal to the default stops being an override. A
 * patch that changes nothing writes nothing and is not audited.
 */
export async function updateSiteSettings(
  db: Database,
  actor: StaffActor,
  siteId: string,
  patch: SiteSettingsPatch,
): Promise<SiteSettingsAnswer> {
  authorize(actor, "settings.write");
  const site = siteOf(siteId);
  const { answer, saved } = await db.transaction(async (tx) => {
    // Read under the lock: two admins' patches of one site apply one after the other.
    await lockSiteSettings(tx, site.id);
    const current = await readSiteSettings(tx, site.id);
    const defaults = settingsOf(site);
    const before = { ...defaults, ...current?.overrides };
    const overrides = patchOverrides(defaults, current?.overrides ?? {}, patch);
    const { was, now } = changes(before, { ...defaults, ...overrides });
    if (Object.keys(now).length === 0) return { answer: answerOf(site, current), saved: null };
    const stored = await saveSiteSettings(tx, site.id, overrides, actor.staff?.id ?? null);
    await recordStaffAction(tx, actor, {
      action: "settings.update",
      target: { type: "setting", id: site.id },
      before: was,
      after: now,
    });
    return { answer: answerOf(site, stored.after), saved: stored.after };
  });
  // This process serves the change from its next request, once the write has committed (a
  // keyed request commits later: db/after-commit.ts); the others hear the NOTIFY.
  if (saved) afterCommit(() => rememberSettings(site.id, saved));
  return answer;
}
