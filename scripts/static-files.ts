import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import send from "send";
import { type ContentCoding, negotiateEncoding } from "../src/server/lib/accept-encoding";
import { COMPRESSIBLE_TYPES, VARIANT_SUFFIXES } from "./precompress";

/** One precompressed variant of a file, with the validators `send` would give a file. */
type Variant = { path: string; size: number; etag: string; lastModified: string };

/** A file of the client directory that has at least one precompressed variant. */
export type PrecompressedFile = {
  contentType: string;
  variants: Partial<Record<ContentCoding, Variant>>;
};

/** Our order of preference: brotli is about 15 % smaller than gzip on our JavaScript. */
const CODINGS: readonly ContentCoding[] = ["br", "gzip"];

/**
 * Astro's hashed build assets (build.assets, "_astro" by default): a changed file gets a new
 * name, so browsers may keep these for a year without asking again. The adapter sets the same.
 */
const IMMUTABLE_PREFIX = "/_astro/";

/** A file's Cache-Control: a year for the hashed assets, revalidated on every use otherwise. */
function cacheControlOf(path: string): string {
  return path.startsWith(IMMUTABLE_PREFIX)
    ? "public, max-age=31536000, immutable"
    : "public, max-age=0";
}

/** The files' URL paths, each once: the index is the whole list of what may be answered. */
export type PrecompressedIndex = ReadonlyMap<string, PrecompressedFile>;

/**
 * Every file under the client directory that the build precompressed (scripts/precompress.ts),
 * by the URL path that names it (`/_astro/client.Ab12.js`). Read once at start: the build does
 * not change under a running server (`npm start` builds before it serves). Dotfiles are left
 * out, as the adapter refuses them.
 */
export async function indexPrecompressedFiles(clientDir: string): Promise<PrecompressedIndex> {
  const index = new Map<string, PrecompressedFile>();
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  const names = new Set(
    entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name)),
  );
  for (const path of names) {
    const contentType = COMPRESSIBLE_TYPES[extname(path)];
    const urlPath = `/${relative(clientDir, path).split(sep).join("/")}`;
    if (!contentType || isHiddenPath(urlPath)) continue;
    const variants: PrecompressedFile["variants"] = {};
    for (const coding of CODINGS) {
      const variantPath = `${path}${VARIANT_SUFFIXES[coding]}`;
      if (!names.has(variantPath)) continue;
      const { size, mtime } = await stat(variantPath);
      variants[coding] = {
        path: variantPath,
        size,
        // `send`'s weak ETag (size and time in hex), told apart per coding: a cache that holds
        // several variants of one URL picks the one a 304 confirms by its ETag (RFC 9110 §8.8.3).
        etag: `W/"${size.toString(16)}-${mtime.getTime().toString(16)}-${coding}"`,
        lastModified: mtime.toUTCString(),
      };
    }
    if (Object.keys(variants).length > 0) index.set(urlPath, { contentType, variants });
  }
  return index;
}

/**
 * The build's prerendered pages (dist/client/prerendered/{site}/{locale}/…): src/middleware.ts
 * answers them by the site of the request's Host (src/server/content/prerendered-files.ts), so
 * their files are never answered by their own path, which would show one site's page on another.
 */
const PRERENDERED_PREFIX = "/prerendered/";

/** A URL path no file is answered for: a dotfile or dot directory, or a prerendered page. */
function isHiddenPath(urlPath: string): boolean {
  return (
    urlPath.startsWith(PRERENDERED_PREFIX) ||
    urlPath.split("/").some((segment) => segment.startsWith("."))
  );
}

/**
 * The URL path of every file under the client directory that a URL may name (the built assets,
 * public/'s files, the precompressed variants), read once at start as the precompressed index
 * is. Whatever is not in it is a page: it goes to Astro without a look at the disk.
 */
export async function indexClientFiles(clientDir: string): Promise<ReadonlySet<string>> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  const files = new Set<string>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const urlPath = `/${relative(clientDir, path).split(sep).join("/")}`;
    if (!isHiddenPath(urlPath)) files.add(urlPath);
  }
  return files;
}

/** The path of a request target, without its query or fragment, still percent-encoded. */
function rawPathOf(target: string): string {
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

/** The URL path of a request target, decoded as `send` decodes it; null when it cannot be. */
function decodePath(target: string): string | null {
  try {
    return decodeURIComponent(rawPathOf(target));
  } catch {
    return null;
  }
}

/** The entity tags of an If-Match or If-None-Match header. */
function parseEntityTags(header: string): string[] {
  return header
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** Weak comparison (RFC 9110 §8.8.3.2), as `send` and `fresh` compare. */
function matchesEntityTag(header: string, etag: string): boolean {
  const opaque = (tag: string) => tag.replace(/^W\//, "");
  return parseEntityTags(header).some((tag) => tag === "*" || opaque(tag) === opaque(etag));
}

/** A date header's time in milliseconds, or null when it is not a date. */
function parseHttpDate(value: string | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/**
 * What a conditional GET or HEAD gets (RFC 9110 §13.2.2), as `send` decides: 412 when If-Match
 * or If-Unmodified-Since fails, 304 when the client's copy is current by If-None-Match (or, only
 * without it, If-Modified-Since), 200 otherwise; `Cache-Control: no-cache` asks for the bytes.
 */
export function evaluateConditions(
  headers: IncomingHttpHeaders,
  validators: { etag: string; lastModified: string },
): 200 | 304 | 412 {
  const lastModified = Date.parse(validators.lastModified);
  const ifMatch = headers["if-match"];
  if (ifMatch !== undefined) {
    if (!matchesEntityTag(ifMatch, validators.etag)) return 412;
  } else {
    const unmodifiedSince = parseHttpDate(headers["if-unmodified-since"]);
    if (unmodifiedSince !== null && lastModified > unmodifiedSince) return 412;
  }
  const ifNoneMatch = headers["if-none-match"];
  const modifiedSince = parseHttpDate(headers["if-modified-since"]);
  if (ifNoneMatch === undefined && modifiedSince === null) return 200;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/i.test(headers["cache-control"] ?? "")) return 200;
  if (ifNoneMatch !== undefined) return matchesEntityTag(ifNoneMatch, validators.etag) ? 304 : 200;
  return modifiedSince !== null && lastModified <= modifiedSince ? 304 : 200;
}

/**
 * A request listener step in front of the unencoded files (design §12: build assets are served
 * precompressed; createClientFileHandler puts the two together). A GET or HEAD of a file in the
 * index, from a client that accepts brotli or gzip, gets that variant with the file's own
 * Content-Type, `Content-Encoding` and `Vary: Accept-Encoding`, the unencoded file's caching and
 * `send`'s validators (304 and 412 as `send` answers them). Everything else goes to `next`
 * untouched: the unencoded file (then with `Vary` set, so a shared cache keeps the variants
 * apart), pages, the API. Only paths of the index are answered, so a URL can never reach a file
 * outside the client directory or a dotfile. Range requests get the whole variant (RFC 9110
 * §14.2 lets a server ignore Range): browsers ask for ranges of media, not of scripts and styles.
 */
export function createPrecompressedFileHandler(
  index: PrecompressedIndex,
): (request: IncomingMessage, response: ServerResponse, next: () => void) => void {
  return (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const path = request.url ? decodePath(request.url) : null;
    if (!path) return next();
    sendPrecompressed(index, path, request, response, next);
  };
}

/** The precompressed handler's work once the request's path is decoded. */
function sendPrecompressed(
  index: PrecompressedIndex,
  path: string,
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
) {
  const file = index.get(path);
  if (!file) return next();
  response.setHeader("Vary", "Accept-Encoding");
  const available = CODINGS.filter((coding) => file.variants[coding]);
  const coding = negotiateEncoding(request.headers["accept-encoding"], available);
  const variant = coding && file.variants[coding];
  if (!coding || !variant) return next();

  response.setHeader("Cache-Control", cacheControlOf(path));
  response.setHeader("Last-Modified", variant.lastModified);
  response.setHeader("ETag", variant.etag);
  const status = evaluateConditions(request.headers, variant);
  if (status !== 200) {
    // Like `send`: no body and none of the body's headers (Content-Type, Length, Encoding).
    response.writeHead(status).end();
    return;
  }
  response.writeHead(200, {
    "Content-Type": file.contentType,
    "Content-Encoding": coding,
    "Content-Length": String(variant.size),
  });
  if (request.method === "HEAD") {
    response.end();
    return;
  }
  // pipeline destroys the response when the file cannot be read or the client goes away; a
  // client that leaves is no error of ours.
  pipeline(createReadStream(variant.path), response).catch(() => {});
}

/**
 * The production server's step for the build's files (design §12), in front of Astro's pages:
 * a GET or HEAD of a file of the index gets its precompressed variant where the client takes
 * one (createPrecompressedFileHandler), else the file itself by `send`, as the Node adapter's
 * static handler sends it (validators, ranges for the landers' video, a year's caching for
 * Astro's hashed assets). Everything else goes to `next` untouched, and without the adapter's
 * look at the disk for every page: a `stat` through the thread pool and an `lstat`, and an
 * error built for each miss, were a tenth of /members' throughput (issue 30 item 1).
 */
export function createClientFileHandler(
  clientDir: string,
  files: ReadonlySet<string>,
  precompressed: PrecompressedIndex,
): (request: IncomingMessage, response: ServerResponse, next: () => void) => void {
  return (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const target = request.url ?? "/";
    const path = decodePath(target);
    if (path === null || !files.has(path)) return next();
    sendPrecompressed(precompressed, path, request, response, () => {
      // `send` keeps a Cache-Control already set: one caching rule for both ways of sending.
      response.setHeader("Cache-Control", cacheControlOf(path));
      send(request, rawPathOf(target), { root: clientDir, dotfiles: "deny", index: false }).pipe(
        response,
      );
    });
  };
}
