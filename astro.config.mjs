// @ts-check

import { copyFileSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import node from "@astrojs/node";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import { defineConfig } from "astro/config";
import { clientChunks } from "./scripts/client-chunks.ts";
import { cspDigestMemo } from "./scripts/csp-digest-memo.ts";
import { islandPropsOnce } from "./scripts/island-props-once.ts";
import { pageTextUtf8 } from "./scripts/page-text-utf8.ts";
import { precompress } from "./scripts/precompress.ts";
import { lockDataDir } from "./src/server/db/data-dir-lock.ts";
import { getEnv } from "./src/server/lib/env.ts";

// Kept in step with src/i18n/locales.ts (a test checks it): the config file is loaded before
// TypeScript sources can be imported.
const locales = ["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"];
// The default site (first in src/server/sites/registry.ts) and its public origin; settings are
// read through the one env schema (design §10), here as everywhere.
const env = getEnv();
const defaultSiteId = "amora";
const siteUrl = env.AMORA_ORIGIN;
/** The build's server directory, known once the config is resolved. */
let serverDir = "";

/**
 * @astrojs/react, its server renderer swapped for ours (src/server/lib/react-renderer.ts: the
 * check from the component's type, one synchronous render that keeps `useId` unique); the
 * client renderer and the build settings are the integration's own.
 * @returns {import("astro").AstroIntegration}
 */
function reactWithOurServerRenderer() {
  const integration = react();
  const setup = integration.hooks["astro:config:setup"];
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      "astro:config:setup": (params) =>
        setup?.({
          ...params,
          addRenderer: (renderer) =>
            params.addRenderer({ ...renderer, serverEntrypoint: REACT_SERVER_RENDERER }),
        }),
    },
  };
}
const REACT_SERVER_RENDERER = fileURLToPath(
  new URL("./src/server/lib/react-renderer.ts", import.meta.url),
);

export default defineConfig({
  site: siteUrl,
  output: "server",
  // Pages carry their CSS inline: the first paint needs no second request (design §12 budgets
  // HTML + critical CSS together), and the whole stylesheet is under 5 KB compressed.
  build: { inlineStylesheets: "always" },
  // The server's ceiling for any request body (the Node adapter's default is 1 GiB): each call's
  // own, smaller limit is in src/server/request/body-limit.ts (a test keeps them in step).
  // Middleware mode: the adapter's handler renders pages only; scripts/serve-build.ts is the
  // server, and sends the build's files from its own index (scripts/static-files.ts).
  adapter: node({ mode: "middleware", bodySizeLimit: 16 * 1024 * 1024 }),
  server: {
    host: env.HOST,
    port: env.PORT,
  },
  integrations: [
    reactWithOurServerRenderer(),
    {
      // design §10: `astro dev` on the embedded database takes the data directory's lock as it
      // starts, so it refuses to run beside `npm start` instead of failing on the first request.
      name: "amora:data-dir-lock",
      hooks: {
        "astro:server:setup": async () => {
          if (!env.DATABASE_URL && !env.DATA_DIR.startsWith("memory://")) {
            await lockDataDir(env.DATA_DIR);
          }
        },
      },
    },
    {
      // The embedded database's thread loads src/server/db/pglite-worker.mjs by its path,
      // relative to the module that starts it; the bundler leaves such a path as it is, so the
      // file is copied beside every server chunk that names it.
      name: "amora:pglite-worker",
      hooks: {
        "astro:config:done": ({ config }) => {
          serverDir = fileURLToPath(config.build.server);
        },
        "astro:build:done": () => {
          const worker = fileURLToPath(
            new URL("./src/server/db/pglite-worker.mjs", import.meta.url),
          );
          const chunks = readdirSync(serverDir, { recursive: true, encoding: "utf8" });
          for (const chunk of chunks.filter((name) => name.endsWith(".mjs"))) {
            const path = join(serverDir, chunk);
            if (readFileSync(path, "utf8").includes('"./pglite-worker.mjs"')) {
              copyFileSync(worker, join(dirname(path), "pglite-worker.mjs"));
            }
          }
        },
      },
    },
    // The sitemap lists the public URLs of the default site's prerendered pages (each with its
    // 11 language alternates) and the home page per language; src/pages/sitemap.xml.ts serves it
    // for every site with that site's origin.
    sitemap({
      filter: (page) => {
        const path = new URL(page).pathname;
        return path.startsWith(`/prerendered/${defaultSiteId}/`) || /^\/[a-z]{2}\/$/.test(path);
      },
      customPages: locales.map((locale) => new URL(`/${locale}/`, siteUrl).href),
      serialize(item) {
        // "/prerendered/amora/de/terms/" or "/de/" -> the page's public URL and its alternates.
        const path = new URL(item.url).pathname.replace(`/prerendered/${defaultSiteId}`, "");
        const [, ownLocale = "en", ...rest] = path.split("/");
        const page = rest.filter(Boolean).join("/");
        const href = (/** @type {string} */ code) => new URL(`/${code}/${page}`, siteUrl).href;
        return {
          ...item,
          url: href(ownLocale),
          links: locales.map((locale) => ({ lang: locale, url: href(locale) })),
        };
      },
    }),
    // Issue 30 item 2: the members' scripts in a few chunks, the shared ones preloaded.
    clientChunks(),
    // design §12: build assets compressed once, here, and sent as the browser accepts by
    // scripts/static-files.ts. Last, so it also packs what the integrations before it wrote.
    precompress(),
  ],
  i18n: {
    locales,
    defaultLocale: "en",
    // design §5: member pages keep the spec's unprefixed paths; locale comes from
    // src/middleware.ts (cookie -> member -> site -> Accept-Language), not from the URL.
    routing: "manual",
  },
  // Prefetch is driven by src/scripts/idle-prefetch.ts (spec §9: idle prefetch after 2000 ms)
  // and by hovering links marked data-astro-prefetch.
  prefetch: { prefetchAll: false, defaultStrategy: "hover" },
  security: {
    // Off on purpose: src/middleware.ts and the API apply one rule (isCrossSiteWrite) to every
    // write. Astro's own check refuses form posts without an Origin header, which would break
    // the one-click unsubscribe that mail providers POST (RFC 8058).
    checkOrigin: false,
    csp: {
      algorithm: "SHA-256",
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "font-src 'self'",
        "media-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
  // Legal texts and FAQ need no code highlighting; Shiki's inline styles would break the CSP.
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [
      // Astro hashes every inline stylesheet of a page on every request for its CSP: once each.
      cspDigestMemo(),
      // …and serialises each island's props twice: once.
      ...islandPropsOnce(),
      // …and encodes a page's text to bytes through V8's slow path for two-byte strings: ICU.
      pageTextUtf8(),
      {
        // Libraries choose their development code by `process.env.NODE_ENV` at run time; the
        // server build fixes that choice at build time. Our own code reads settings through
        // the env schema (src/server/lib/env.ts), never this expression. `astro dev` keeps
        // React's development build and its warnings.
        name: "amora:production-libraries",
        apply: "build",
        configEnvironment: (name) =>
          name === "ssr" ? { define: { "process.env.NODE_ENV": '"production"' } } : undefined,
      },
      {
        // scripts/serve-build.ts hands /api and /media to the Hono app itself, without the
        // Node adapter and Astro's pipeline (ARCHITECTURE.md "Hono beside Astro"): the app is
        // a second entry of the server build, dist/server/api.mjs, sharing its chunks with the
        // pages (one instance of every module: the database pool and the caches among them).
        name: "amora:api-entry",
        apply: "build",
        applyToEnvironment: (environment) => environment.name === "ssr",
        buildStart() {
          this.emitFile({
            type: "chunk",
            id: fileURLToPath(new URL("./src/server/index.ts", import.meta.url)),
            fileName: "api.mjs",
          });
        },
      },
    ],
    ssr: {
      // Native and WASM packages, and data packages that read their own files, are loaded from
      // node_modules at run time, never bundled.
      external: ["sharp", "@electric-sql/pglite", "pg", "@countrystatecity/countries"],
      // React, and every package that imports it (one React per process), is bundled into
      // the server build with its production code (see the plugin below): loaded from
      // node_modules it picks its development build at run time whenever NODE_ENV is not
      // "production", as with `npm start` for the demo and the browser tests, and renders pages
      // several times slower.
      noExternal: ["react", "react-dom", "@astrojs/react", "@nanostores/react", "swiper"],
    },
  },
});
