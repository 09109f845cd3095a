import { FetchState } from "astro/fetch";
import { astro } from "astro/hono";
import type { Context } from "hono";
import { Hono } from "hono";
import { app as server } from "./server";

/**
 * The site's request pipeline under Astro (Astro 7 advanced routing; ARCHITECTURE.md, "Hono
 * beside Astro"):
 * - /api and /media go to the Hono app of src/server, without Astro's page pipeline (routing,
 *   middleware, rendering), which they never need;
 * - everything else runs Astro's default pipeline (src/middleware.ts, pages, i18n).
 * The production server (scripts/serve-build.ts) hands /api and /media to the Hono app before
 * Astro is reached at all, and compresses answers there; this file is their path under
 * `astro dev`, and the pages' path everywhere.
 */
const site = new Hono();

function toServer(c: Context) {
  // The socket's peer, as the Node adapter hands it to Astro; the trusted-proxy rule
  // (src/server/request/client.ts) decides what forwarded headers may add to it.
  const { clientAddress } = new FetchState(c.req.raw);
  return server.fetch(c.req.raw, { clientAddress });
}

site.all("/api/*", toServer);
site.on(["GET", "HEAD"], "/media/*", toServer);
site.all("*", astro());

export default site;
