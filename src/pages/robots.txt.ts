import type { APIRoute } from "astro";

export const prerender = false;

// Per site (Host): crawl the public pages, not the member area, the API or the build's internal
// per-site copies of the prerendered pages (their public URLs are /{locale}/…).
export const GET: APIRoute = ({ locals }) =>
  new Response(
    [
      "User-agent: *",
      "Disallow: /api/",
      "Disallow: /prerendered/",
      "Disallow: /members",
      "Disallow: /likes",
      "Disallow: /chats",
      "Disallow: /credits",
      "Disallow: /notifications",
      "Disallow: /profile",
      "Disallow: /dev/",
      `Sitemap: ${new URL("/sitemap.xml", locals.site.origin).href}`,
      "",
    ].join("\n"),
    {
      headers: {
        "content-type": "text/plain; charset=utf-8",
        "cache-control": "public, max-age=3600",
      },
    },
  );
