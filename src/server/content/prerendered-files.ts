import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { negotiateEncoding } from "../lib/accept-encoding";
import { getEnv } from "../lib/env";

type CachedPage = { html: Buffer; br: Buffer; gzip: Buffer };

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Prerendered pages are few and small (a few KB each): kept in memory once read and packed.
 * The promise is kept, so requests that come while a page is being packed wait for that work.
 */
const cache = new Map<string, Promise<CachedPage | null>>();

/** The build's client directory (CLIENT_DIR, relative to where the server starts). */
export function clientDir(): string {
  return resolve(getEnv().CLIENT_DIR);
}

function loadPage(path: string): Promise<CachedPage | null> {
  let page = cache.get(path);
  if (!page) {
    page = readAndPack(path);
    cache.set(path, page);
    // A page the build does not have, or that failed to pack, is tried again next time.
    page.then(
      (found) => {
        if (!found) cache.delete(path);
      },
      () => cache.delete(path),
    );
  }
  return page;
}

/**
 * Brotli 11 and gzip 9 on zlib's thread pool: on the event loop, brotli 11 blocked every other
 * request for about 60 ms on each page's first request.
 */
async function readAndPack(path: string): Promise<CachedPage | null> {
  let html: Buffer;
  try {
    html = await readFile(join(clientDir(), path, "index.html"));
  } catch {
    return null;
  }
  const [br, gzipped] = await Promise.all([
    brotliCompressAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzipAsync(html, { level: 9 }),
  ]);
  return { html, br, gzip: gzipped };
}

/**
 * Answers with a prerendered page's bytes from the build (compressed when the client accepts
 * it), or null when the build has no such page.
 */
export async function respondWithPrerenderedPage(
  path: string,
  request: Request,
  headers: Record<string, string>,
): Promise<Response | null> {
  const page = await loadPage(path);
  if (!page) return null;
  const encoding = negotiateEncoding(request.headers.get("accept-encoding") ?? undefined, [
    "br",
    "gzip",
  ]);
  const body = encoding ? page[encoding] : page.html;
  return new Response(request.method === "HEAD" ? null : new Uint8Array(body), {
    status: 200,
    headers: {
      ...headers,
      "content-type": "text/html; charset=utf-8",
      "content-length": String(body.length),
      ...(encoding ? { "content-encoding": encoding } : {}),
    },
  });
}
