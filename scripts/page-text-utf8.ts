import type { Plugin } from "vite";
import { astroRuntimePatch, replaceOnce } from "./astro-runtime-patch";

const NAME = "amora:page-text-utf8";

/**
 * From this many UTF-16 code units a text goes through ICU; shorter ones, where allocating the
 * intermediate buffer costs more than the conversion, through the TextEncoder as before.
 */
export const ICU_FROM = 4096;

/**
 * The function the patched module encodes a page's text with: what Astro's `encoder.encode`
 * gives, made by ICU from the text's UTF-16 code units. V8 stores a string as one byte a
 * character until one character needs two, and then the whole string two: a page with one
 * dash, ellipsis or ł in a chunk (every page: the stylesheet's ▾ and ✓, the title's dash, the
 * islands' messages) is encoded from two-byte text, which V8's UTF-8 writer does at a quarter of
 * the speed of its one-byte path: 0.35 ms for /members' 73 KB, ICU 0.07–0.08 ms. ICU refuses a
 * lone surrogate, which the encoder writes as U+FFFD; such a text falls back to it.
 */
const ENCODE_PAGE_TEXT = `
function encodePageText(text) {
  if (text.length < ${ICU_FROM}) return encoder.encode(text);
  try {
    return transcodeText(Buffer.from(text, "utf16le"), "utf16le", "utf8");
  } catch {
    return encoder.encode(text);
  }
}`;

/**
 * Astro's page renderer (runtime/server/render/astro/render.js) with the text it merges between
 * two awaits encoded by ENCODE_PAGE_TEXT: every server-rendered page's bytes pass there, 8 % of
 * /members' main thread under load (issue 30 item 1, decision 0006).
 */
export function encodePageTextWithIcu(source: string): string {
  let patched = replaceOnce(
    source,
    'import { promiseWithResolvers } from "../util.js";',
    `import { promiseWithResolvers } from "../util.js";\nimport { transcode as transcodeText } from "node:buffer";${ENCODE_PAGE_TEXT}`,
    NAME,
  );
  patched = replaceOnce(
    patched,
    "mergedArray = encoder.encode(text);",
    "mergedArray = encodePageText(text);",
    NAME,
  );
  return replaceOnce(
    patched,
    "const encoded = encoder.encode(stringToEncode);",
    "const encoded = encodePageText(stringToEncode);",
    NAME,
  );
}

/** The plugin of the server build that applies encodePageTextWithIcu to Astro's runtime. */
export function pageTextUtf8(): Plugin {
  return astroRuntimePatch({
    name: NAME,
    module: "runtime/server/render/astro/render.js",
    apply: encodePageTextWithIcu,
  });
}
