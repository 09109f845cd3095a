import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo, ListenOptions } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { getEnv } from "../src/server/lib/env";
import { escapeMalformedPercentEncoding } from "../src/server/lib/url-encoding";
import { createPrecompressedFileHandler, indexPrecompressedFiles } from "./static-files";

/**
 * Serves the production build: the Node adapter's standalone handler (static files, then Astro)
 * in an HTTP server of ours, for two reasons. The build's assets are sent precompressed
 * (scripts/static-files.ts), which the adapter's static handler cannot. And the adapter's own
 * server answers a URL that `decodeURI` cannot read with a bare "Bad request." in plain text,
 * before Astro or the API see it; here such a URL is repaired first, so the API answers it with
 * its JSON error and pages with the 404 page (design §10). TLS is the job of the proxy in front
 * (see trusted proxies).
 */
export async function serveBuild(
  entry: string,
  options: { host: string; port: number },
): Promise<void> {
  // The entry starts the adapter's own server when imported, unless told not to.
  process.env.ASTRO_NODE_AUTOSTART = "disabled";
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: RequestListener };
  const serveStatic = createPrecompressedFileHandler(
    await indexPrecompressedFiles(resolve(getEnv().CLIENT_DIR)),
  );
  const listener: RequestListener = (request, response) => {
    if (request.url) request.url = escapeMalformedPercentEncoding(request.url);
    serveStatic(request, response, () => handler(request, response));
  };
  await warmUp(listener);
  const server = createServer(listener);
  await listen(server, { port: options.port, host: options.host });
  console.log(`Server listening on http://${options.host}:${options.port}`);
}

function listen(server: Server, options: ListenOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options, () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * One page through Astro's pipeline before any traffic, on a private loopback port of this
 * process (exclusive: under WEB_CONCURRENCY the shared port would hand it to another process).
 * It loads and compiles the page modules, and it settles Astro's one-time check of
 * src/fetch.ts, which otherwise, when the first request is an API call (never passed to
 * Astro), warns that middleware will not run.
 */
async function warmUp(listener: RequestListener): Promise<void> {
  const probe = createServer(listener);
  const port = await listen(probe, { port: 0, host: "127.0.0.1", exclusive: true });
  try {
    await (await fetch(`http://127.0.0.1:${port}/robots.txt`)).arrayBuffer();
  } finally {
    probe.close();
  }
}
