import type { Plugin } from "vite";

/** The module of Astro's runtime that defines the digest (astro/dist/core/encryption.js). */
const MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;

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
 * Throws when the definition is not found: a new Astro changed it, and this needs a look.
 */
export function memoizeCspDigest(source: string): string {
  const at = source.indexOf(DEFINITION);
  if (at === -1 || source.indexOf(DEFINITION, at + 1) !== -1) {
    throw new Error(
      "amora:csp-digest-memo: Astro's generateCspDigest is not defined as expected in " +
        "astro/dist/core/encryption.js; check the new Astro and update scripts/csp-digest-memo.ts",
    );
  }
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
  return source.slice(0, at) + memo + source.slice(at + DEFINITION.length);
}

/**
 * The Vite plugin of the server build that applies memoizeCspDigest to Astro's runtime (bundled
 * into dist/server). The build fails if the module was never seen, as it does when the
 * definition moved: a server that silently hashed on every request again is what it prevents.
 */
export function cspDigestMemo(): Plugin {
  let applied = false;
  return {
    name: "amora:csp-digest-memo",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!MODULE.test(id)) return undefined;
      applied = true;
      return { code: memoizeCspDigest(code), map: null };
    },
    buildEnd(error) {
      if (!error && !applied) {
        this.error("amora:csp-digest-memo: astro/dist/core/encryption.js was not in the build");
      }
    },
  };
}
