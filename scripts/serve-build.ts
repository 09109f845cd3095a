import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo, ListenOptions } from "node:net";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener, type Http2Bindings, type HttpBindings } from "@hono/node-server";
import type { App } from "../src/server/app";
import { compressAnswer } from "../src/server/lib/compress-answer";
import { checkServingEnv, getEnv } from "../src/server/lib/env";
import { escapeMalformedPercentEncoding } from "../src/server/lib/url-encoding";
import { compressWhole } from "./compress-pages";
import { createClientFileHandler, indexClientFiles, indexPrecompressedFiles } from "./static-files";

/**
 * Serves the production build with one small HTTP server of ours (ARCHITECTURE.md, "Hono beside
 * Astro"):
 * - /api and /media go straight to the Hono app (dist/server/api.mjs, the build's second entry)
 *   on @hono/node-server, without the Node adapter or Astro's pipeline, which they never need;
 * - the build's files are sent from an index made at start (scripts/static-files), precompressed
 *   where the client takes it;
 * - everything else goes to the Node adapter's handler (its middleware mode: Astro's pages
 *   alone, without the adapter's own look for a file on disk first);
 * - answers are compressed on the fly where it pays (design §12): HTML and JSON of 1 KB or more,
 *   gzip or brotli by the client's Accept-Encoding, each whole: API answers once made
 *   (src/server/lib/compress-answer.ts), pages once written (./compress-pages.ts). What already
 *   carries a Content-Encoding (precompressed assets and prerendered pages), images and
 *   server-sent events pass as they are.
 * A URL that `decodeURI` cannot read is repaired first, so the API answers it with its JSON
 * error and pages with the 404 page, where the adapter would send a bare "Bad request."
 * (design §10). TLS is the job of the proxy in front (see trusted proxies).
 */
export async function serveBuild(
  entry: string,
  options: { host: string; port: number },
): Promise<void> {
  checkServingEnv(getEnv());
  const { handler: pages } = (await import(pathToFileURL(entry).href)) as {
    handler: RequestListener;
  };
  const { app, closeDb } = (await import(pathToFileURL(join(dirname(entry), "api.mjs")).href)) as {
    app: App;
    closeDb: () => Promise<void>;
  };
  // The socket's peer, as the adapter hands it to Astro; the trusted-proxy rule
  // (src/server/request/client.ts) decides what forwarded headers may add to it.
  const api = getRequestListener(async (request, env: HttpBindings | Http2Bindings) =>
    compressAnswer(
      env.incoming.headers["accept-encoding"],
      await app.fetch(request, { clientAddress: env.incoming.socket.remoteAddress ?? "" }),
    ),
  );
  const clientDir = resolve(getEnv().CLIENT_DIR);
  const serveFile = createClientFileHandler(
    clientDir,
    await indexClientFiles(clientDir),
    await indexPrecompressedFiles(clientDir),
  );
  const listener: RequestListener = (request, response) => {
    if (request.url) request.url = escapeMalformedPercentEncoding(request.url);
    const url = request.url ?? "/";
    if (isAppPath(url)) {
      void api(request, response);
      return;
    }
    compressWhole(request, response);
    serveFile(request, response, () => pages(request, response));
  };
  await warmUp(listener);
  const server = createServer(listener);
  await listen(server, { port: options.port, host: options.host });
  stopOnSignals(server, closeDb);
  console.log(`Server listening on http://${options.host}:${options.port}`);
}

/** How long requests under way may take to finish once the server is told to stop. */
const STOP_GRACE_MS = 2_000;

/**
 * SIGTERM or SIGINT (a service manager's stop, Ctrl-C; the primary passes them on under
 * WEB_CONCURRENCY): stop taking connections, give those under way a moment, close the database
 * and exit. PGlite then shuts down cleanly, so the next start needs no crash recovery, which
 * on a full disk it could not do (recovery may need room to write).
 */
function stopOnSignals(server: Server, closeDb: () => Promise<void>): void {
  let stopping = false;
  const stop = async () => {
    // The signal may come twice (to the process group, and passed on by npm and tsx).
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeIdleConnections();
    const closed = new Promise((resolve) => server.once("close", resolve));
    await Promise.race([closed, sleep(STOP_GRACE_MS)]);
    await Promise.race([
      closeDb().catch((error: unknown) => console.error("Closing the database failed:", error)),
      sleep(10_000),
    ]);
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop());
}

/** A timer that keeps the process alive: the database thread it waits for does not (client.ts). */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The paths src/server's Hono app answers: the API and the media files. */
export function isAppPath(url: string): boolean {
  return /^\/(api|media)(\/|\?|$)/.test(url);
}

function listen(server: Server, options: ListenOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options, () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * One page through Astro's pipeline before any traffic, on a private loopback port of this
 * process (exclusive: under WEB_CONCURRENCY the shared port would hand it to another process),
 * so the first member does not wait while the page modules load and compile.
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
