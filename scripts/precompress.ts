import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { AstroIntegration } from "astro";
import type { ContentCoding } from "../src/server/lib/accept-encoding";

/**
 * The build's text files worth compressing, by extension, with the Content-Type the Node
 * adapter's static handler (`send`, through mime-types) gives each: the precompressed variant is
 * answered with the same type as the file. Images, fonts (woff2) and video are compressed
 * already and are left alone. So is HTML: the build's only pages are the 882 prerendered ones,
 * which the static handler never sends (src/pages/[...path].astro answers their public URLs from
 * memory, compressed once, through src/server/content/prerendered-files.ts), and brotli at its
 * strongest on all of them took 50 s of CPU per build for no byte saved on the wire.
 */
export const COMPRESSIBLE_TYPES: Readonly<Record<string, string>> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
};

/** The file each coding's variant is written to, beside the file: `x.js.br`, `x.js.gz`. */
export const VARIANT_SUFFIXES: Readonly<Record<ContentCoding, string>> = {
  br: ".br",
  gzip: ".gz",
};

/**
 * Below this a file fits in one TCP packet either way, and the compression frame and the
 * Content-Encoding header eat most of what would be saved.
 */
export const MIN_COMPRESSIBLE_SIZE = 1024;

const compressors: Record<ContentCoding, (bytes: Buffer) => Promise<Buffer>> = {
  // The strongest settings: paid once per build, saved on every download.
  br: (bytes) =>
    promisify(brotliCompress)(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => promisify(gzip)(bytes, { level: constants.Z_BEST_COMPRESSION }),
};

export type PrecompressReport = {
  files: number;
  bytes: number;
  written: Record<ContentCoding, { files: number; bytes: number }>;
};

/** Whether a file of the build is one to precompress (by its name and size). */
export function isCompressible(name: string, size: number): boolean {
  return Object.hasOwn(COMPRESSIBLE_TYPES, extname(name)) && size >= MIN_COMPRESSIBLE_SIZE;
}

/**
 * Writes a brotli and a gzip variant beside every compressible file under `dir`, each kept only
 * when smaller than the file (and an older variant that no longer is, removed). Asynchronous
 * zlib, a few files at a time: the work runs on libuv's thread pool, not the event loop.
 */
export async function precompressFiles(dir: string): Promise<PrecompressReport> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile() && Object.hasOwn(COMPRESSIBLE_TYPES, extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name));
  const report: PrecompressReport = {
    files: 0,
    bytes: 0,
    written: { br: { files: 0, bytes: 0 }, gzip: { files: 0, bytes: 0 } },
  };

  async function precompressFile(path: string): Promise<void> {
    const bytes = await readFile(path);
    if (!isCompressible(path, bytes.length)) return;
    report.files += 1;
    report.bytes += bytes.length;
    await Promise.all(
      (Object.keys(VARIANT_SUFFIXES) as ContentCoding[]).map(async (coding) => {
        const variant = `${path}${VARIANT_SUFFIXES[coding]}`;
        const compressed = await compressors[coding](bytes);
        if (compressed.length >= bytes.length) {
          await rm(variant, { force: true });
          return;
        }
        await writeFile(variant, compressed);
        report.written[coding].files += 1;
        report.written[coding].bytes += compressed.length;
      }),
    );
  }

  // As many files at a time as there are cores: brotli at its strongest is CPU-bound, and more
  // at once would only hold more files in memory.
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++] as string;
      await precompressFile(path);
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  return report;
}

const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/**
 * design §12: build assets are served precompressed. After the build, every compressible file
 * of the client output gets its `.br` and `.gz` beside it, which scripts/static-files.ts serves
 * to the clients that accept them.
 */
export function precompress(): AstroIntegration {
  return {
    name: "amora:precompress",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const started = performance.now();
        const report = await precompressFiles(fileURLToPath(dir));
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(
          `${report.files} files, ${kilobytes(report.bytes)}: brotli ${kilobytes(report.written.br.bytes)}, gzip ${kilobytes(report.written.gzip.bytes)} (${seconds} s)`,
        );
      },
    },
  };
}
