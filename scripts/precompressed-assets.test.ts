import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEncoding, precompressAssets, sendPrecompressedAsset } from "./precompressed-assets";

describe("chooseEncoding (Accept-Encoding, RFC 9110)", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["gzip, br;q=0.8", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["identity", null],
    ["gzip;q=0, br;q=0", null],
    ["", null],
    [undefined, null],
    ["GZIP", "gzip"],
    ["br;q=abc", null],
  ])("%s → %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("precompressed assets", () => {
  let clientDir: string;
  let server: Server;
  let base: string;
  const script = `export const greeting = ${JSON.stringify("hello ".repeat(2000))};\n`;

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), "amora-assets-"));
    mkdirSync(join(clientDir, "_astro"));
    writeFileSync(join(clientDir, "_astro", "App.abc123.js"), script);
    writeFileSync(join(clientDir, "_astro", "tiny.abc123.js"), "export {};\n");
    writeFileSync(join(clientDir, "_astro", "photo.abc123.webp"), Buffer.alloc(4096, 7));
    writeFileSync(join(clientDir, "secret.js"), script);
    await precompressAssets(clientDir);
    server = createServer((request, response) => {
      if (!sendPrecompressedAsset(request, response, clientDir)) {
        response.writeHead(299).end("fell through");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("writes brotli and gzip beside a script, and they decode to it", () => {
    const path = join(clientDir, "_astro", "App.abc123.js");
    expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(script);
  });

  it("leaves small files and images alone", () => {
    expect(() => readFileSync(join(clientDir, "_astro", "tiny.abc123.js.br"))).toThrow();
    expect(() => readFileSync(join(clientDir, "_astro", "photo.abc123.webp.br"))).toThrow();
  });

  /** Raw bytes and headers, as a browser's network stack receives them (no decoding). */
  async function get(path: string, acceptEncoding?: string, method = "GET") {
    const headers: Record<string, string> = acceptEncoding
      ? { "accept-encoding": acceptEncoding }
      : {};
    const { request } = await import("node:http");
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(`${base}${path}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        });
        req.on("error", reject);
        req.end();
      },
    );
  }

  it("sends brotli to a browser that accepts it, with the script's type and caching", async () => {
    const response = await get("/_astro/App.abc123.js", "gzip, deflate, br");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it("sends gzip where brotli is not accepted, and headers only for HEAD", async () => {
    const gzipped = await get("/_astro/App.abc123.js", "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe(script);
    const head = await get("/_astro/App.abc123.js", "br", "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
  });

  it("leaves everything else to the static handler", async () => {
    for (const [path, encoding] of [
      ["/_astro/App.abc123.js", undefined],
      ["/_astro/App.abc123.js", "identity"],
      ["/_astro/tiny.abc123.js", "br"],
      ["/_astro/photo.abc123.webp", "br"],
      ["/secret.js", "br"],
      ["/_astro/../secret.js", "br"],
      ["/_astro/%2e%2e%2fsecret.js", "br"],
      ["/_astro/App.abc123.js.br", "br"],
    ] as const) {
      const response = await get(path, encoding);
      expect(response.status, `${path} (${encoding})`).toBe(299);
    }
  });
});
