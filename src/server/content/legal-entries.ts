import { type CollectionEntry, getCollection } from "astro:content";
import type { Locale } from "../../i18n/locales";
import type { Site } from "../sites/registry";
import { fillLegalText } from "./legal";
import type { ContentDocument } from "./pages";

export type LegalText = { title: string; description: string; html: string };

/**
 * A text of the content collection for a site and language, filled with the site's values: the
 * site's own wording (src/content/legal/{site}/{locale}/) when it has one, else the language's.
 */
export async function getLegalText(
  site: Site,
  contentLocale: string,
  document: ContentDocument,
  locale: Locale,
): Promise<LegalText> {
  entries ??= getCollection("legal").then(
    (list) => new Map(list.map((entry) => [entry.id, entry] as const)),
  );
  const byId = await entries;
  const entry =
    byId.get(`${site.id}/${contentLocale}/${document}`) ?? byId.get(`${contentLocale}/${document}`);
  if (!entry?.rendered)
    throw new Error(`No text ${contentLocale}/${document} in src/content/legal`);
  return fillLegalText({ ...entry.data, html: entry.rendered.html }, site, locale);
}

/** The collection by id ("de/terms", "herzklopfen/de/terms"), read once. */
let entries: Promise<Map<string, CollectionEntry<"legal">>> | undefined;
