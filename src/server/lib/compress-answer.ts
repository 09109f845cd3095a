import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import { type ContentCoding, negotiateEncoding } from "./accept-encoding";

/** Under this many bytes, compressing costs more than the bytes it saves (design §12). */
export const COMPRESS_MIN_BYTES = 1024;

/** JSON and text; not images (compressed already) nor server-sent events (they must flow). */
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?!event-stream))/i;

/** Statuses that have no body to compress. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Whether an answer of this status and these headers is ours to compress: it has a body, is
 * JSON or text (not an event stream) and carries no coding already. Its size is asked apart.
 */
export function isCompressible(
  status: number,
  contentType: string | null | undefined,
  contentEncoding: string | null | undefined,
): boolean {
  return !NO_BODY.has(status) && !contentEncoding && COMPRESSIBLE.test(contentType ?? "");
}

/**
 * Brotli's window, in bits: 256 KB, more than any page or answer of ours (the search page is
 * 76 KB). Its default, 22 bits, gives each compression a 4 MB ring buffer and hash tables that
 * are allocated, touched and freed for every answer: the same bytes out (the search page
 * compresses to 15 237 bytes either way), but at 50 concurrent pages it took a fifth of the
 * server's throughput (issue 11, measured on /members: 84 → 110–125 pages a second).
 */
const BROTLI_WINDOW_BITS = 18;

/** Brotli's parameters for our text: quality 4 (compression's own default), our window. */
export const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: 4,
  [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
};

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * An answer of the API compressed for the client's Accept-Encoding (brotli before gzip), off the
 * event loop in zlib's thread pool, or as it was compressed before when it repeats; the answer
 * as it is when it is not worth it or not wanted.
 * The API's answers are whole strings by the time they are made, so they are compressed whole:
 * the streaming `compression` middleware the pages use hooks every answer's headers, which cost
 * a fifth of a small API answer's time (bench, issue 11). The API's answers say
 * `Vary: Accept-Encoding` whether compressed or not (src/server/app.ts); a compressed one here
 * always does.
 */
export async function compressAnswer(
  acceptEncoding: string | undefined,
  answer: Response,
): Promise<Response> {
  // Cheapest first; and `answer.body` is not asked: on @hono/node-server that alone turns its
  // light answer into a full one, sent by the slow path (a stream, written in pieces).
  const coding = negotiateEncoding(acceptEncoding, ["br", "gzip"]);
  if (coding === null) return answer;
  const { headers } = answer;
  if (
    !isCompressible(answer.status, headers.get("content-type"), headers.get("content-encoding"))
  ) {
    return answer;
  }
  // Not `statusText` either: the light Response keeps only the status.
  const { status } = answer;
  const held = heldBody(answer);
  let body: Uint8Array | undefined;
  if (held === undefined) {
    const read = new Uint8Array(await answer.arrayBuffer());
    if (read.byteLength < COMPRESS_MIN_BYTES) return new Response(read, { status, headers });
    body = read;
  } else if (typeof held === "string") {
    // Its UTF-8 bytes are at least as many as its UTF-16 units: a long one needs no counting.
    if (held.length < COMPRESS_MIN_BYTES && Buffer.byteLength(held) < COMPRESS_MIN_BYTES) {
      return answer;
    }
  } else if (held.byteLength < COMPRESS_MIN_BYTES) {
    return answer;
  } else {
    body = held;
  }
  // The answers that repeat byte for byte (the site's settings, a member's unchanged lists on
  // their periodic refresh) are compressed once: the key is the whole text, so an entry can
  // only ever stand for the very same bytes. A text's bytes are made only when compressed.
  const key = typeof held === "string" && held.length <= MAX_KEPT_TEXT ? `${coding}:${held}` : null;
  let compressed = key === null ? undefined : kept.get(key);
  if (compressed === undefined) {
    compressed = await compressBytes(coding, body ?? Buffer.from(held as string));
    if (key !== null) kept.set(key, compressed);
  }
  // The answer's own headers, which nothing else holds any more.
  headers.set("content-encoding", coding);
  headers.delete("content-length");
  headers.set("vary", varyOnEncoding(headers.get("vary")));
  return new Response(new Uint8Array(compressed), { status, headers });
}

/** Bytes compressed in zlib's thread pool: brotli with our parameters and their size, or gzip. */
export function compressBytes(coding: ContentCoding, bytes: Uint8Array): ReturnType<typeof brotli> {
  if (coding === "gzip") return gzipped(bytes);
  return brotli(bytes, {
    params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
  });
}

/** Vary's value with Accept-Encoding in it: an answer whose coding follows the request's. */
export function varyOnEncoding(vary: string | null | undefined): string {
  if (!vary) return "accept-encoding";
  return vary.toLowerCase().includes("accept-encoding") ? vary : `${vary}, accept-encoding`;
}

/** Answers longer than this are not kept (each entry holds its text as well). */
const MAX_KEPT_TEXT = 64 * 1024;

/** Compressed answers by coding and text, at most 16 MB of texts and bytes together. */
const kept = new LRUCache<string, Buffer>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (compressed, key) => key.length * 2 + compressed.byteLength,
});

let bodySymbol: symbol | undefined;

/**
 * The body of an answer made by @hono/node-server's light Response from a string or bytes,
 * without reading its stream: that Response keeps what it was given under a symbol of its own
 * (`[status, body, headers]`), which it sends without a stream when nothing asked for one.
 * Reading `arrayBuffer()` instead costs a small answer a third of its time (bench, issue 11).
 * Undefined for any other answer (then its stream is read).
 */
function heldBody(answer: Response): string | Uint8Array | undefined {
  bodySymbol ??= Object.getOwnPropertySymbols(answer).find((key) => key.description === "cache");
  if (bodySymbol === undefined) return undefined;
  const held = (answer as unknown as Record<symbol, unknown>)[bodySymbol];
  if (!Array.isArray(held)) return undefined;
  const body: unknown = held[1];
  return typeof body === "string" || body instanceof Uint8Array ? body : undefined;
}
