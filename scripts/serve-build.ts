import { createServer, type RequestListener } from "node:http";
import { pathToFileURL } from "node:url";
import { escapeMalformedPercentEncoding } from "../src/server/lib/url-encoding";

/**
 * Serves the production build: the Node adapter's standalone handler (static files, then Astro)
 * in an HTTP server of ours, for one reason. The adapter's own server answers a URL that
 * `decodeURI` cannot read with a bare "Bad request." in plain text, before Astro or the API see
 * it; here such a URL is repaired first, so the API answers it with its JSON error and pages with
 * the 404 page (design §10). TLS is the job of the proxy in front (see trusted proxies).
 */
export async function serveBuild(
  entry: string,
  options: { host: string; port: number },
): Promise<void> {
  // The entry starts the adapter's own server when imported, unless told not to.
  process.env.ASTRO_NODE_AUTOSTART = "disabled";
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: RequestListener };
  const server = createServer((request, response) => {
    if (request.url) request.url = escapeMalformedPercentEncoding(request.url);
    handler(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, resolve);
  });
  // One page through Astro's pipeline before traffic: it loads and compiles the page modules,
  // and it settles Astro's one-time check of src/fetch.ts, which otherwise, when the first
  // request is an API call (never passed to Astro), warns that middleware will not run.
  const local = ["0.0.0.0", "::"].includes(options.host) ? "127.0.0.1" : options.host;
  const origin = local.includes(":")
    ? `http://[${local}]:${options.port}`
    : `http://${local}:${options.port}`;
  await fetch(`${origin}/robots.txt`).then(
    (response) => response.arrayBuffer(),
    () => undefined,
  );
  console.log(`Server listening on http://${options.host}:${options.port}`);
}
