import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { getEnv } from "../lib/env";

type CachedPage = { html: Buffer; br: Buffer; gzip: Buffer };

/** Prerendered pages are few and small (a few KB each): kept in memory once read and packed. */
const cache = new Map<string, CachedPage>();

/** The build's client directory (CLIENT_DIR, relative to where the server starts). */
export function clientDir(): string {
  return resolve(getEnv().CLIENT_DIR);
}

async function loadPage(path: string): Promise<CachedPage | null> {
  const cached = cache.get(path);
  if (cached) return cached;
  let html: Buffer;
  try {
    html = await readFile(join(clientDir(), path, "index.html"));
  } catch {
    return null;
  }
  const page = {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
  cache.set(path, page);
  return page;
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
  const accepted = request.headers.get("accept-encoding") ?? "";
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
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
