import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePageTextWithIcu, ICU_FROM } from "./page-text-utf8";

/** Astro's own page renderer, as the server build bundles it. */
const renderDir = join(
  dirname(createRequire(import.meta.url).resolve("astro/package.json")),
  "dist/runtime/server/render/astro",
);
/** The transformed module, written beside the original so that its imports resolve. */
const transformedModule = join(renderDir, `render.page-text-utf8-test-${process.pid}.js`);

type RenderTemplate = (parts: string[]) => unknown;
type RenderToAsyncIterable = (
  result: object,
  factory: () => unknown,
  props: object,
  children: object,
) => Promise<AsyncIterable<Uint8Array>>;
let renderToAsyncIterable: RenderToAsyncIterable;
let renderTemplate: RenderTemplate;

beforeAll(async () => {
  writeFileSync(
    transformedModule,
    encodePageTextWithIcu(readFileSync(join(renderDir, "render.js"), "utf8")),
  );
  ({ renderToAsyncIterable } = (await import(pathToFileURL(transformedModule).href)) as {
    renderToAsyncIterable: RenderToAsyncIterable;
  });
  ({ renderTemplate } = (await import(
    pathToFileURL(join(renderDir, "render-template.js")).href
  )) as { renderTemplate: RenderTemplate });
});

afterAll(() => rmSync(transformedModule, { force: true }));

/** The bytes Astro's patched renderer gives for this HTML, as one component's output. */
async function rendered(html: string): Promise<Buffer> {
  const result = { cancelled: false, partial: true, compressHTML: true };
  const chunks: Uint8Array[] = [];
  for await (const chunk of await renderToAsyncIterable(
    result,
    () => renderTemplate([html]),
    {},
    {},
  )) {
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const utf8 = (text: string) => Buffer.from(new TextEncoder().encode(text));
const long = (text: string) => text.repeat(Math.ceil(ICU_FROM / text.length) + 1);

describe("encodePageTextWithIcu, applied to this Astro's page renderer", () => {
  it("gives the bytes the TextEncoder gives, long or short, one byte a character or two", async () => {
    const texts = [
      "<p>plain</p>",
      "<p>Mitglieder suchen – Herzklopfen</p>",
      long("<li>Małgorzata, 34 · Łódź</li>"),
      long("<p>ascii only</p>"),
      long("<p>Sag Hallo …</p><p>Jäger ß</p>"),
      long("<p>emoji 😀 and ✓ and ▾</p>"),
    ];
    for (const text of texts) expect((await rendered(text)).equals(utf8(text))).toBe(true);
  });

  it("writes a lone surrogate as U+FFFD, as the TextEncoder does, where ICU refuses it", async () => {
    for (const text of [long("<p>cut \uD83D</p>"), long("<p>\uDE00 stray</p>")]) {
      const bytes = await rendered(text);
      expect(bytes.equals(utf8(text))).toBe(true);
      expect(bytes.toString("utf8")).toContain("\uFFFD");
    }
  });

  it("encodes both ways Astro merges a page's text through ICU's path", () => {
    const source = readFileSync(transformedModule, "utf8");
    expect(source).not.toMatch(/(mergedArray|encoded) = encoder\.encode\(/);
    expect(source).toContain("mergedArray = encodePageText(text);");
    expect(source).toContain("const encoded = encodePageText(stringToEncode);");
  });

  it("fails, naming the patch, where a new Astro no longer encodes as it expects", () => {
    expect(() => encodePageTextWithIcu("export {}")).toThrow(/amora:page-text-utf8/);
  });
});
