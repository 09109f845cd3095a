import { FetchState } from "astro/fetch";
import { astro } from "astro/hono";
import type { Context } from "hono";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { app as server } from "./server";

/**
 * The site's one request pipeline (Astro 7 advanced routing, ARCHITECTURE.md "Serving"):
 * - /api and /media go straight to the Hono app of src/server, without Astro's page pipeline
 *   (routing, middleware, rendering), which they never needed;
 * - everything else runs Astro's default pipeline (src/middleware.ts, pages, i18n);
 * - answers are compressed on the fly where it pays (design §12): HTML and JSON with gzip,
 *   streamed as they are rendered. What already carries a Content-Encoding (prerendered pages,
 *   served precompressed) and images pass through as they are; so do server-sent events.
 * Static build files never reach this: the Node adapter serves them first.
 */
const site = new Hono();

site.use(compress({ encoding: "gzip" }));

// compress() leaves answers under 1 KB alone only when it knows their length: JSON answers are
// built whole in memory, so they get their Content-Length here (GET /api/user.php is ~600 bytes,
// and gzip would cost more than it saves).
site.use("/api/*", async (c, next) => {
  await next();
  const { res } = c;
  if (!res.body || res.headers.has("content-length")) return;
  if (!res.headers.get("content-type")?.startsWith("application/json")) return;
  const body = await res.arrayBuffer();
  const headers = new Headers(res.headers);
  headers.set("content-length", String(body.byteLength));
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
});

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
