import { parseFrontmatter } from "@astrojs/internal-helpers/frontmatter";
import type { MarkdownRenderer } from "@astrojs/internal-helpers/markdown";
import { satteri } from "@astrojs/markdown-satteri";
import { z } from "zod";
import type { MessageKey } from "../../i18n/catalogues";
import type { Locale } from "../../i18n/locales";
import { type FieldMessage, ValidationError } from "../lib/errors";
import { defaultSite, type Site } from "../sites/registry";
import { fillLegalText, getLegalValues, LEGAL_MEMBER_PAGES } from "./legal";
import { contentDocuments } from "./pages";

/**
 * The rules every legal text keeps, the files of src/content/legal and editors' overrides alike
 * (docs/decisions/0013), and the Markdown pipeline the content collection renders them with
 * (Astro's default, Sätteri, with astro.config.mjs's `syntaxHighlight: false`).
 */

/** The front matter of a text: the limits of content.config.ts's `legal` collection. */
export const legalFrontmatter = z.object({
  title: z.string().min(2).max(80),
  /** The search-result snippet: 70 to 160 characters. */
  description: z.string().min(70).max(160),
});

/** The pages of the site a text may link to; links to the texts get the page's language. */
export const LEGAL_LINKS: ReadonlySet<string> = new Set([
  ...contentDocuments.map((document) => `/${document}`),
  ...LEGAL_MEMBER_PAGES,
]);

/** A link a text may hold: an allowed page, a text's page with an anchor, or an anchor. */
export function isAllowedLegalLink(href: string): boolean {
  const hash = href.indexOf("#");
  const path = hash < 0 ? href : href.slice(0, hash);
  const anchor = hash < 0 ? null : href.slice(hash + 1);
  if (anchor !== null && !/^[a-z0-9-]+$/.test(anchor)) return false;
  if (path === "") return anchor !== null;
  return LEGAL_LINKS.has(path);
}

/** The {{placeholder}} names a text may use: the values every site fills in. */
export const LEGAL_PLACEHOLDERS: readonly string[] = Object.keys(getLegalValues(defaultSite, "en"));

/**
 * Raw HTML in the Markdown: a tag, a closing tag, a comment or a processing instruction. The
 * pipeline would pass it through, so it is refused, not cleaned (design §10).
 */
const RAW_HTML = /<(?:[A-Za-z][A-Za-z0-9-]*(?=[\s/>])|\/[A-Za-z]|!|\?)/;
/** What safe output never holds, whatever Markdown made it: scripts, frames, handlers, images. */
const UNSAFE_OUTPUT =
  /<(?:script|style|iframe|object|embed|img|svg|math|form|input)\b|\son[a-z]+=/i;

let renderer: Promise<MarkdownRenderer> | undefined;

/** Markdown to HTML, as the content collection renders src/content/legal (front matter apart). */
async function renderMarkdown(body: string): Promise<string> {
  renderer ??= satteri().createRenderer({ syntaxHighlight: false });
  return (await (await renderer).render(body)).code;
}

export type RenderedLegal = { title: string; description: string; html: string };

function decodeAttribute(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The first rule the text breaks, as a field message, or null when it keeps them all. */
function brokenRule(markdown: string, html: string): FieldMessage | null {
  const unknown = [...markdown.matchAll(/\{\{([^}]*)\}\}/g)]
    .map((match) => match[1] ?? "")
    .find((name) => !LEGAL_PLACEHOLDERS.includes(name));
  if (unknown !== undefined) {
    return { key: "staff.legal.error.placeholder", params: { name: unknown } };
  }
  if (RAW_HTML.test(markdown) || UNSAFE_OUTPUT.test(html) || /\ssrc=/i.test(html)) {
    return { key: "staff.legal.error.html" };
  }
  for (const match of html.matchAll(/\shref="([^"]*)"/g)) {
    const href = decodeAttribute(match[1] ?? "");
    if (!isAllowedLegalLink(href)) {
      return { key: "staff.legal.error.link", params: { link: href.slice(0, 80) } };
    }
  }
  return null;
}

/**
 * Checks a whole legal text (front matter and Markdown) and renders it, placeholders unfilled:
 * a broken rule is a ValidationError on `field` (422 naming it).
 */
export async function renderLegalMarkdown(
  markdown: string,
  field = "markdown",
): Promise<RenderedLegal> {
  const refuse = (key: MessageKey, params?: FieldMessage["params"]) =>
    new ValidationError({ [field]: { key, params } });
  let parsed: { frontmatter: Record<string, unknown>; content: string };
  try {
    parsed = parseFrontmatter(markdown);
  } catch {
    throw refuse("staff.legal.error.frontmatter");
  }
  const meta = legalFrontmatter.safeParse(parsed.frontmatter);
  if (!meta.success) throw refuse("staff.legal.error.frontmatter");
  const html = await renderMarkdown(parsed.content);
  const broken = brokenRule(markdown, html);
  if (broken) throw refuse(broken.key, broken.params);
  return { ...meta.data, html };
}

/** A rendered text as a page of a site and language shows it: placeholders and links filled. */
export function fillLegal(rendered: RenderedLegal, site: Site, locale: Locale): RenderedLegal {
  return fillLegalText(rendered, site, locale);
}
