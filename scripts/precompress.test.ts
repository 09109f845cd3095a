import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { precompressFiles } from "./precompress";

/** Text that compresses like our JavaScript does: repetitive, but not one byte repeated. */
function scriptOf(size: number): string {
  let text = "";
  for (let i = 0; text.length < size; i++) text += `export const value${i} = "island ${i % 97}";\n`;
  return text.slice(0, size);
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "precompress-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function put(path: string, content: string | Buffer) {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), content);
}

describe("precompressFiles", () => {
  it("writes a brotli and a gzip variant beside each compressible file, same bytes inside", async () => {
    const files = {
      "_astro/client.Ab12.js": scriptOf(20_000),
      "_astro/page.css": `.card { margin: 0 auto; }\n`.repeat(100),
      "favicon.svg": `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1"/>'.repeat(100)}</svg>`,
      "sitemap-0.xml": `<url><loc>https://amora.example/en/</loc></url>`.repeat(50),
      "data/lists.json": JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i }))),
      "manifest.webmanifest": JSON.stringify({ name: "x".repeat(2000) }),
      "robots.txt": "Disallow: /prerendered/\n".repeat(100),
    };
    for (const [path, content] of Object.entries(files)) await put(path, content);

    const report = await precompressFiles(dir);

    for (const [path, content] of Object.entries(files)) {
      const br = await readFile(join(dir, `${path}.br`));
      const gz = await readFile(join(dir, `${path}.gz`));
      expect(brotliDecompressSync(br).toString(), path).toBe(content);
      expect(gunzipSync(gz).toString(), path).toBe(content);
      expect(br.length, path).toBeLessThan(content.length);
    }
    expect(report.files).toBe(Object.keys(files).length);
    expect(report.written.br.files).toBe(Object.keys(files).length);
    expect(report.written.gzip.files).toBe(Object.keys(files).length);
  });

  it("leaves alone small files, pages, compressed formats and what would not shrink", async () => {
    await put("_astro/tiny.js", "export {};\n".repeat(50));
    await put("photo.webp", randomBytes(20_000));
    await put("prerendered/amora/en/terms/index.html", `<p>${scriptOf(20_000)}</p>`);
    await put("font.woff2", randomBytes(20_000));
    await put("landers/clip.webm", Buffer.alloc(20_000));
    // An older variant of a file compression no longer shrinks is removed, not left to be served.
    await put("_astro/noise.json", randomBytes(8_000));
    await put("_astro/noise.json.br", "stale");

    await precompressFiles(dir);

    const names = await readdir(dir, { recursive: true });
    expect(names.filter((name) => /\.(br|gz)$/.test(name))).toEqual([]);
  });
});
