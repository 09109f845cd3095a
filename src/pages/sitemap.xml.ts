import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { APIRoute } from "astro";
import { clientDir } from "../server/content/prerendered-files";

export const prerender = false;

/** The build's sitemap, read once per process (half a megabyte, unchanged until the next build). */
let built: Promise<string | null> | undefined;

// @astrojs/sitemap writes the default site's sitemap at build (astro.config.mjs). Every site has
// the same pages, so each is served that sitemap with its own origin.
export const GET: APIRoute = async ({ locals }) => {
  built ??= readFile(join(clientDir(), "sitemap-0.xml"), "utf8").catch(() => null);
  const sitemap = await built;
  if (sitemap === null) return new Response("Sitemap not built", { status: 404 });
  const buildOrigin = new URL(import.meta.env.SITE).origin;
  return new Response(sitemap.replaceAll(`${buildOrigin}/`, `${locals.site.origin}/`), {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=3600",
    },
  });
};
