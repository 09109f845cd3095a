import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CSP_DIGESTS_KEPT, memoizeCspDigest } from "./csp-digest-memo";

/** Astro's own runtime module, as the server build bundles it. */
const encryptionModule = join(
  dirname(createRequire(import.meta.url).resolve("astro/package.json")),
  "dist/core/encryption.js",
);
/** The transformed module, written beside the original so that its imports resolve. */
const transformedModule = join(dirname(encryptionModule), `encryption.memo-test-${process.pid}.js`);

type Digest = (data: string, algorithm: string) => Promise<string>;
let generateCspDigest: Digest;

beforeAll(async () => {
  writeFileSync(transformedModule, memoizeCspDigest(readFileSync(encryptionModule, "utf8")));
  ({ generateCspDigest } = (await import(pathToFileURL(transformedModule).href)) as {
    generateCspDigest: Digest;
  });
});

afterAll(() => rmSync(transformedModule, { force: true }));

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

describe("memoizeCspDigest, applied to this Astro's runtime", () => {
  it("gives the digests Astro gives, in the CSP's form", async () => {
    for (const text of ["", "body{color:red}", "é ✓ 😀".repeat(1000)]) {
      expect(await generateCspDigest(text, "SHA-256")).toBe(sha256(text));
    }
    expect(await generateCspDigest("x", "SHA-512")).toBe(
      `sha512-${createHash("sha512").update("x").digest("base64")}`,
    );
  });

  it("hashes a text once, however often it is asked", async () => {
    const digest = vi.spyOn(crypto.subtle, "digest");
    try {
      const stylesheet = `.page{margin:0}${"a".repeat(25_000)}`;
      const first = await generateCspDigest(stylesheet, "SHA-256");
      const again = await Promise.all(
        Array.from({ length: 20 }, () => generateCspDigest(stylesheet, "SHA-256")),
      );
      expect(again).toEqual(Array(20).fill(first));
      expect(digest).toHaveBeenCalledTimes(1);
      // The same text under another algorithm is another digest.
      await generateCspDigest(stylesheet, "SHA-384");
      expect(digest).toHaveBeenCalledTimes(2);
    } finally {
      digest.mockRestore();
    }
  });

  it("keeps a bounded number: texts past the bound are hashed each time, still right", async () => {
    for (let i = 0; i < CSP_DIGESTS_KEPT + 10; i++) await generateCspDigest(`t${i}`, "SHA-512");
    const digest = vi.spyOn(crypto.subtle, "digest");
    try {
      const late = `t${CSP_DIGESTS_KEPT + 5}`;
      expect(await generateCspDigest(late, "SHA-512")).toBe(
        `sha512-${createHash("sha512").update(late).digest("base64")}`,
      );
      await generateCspDigest(late, "SHA-512");
      expect(digest).toHaveBeenCalledTimes(2);
      await generateCspDigest("t0", "SHA-512");
      expect(digest).toHaveBeenCalledTimes(2);
    } finally {
      digest.mockRestore();
    }
  });
});

describe("memoizeCspDigest, on a runtime it does not know", () => {
  it("refuses a source without the definition, or with it twice, instead of guessing", () => {
    expect(() => memoizeCspDigest("export const x = 1;")).toThrow(/generateCspDigest/);
    const definition = "async function generateCspDigest(data, algorithm) {}\n";
    expect(() => memoizeCspDigest(definition + definition)).toThrow(/generateCspDigest/);
  });
});
