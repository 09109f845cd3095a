import type { APIRoute } from "astro";

export const prerender = false;

// The web app manifest per site and language: installing it gives the installed-app mode
// (spec §2: back button, app footer, no entry warning), which display-mode: standalone detects.
export const GET: APIRoute = ({ locals }) => {
  const { site, t, locale } = locals;
  return Response.json(
    {
      name: site.name,
      short_name: site.name,
      description: t("manifest.description"),
      lang: locale,
      start_url: "/members?source=app",
      scope: "/",
      display: "standalone",
      background_color: "#f7f5fa",
      theme_color: "#d92662",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
        {
          src: "/icons/maskable-512.png",
          sizes: "512x512",
          type: "image/png",
          purpose: "maskable",
        },
      ],
    },
    {
      headers: {
        "content-type": "application/manifest+json; charset=utf-8",
        "cache-control": "private, max-age=3600",
      },
    },
  );
};
