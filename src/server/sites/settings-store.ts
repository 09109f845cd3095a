import { eq, sql } from "drizzle-orm";
import type { SiteSettingsPatch } from "../../contract/staff-settings";
import type { Connection, Database } from "../db/client";
import { siteSettings } from "./schema";
import { readOverrides, rememberSettings, type StoredSettings } from "./settings-cache";

/*
 * Issue 28 item 2: the site_settings table and how every process learns of a change. A write
 * announces itself with `NOTIFY site_settings_change` at commit, the new overrides in the
 * payload (or, when they would not fit, only the version: the row is read again); every
 * process's listener lays them into its cache (settings-cache.ts) before the next request.
 * A lost listener reads every row again once it is back (as the session cache, decision 0003).
 */
export const SETTINGS_CHANGE_CHANNEL = "site_settings_change";

/** NOTIFY payloads must stay under 8000 bytes; larger overrides are read from the table. */
const MAX_PAYLOAD = 7_000;

type Notice = {
  site: string;
  version: number;
  overrides?: unknown;
  updated_at?: string;
  updated_by?: number | null;
};

type Row = typeof siteSettings.$inferSelect;

function toStored(row: Row): StoredSettings {
  return {
    version: row.version,
    overrides: readOverrides(row.siteId, row.overrides),
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

/** The stored settings of a site, or undefined when it was never changed. */
export async function readSiteSettings(
  db: Database,
  siteId: string,
): Promise<StoredSettings | undefined> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.siteId, siteId));
  return row ? toStored(row) : undefined;
}

async function reloadAll(db: Database): Promise<void> {
  const rows = await db.select().from(siteSettings);
  for (const row of rows) rememberSettings(row.siteId, toStored(row));
}

function hear(db: Database, payload: string): void {
  let notice: Notice;
  try {
    notice = JSON.parse(payload) as Notice;
  } catch {
    return;
  }
  if (notice.overrides !== undefined) {
    rememberSettings(notice.site, {
      version: notice.version,
      overrides: readOverrides(notice.site, notice.overrides),
      updatedAt: notice.updated_at ? new Date(notice.updated_at) : null,
      updatedBy: notice.updated_by ?? null,
    });
    return;
  }
  readSiteSettings(db, notice.site).then(
    (stored) => stored && rememberSettings(notice.site, stored),
    (error: unknown) => console.error(`site ${notice.site}: settings not reloaded`, error),
  );
}

const listening = new WeakSet<Connection>();

/**
 * Start-up (startup.ts): listens for changes, then reads every site's stored settings, so this
 * process serves them from its first request; a change committed between the two is heard.
 */
export async function loadSiteSettings(connection: Connection): Promise<void> {
  const { db } = connection;
  if (!listening.has(connection)) {
    listening.add(connection);
    await connection.listen(SETTINGS_CHANGE_CHANNEL, {
      onNotify: (payload) => hear(db, payload),
      onReset: () => {
        reloadAll(db).catch((error: unknown) => console.error("site settings not reloaded", error));
      },
    });
  }
  await reloadAll(db);
}

/** Makes other writers of the site's settings wait until this transaction ends. */
export async function lockSiteSettings(tx: Database, siteId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site_settings:${siteId}`}))`);
}

/**
 * Stores a site's overrides as its next version and announces them at commit. Call it inside
 * the transaction that audits the change; writers of one site wait for each other.
 * @returns the settings before and after
 */
export async function saveSiteSettings(
  tx: Database,
  siteId: string,
  overrides: SiteSettingsPatch,
  staffId: number | null,
): Promise<{ before: StoredSettings | undefined; after: StoredSettings }> {
  await lockSiteSettings(tx, siteId);
  const before = await readSiteSettings(tx, siteId);
  const [row] = await tx
    .insert(siteSettings)
    .values({ siteId, overrides, version: 1, updatedBy: staffId })
    .onConflictDoUpdate({
      target: siteSettings.siteId,
      set: {
        overrides,
        version: sql`${siteSettings.version} + 1`,
        updatedAt: sql`now()`,
        updatedBy: staffId,
      },
    })
    .returning();
  if (!row) throw new Error("site settings not stored");
  const after = toStored(row);
  const full: Notice = {
    site: siteId,
    version: row.version,
    overrides,
    updated_at: row.updatedAt.toISOString(),
    updated_by: staffId,
  };
  const payload = JSON.stringify(full);
  const notice =
    Buffer.byteLength(payload) <= MAX_PAYLOAD
      ? payload
      : JSON.stringify({ site: siteId, version: row.version });
  await tx.execute(sql`select pg_notify(${SETTINGS_CHANGE_CHANNEL}, ${notice})`);
  return { before, after };
}
