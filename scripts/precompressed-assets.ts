/**
 * The build's hashed assets (`/_astro/…`: JavaScript, CSS) compressed once, at build time, and
 * sent as such (design §12: member pages ≤ 120 KB of JavaScript over the wire). The adapter's
 * static handler sends files raw; these are answered before it.
 *
 * - `precompressAssets` (the build, from astro.config.mjs) writes `<file>.br` (brotli 11) and
 *   `<file>.gz` (gzip 9) beside each compressible asset, keeping a variant only when smaller.
 * - `sendPrecompressedAsset` (the server, scripts/serve-build.ts) answers a GET or HEAD of such
 *   an asset with the best variant the client accepts, and says false for anything else.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const COMPRESSIBLE: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/** Below this, a compressed answer saves less than its headers and the work cost. */
const MIN_SIZE = 1024;

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** `/_astro/<name>.<ext>`: one hashed file name, nothing that could walk out of the folder. */
const ASSET_PATH = /^\/_astro\/([\w.-]+)$/;

export async function precompressAssets(clientDir: string): Promise<number> {
  const dir = join(clientDir, "_astro");
  if (!existsSync(dir)) return 0;
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  let written = 0;
  for (const name of await readdir(dir)) {
    if (!(extname(name) in COMPRESSIBLE)) continue;
    const path = join(dir, name);
    const raw = await readFile(path);
    if (raw.length < MIN_SIZE) continue;
    const variants = {
      ".br": await brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      ".gz": await gzipAsync(raw, { level: 9 }),
    };
    for (const [suffix, bytes] of Object.entries(variants)) {
      if (bytes.length >= raw.length) continue;
      await writeFile(`${path}${suffix}`, bytes);
      written++;
    }
  }
  return written;
}

/**
 * The encoding to send from what Accept-Encoding allows (RFC 9110 §12.5.3): brotli before gzip,
 * q=0 refuses, `*` stands for any encoding not named; null means the file as it is.
 * @example chooseEncoding("gzip, br") // "br"
 * @example chooseEncoding("gzip, br;q=0.8") // "gzip": the higher weight wins
 */
export function chooseEncoding(header: string | undefined): "br" | "gzip" | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  let best: "br" | "gzip" | null = null;
  for (const { name } of ENCODINGS) {
    if (weightOf(name) > 0 && (best === null || weightOf(name) > weightOf(best))) best = name;
  }
  return best;
}

/** Sends a precompressed variant of a hashed asset; false when the request is not for one. */
export function sendPrecompressedAsset(
  request: IncomingMessage,
  response: ServerResponse,
  clientDir: string,
): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const name = ASSET_PATH.exec((request.url ?? "").split("?")[0] ?? "")?.[1];
  const type = name ? COMPRESSIBLE[extname(name)] : undefined;
  if (!name || !type) return false;
  const encoding = chooseEncoding(request.headers["accept-encoding"]);
  if (!encoding) return false;
  const suffix = ENCODINGS.find((e) => e.name === encoding)?.suffix ?? "";
  const path = join(clientDir, "_astro", `${name}${suffix}`);
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    // Not compressed at build time (small, or no gain): the adapter sends it as it is.
    return false;
  }
  response.writeHead(200, {
    "content-type": type,
    "content-encoding": encoding,
    "content-length": size,
    vary: "Accept-Encoding",
    // Hashed names: a changed file is a new URL.
    "cache-control": "public, max-age=31536000, immutable",
  });
  if (request.method === "HEAD") response.end();
  else createReadStream(path).pipe(response);
  return true;
}
