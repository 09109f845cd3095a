import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { type Locale, locales } from "../../i18n/locales";
import { type ChannelListener, type Database, getConnection } from "../db/client";
import { getEnv } from "../lib/env";
import { type Site, sites } from "../sites/registry";
import { legalValuesKey } from "./legal";
import { fillLegal, type RenderedLegal, renderLegalMarkdown } from "./legal-markdown";
import { type ContentDocument, contentDocuments, US_VARIANT } from "./pages";
import { legalTexts } from "./schema";

/**
 * Issue 28 item 5 (docs/decisions/0013): the editors' overrides of the legal texts, per site,
 * language and text, served instead of the files of src/content/legal (the defaults), and the
 * per-process cache of their rendering, kept coherent by `NOTIFY legal_change` at commit.
 */
export const LEGAL_CHANGE_CHANNEL = "legal_change";

/** A text of a site and language: the content locale may be en-US (the US privacy text). */
export type LegalKey = { siteId: string; locale: string; document: ContentDocument };

export type LegalOverride = { markdown: string; updatedAt: Date; updatedBy: number | null };

/** The texts a content locale has: all of them, or the US privacy text alone; null: none. */
export function legalDocumentsOf(locale: string): readonly ContentDocument[] | null {
  if (locale === US_VARIANT) return ["privacy"];
  return (locales as readonly string[]).includes(locale) ? contentDocuments : null;
}

/** The page language of a content locale (en-US pages are English). */
export function pageLocaleOf(contentLocale: string): Locale {
  return (contentLocale === US_VARIANT ? "en" : contentLocale) as Locale;
}

const defaults = new Map<string, Promise<string>>();

/** The file's text: the site's own wording (…/{site}/{locale}/) when it has one. */
export function defaultLegalMarkdown({ siteId, locale, document }: LegalKey): Promise<string> {
  const id = `${siteId}/${locale}/${document}`;
  let text = defaults.get(id);
  if (!text) {
    const dir = resolve(getEnv().LEGAL_DIR);
    text = readFile(join(dir, siteId, locale, `${document}.md`), "utf8").catch(() =>
      readFile(join(dir, locale, `${document}.md`), "utf8"),
    );
    defaults.set(id, text);
    text.catch(() => defaults.delete(id));
  }
  return text;
}

function whereKey({ siteId, locale, document }: LegalKey) {
  return and(
    eq(legalTexts.siteId, siteId),
    eq(legalTexts.locale, locale),
    eq(legalTexts.document, document),
  );
}

const overrideColumns = {
  document: legalTexts.document,
  markdown: legalTexts.markdown,
  updatedAt: legalTexts.updatedAt,
  updatedBy: legalTexts.updatedBy,
};

/** The live override of a text, or null: its file is served. */
export async function readLegalOverride(db: Database, key: LegalKey) {
  const [row] = await db
    .select(overrideColumns)
    .from(legalTexts)
    .where(and(whereKey(key), eq(legalTexts.live, true)))
    .limit(1);
  return row ?? null;
}

/** The live overrides of a site and language, by text. */
export async function listLegalOverrides(db: Database, siteId: string, locale: string) {
  const rows = await db
    .select(overrideColumns)
    .from(legalTexts)
    .where(
      and(eq(legalTexts.siteId, siteId), eq(legalTexts.locale, locale), eq(legalTexts.live, true)),
    );
  return new Map(rows.map((row) => [row.document, row] as const));
}

/**
 * Serializes writers of one text for the transaction, retires its live version and announces
 * the change at commit. Answers the version it retired, if any. Call it inside a transaction.
 */
async function retire(tx: Database, key: LegalKey): Promise<LegalOverride | null> {
  const name = `legal:${key.siteId}/${key.locale}/${key.document}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
  await tx.execute(
    sql`select pg_notify(${LEGAL_CHANGE_CHANNEL}, ${`${key.siteId}/${key.locale}/${key.document}`})`,
  );
  const [retired] = await tx
    .update(legalTexts)
    .set({ live: false })
    .where(and(whereKey(key), eq(legalTexts.live, true)))
    .returning(overrideColumns);
  return retired ?? null;
}

/** Saves a checked text as the live version; answers it and the one it replaced. */
export async function saveLegalOverride(
  tx: Database,
  key: LegalKey,
  markdown: string,
  staffId: number | null,
) {
  const before = await retire(tx, key);
  const [after] = await tx
    .insert(legalTexts)
    .values({ ...key, markdown, live: true, updatedBy: staffId })
    .returning(overrideColumns);
  if (!after) throw new Error("legal text not stored");
  return { before, after };
}

/** Goes back to the file: no version stays live. Answers the version it retired, if any. */
export function clearLegalOverride(tx: Database, key: LegalKey): Promise<LegalOverride | null> {
  return retire(tx, key);
}

/**
 * Renderings of the live overrides in this process (null: the file is served), by
 * "site/locale/document". A notification forgets its text ("*" all); while the listener is
 * down nothing is kept, and all is forgotten when it is back (as the session cache, 0003).
 */
class LegalCache {
  /** By text (`site/locale/document`): the rendering, for the site's values it was filled with. */
  readonly entries = new Map<string, { values: string; page: Promise<RenderedLegal | null> }>();
  listener: Pick<ChannelListener, "live"> = { live: false };

  forget(payload: string): void {
    if (payload === "*") this.entries.clear();
    else this.entries.delete(payload);
  }

  get(
    id: string,
    values: string,
    load: () => Promise<RenderedLegal | null>,
  ): Promise<RenderedLegal | null> {
    if (!this.listener.live) return load();
    const kept = this.entries.get(id);
    if (kept?.values === values) return kept.page;
    const page = load();
    this.entries.set(id, { values, page });
    page.catch(() => {
      if (this.entries.get(id)?.page === page) this.entries.delete(id);
    });
    return page;
  }
}

const caches = new WeakMap<Database, Promise<LegalCache | null>>();

async function cacheFor(db: Database): Promise<LegalCache | null> {
  const connection = await getConnection();
  if (connection.db !== db) return null;
  let cache = caches.get(db);
  if (!cache) {
    const created = new LegalCache();
    cache = connection
      .listen(LEGAL_CHANGE_CHANNEL, {
        onNotify: (payload) => created.forget(payload),
        onReset: () => created.forget("*"),
      })
      .then(
        (listener) => {
          created.listener = listener;
          return created;
        },
        () => {
          caches.delete(db);
          return null;
        },
      );
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The text as its page must show it when the prerendered file cannot: an editor's live version,
 * or the file's own text when the site's settings changed what the texts quote (its company,
 * support address, refund days…), with placeholders and links filled. Null when the page serves
 * its prerendered file. From memory after the first request, until a change of either.
 */
export async function liveLegalText(
  db: Database,
  site: Site,
  locale: string,
  document: ContentDocument,
): Promise<RenderedLegal | null> {
  const key = { siteId: site.id, locale, document };
  const values = legalValuesKey(site);
  const built = sites.find((candidate) => candidate.id === site.id);
  const settingsChanged = built !== undefined && built !== site && legalValuesKey(built) !== values;
  const load = async () => {
    const override = await readLegalOverride(db, key);
    const markdown =
      override?.markdown ?? (settingsChanged ? await defaultLegalMarkdown(key) : null);
    if (markdown === null) return null;
    try {
      return fillLegal(await renderLegalMarkdown(markdown), site, pageLocaleOf(locale));
    } catch (error) {
      // Saved texts passed these rules; a rule made stricter since serves the default.
      console.error(`legal text ${site.id}/${locale}/${document} refused:`, error);
      return null;
    }
  };
  const cache = await cacheFor(db);
  return cache ? cache.get(`${site.id}/${locale}/${document}`, values, load) : load();
}
