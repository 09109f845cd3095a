import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { z } from "astro/zod";

/**
 * Legal texts and the FAQ, one Markdown file per language (and per site where a site needs its
 * own wording): src/content/legal/{locale}/{document}.md, or .../legal/{site}/{locale}/….
 * The README's "Editing legal texts" section tells editors how to change one and see it.
 */
const legal = defineCollection({
  loader: glob({
    pattern: "**/*.md",
    base: "./src/content/legal",
    // Ids keep the file's path as written ("en-US/privacy"), not a lower-cased slug.
    generateId: ({ entry }) => entry.replace(/\.md$/, ""),
  }),
  schema: z.object({
    title: z.string().min(2).max(80),
    /** The search-result snippet: 70 to 160 characters. */
    description: z.string().min(70).max(160),
  }),
});

export const collections = { legal };
