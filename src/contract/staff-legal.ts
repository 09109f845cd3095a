import { z } from "@hono/zod-openapi";
import { textSchema } from "./fields";

/**
 * Issue 28 item 5: legal texts edited by staff (docs/decisions/0013). An override is the whole
 * Markdown file of a text (front matter with title and description, then the body) for one
 * site and language; without one the text of src/content/legal is served.
 */

/** The longest text an editor may save, in characters (the longest default is under 10 000). */
export const MAX_LEGAL_MARKDOWN = 60_000;

/** Path of one site and language: the site's id and a locale (en-US: the US privacy text). */
export const legalScopeParams = z.object({
  site: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, "validation.invalid"),
  locale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, "validation.invalid"),
});

/** Path of one text of a site and language. */
export const legalTextParams = legalScopeParams.extend({
  document: z.string().regex(/^[a-z][a-z-]{0,29}$/, "validation.invalid"),
});

/** PUT and POST …/preview: the whole Markdown file, front matter included. */
export const legalTextBody = z
  .object({
    markdown: textSchema({ multiline: true }).min(1).max(MAX_LEGAL_MARKDOWN),
  })
  .openapi("LegalTextBody");
export type LegalTextBody = z.infer<typeof legalTextBody>;

/** Who saved an override, and when. */
const overrideMeta = {
  updated_at: z.iso.datetime(),
  updated_by: z.number().int().nullable().openapi({ description: "The staff account's id" }),
};

/** One text of a site and language in the list. */
export const legalTextSummary = z
  .object({
    document: z.string(),
    overridden: z.boolean(),
    updated_at: overrideMeta.updated_at.nullable(),
    updated_by: overrideMeta.updated_by,
  })
  .openapi("LegalTextSummary");
export type LegalTextSummary = z.infer<typeof legalTextSummary>;

/** GET /api/staff/legal/{site}/{locale}: every text of that site and language. */
export const legalTextsAnswer = z
  .object({ documents: z.array(legalTextSummary) })
  .openapi("LegalTextsAnswer");
export type LegalTextsAnswer = z.infer<typeof legalTextsAnswer>;

/** One text: the default Markdown, and the site's override when it has one. */
export const legalTextAnswer = z
  .object({
    site: z.string(),
    locale: z.string(),
    document: z.string(),
    default_markdown: z.string(),
    override: z.object({ markdown: z.string(), ...overrideMeta }).nullable(),
    served: z.enum(["default", "override"]).openapi({
      description: "What the page shows now on the server process that answers",
    }),
  })
  .openapi("LegalTextAnswer");
export type LegalTextAnswer = z.infer<typeof legalTextAnswer>;

/** POST …/preview: the text as the page would show it (placeholders filled), not saved. */
export const legalPreviewAnswer = z
  .object({
    title: z.string(),
    description: z.string(),
    html: z.string().openapi({ description: "The page body: checked, safe Markdown output" }),
  })
  .openapi("LegalPreviewAnswer");
export type LegalPreviewAnswer = z.infer<typeof legalPreviewAnswer>;
