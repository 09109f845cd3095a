import type { Plugin } from "vite";
import { astroRuntimePatch, replaceOnce } from "./astro-runtime-patch";

const DEFINITION = "async function generateCspDigest(data, algorithm) {";

/**
 * Digests remembered, per algorithm: the route's inline stylesheets and scripts, the island
 * script, a few dozen texts in all. Past this many new texts are hashed as before and not kept,
 * so a caller that hashes something per request could never make the map grow without end.
 */
export const CSP_DIGESTS_KEPT = 512;

/**
 * Astro's runtime source with `generateCspDigest` remembering what it hashed. Astro computes
 * the SHA-256 of every inline stylesheet and script of a page on every request, for the page's
 * CSP meta tag (`createResult` in core/fetch/fetch-state.js): for our pages the same 25 KB of
 * CSS each time, through WebCrypto's thread pool, 5 % of /members' main thread under load
 * (issue 30 item 1, decision 0006). The digest of a text never changes, so each is made once.
 * Throws unless the definition is found once: a new Astro changed it, and this needs a look.
 */
export function memoizeCspDigest(source: string): string {
  const memo = `const cspDigestsByAlgorithm = new Map();
async function generateCspDigest(data, algorithm) {
  let digests = cspDigestsByAlgorithm.get(algorithm);
  if (!digests) cspDigestsByAlgorithm.set(algorithm, (digests = new Map()));
  const known = digests.get(data);
  if (known !== undefined) return known;
  const digest = await generateCspDigestOnce(data, algorithm);
  if (digests.size < ${CSP_DIGESTS_KEPT}) digests.set(data, digest);
  return digest;
}
async function generateCspDigestOnce(data, algorithm) {`;
  return replaceOnce(source, DEFINITION, memo, "amora:csp-digest-memo");
}

/** The plugin of the server build that applies memoizeCspDigest to Astro's runtime. */
export function cspDigestMemo(): Plugin {
  return astroRuntimePatch({
    name: "amora:csp-digest-memo",
    module: "core/encryption.js",
    apply: memoizeCspDigest,
  });
}
