import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, unlink, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../src/test/raw-http";
import { precompressFiles } from "./precompress";
import {
  createClientFileHandler,
  createPrecompressedFileHandler,
  evaluateConditions,
  indexClientFiles,
  indexPrecompressedFiles,
  type PrecompressedIndex,
} from "./static-files";

const SCRIPT = Array.from({ length: 600 }, (_, i) => `export const island${i} = ${i};`).join("\n");
const BROWSER = "gzip, deflate, br, zstd";

/** Paths that must never reach a file: dotfiles, ways out of the client directory, bad escapes. */
const UNREACHABLE: [string, string][] = [
  ["a dotfile", "/.hidden/secret.js"],
  ["an encoded dotfile", "/%2Ehidden/secret.js"],
  ["a file beside the client directory", "/../outside.js"],
  ["an encoded way out", "/%2E%2E/outside.js"],
  ["a way out and back in", "/_astro/../_astro/client.Ab12.js"],
  ["a path with a NUL", "/_astro/client.Ab12.js%00"],
  ["a malformed escape", "/_astro/%E0%A4%A.js"],
];

let root: string;
let client: string;
let index: PrecompressedIndex;
let server: Server;
let port: number;
let clientFiles: ReadonlySet<string>;
let wholeServer: Server;
let wholePort: number;
const PHOTO = randomBytes(4_000);

/** A GET (or other method) with the raw path and the body's bytes undecoded. */
function send(path: string, headers: Record<string, string> = {}, method = "GET") {
  return rawRequest(port, path, headers, method);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "static-files-"));
  client = join(root, "client");
  const files: Record<string, string | Buffer> = {
    "_astro/client.Ab12.js": SCRIPT,
    "_astro/only-gzip.js": SCRIPT,
    "_astro/name with space.js": SCRIPT,
    "_astro/tiny.js": "export {};",
    "favicon.svg": `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1"/>'.repeat(80)}</svg>`,
    "prerendered/amora/en/terms/index.html": `<p>${SCRIPT}</p>`,
    "photo.webp": PHOTO,
    "gone.webp": PHOTO,
    ".hidden/secret.js": SCRIPT,
    // Beside the client directory, where no URL may reach.
    "../outside.js": SCRIPT,
  };
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(client, path)), { recursive: true });
    await writeFile(join(client, path), content);
  }
  await precompressFiles(root);
  await unlink(join(client, "_astro/only-gzip.js.br"));
  index = await indexPrecompressedFiles(client);

  const serveStatic = createPrecompressedFileHandler(index);
  server = createServer((incoming, response) => {
    // Stands for the step after it: whatever it is handed, it answers as "next".
    serveStatic(incoming, response, () => response.end("next"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;

  clientFiles = await indexClientFiles(client);
  await unlink(join(client, "gone.webp"));
  const serveFile = createClientFileHandler(client, clientFiles, index);
  wholeServer = createServer((incoming, response) => {
    // Stands for Astro's pages: whatever it is handed, it answers as "page".
    serveFile(incoming, response, () => response.end("page"));
  });
  await new Promise<void>((resolve) => wholeServer.listen(0, "127.0.0.1", resolve));
  wholePort = (wholeServer.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => wholeServer.close(resolve));
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe("indexPrecompressedFiles", () => {
  it("lists the precompressed files of the client directory by URL path, and nothing else", () => {
    expect([...index.keys()].sort()).toEqual([
      "/_astro/client.Ab12.js",
      "/_astro/name with space.js",
      "/_astro/only-gzip.js",
      "/favicon.svg",
    ]);
    expect(Object.keys(index.get("/_astro/only-gzip.js")?.variants ?? {})).toEqual(["gzip"]);
  });
});

describe("a precompressed file", () => {
  it("is answered in brotli to a browser, with the file's type, length and year-long caching", async () => {
    const response = await send("/_astro/client.Ab12.js", { "accept-encoding": BROWSER });
    expect(response.status).toBe(200);
    expect(response.headers).toMatchObject({
      "content-type": "text/javascript; charset=utf-8",
      "content-encoding": "br",
      vary: "Accept-Encoding",
      "content-length": String(response.body.length),
      "cache-control": "public, max-age=31536000, immutable",
    });
    expect(response.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+-br"$/);
    expect(response.headers["last-modified"]).toMatch(/ GMT$/);
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
    expect(response.body.length).toBeLessThan(SCRIPT.length / 2);
  });

  it("is answered in gzip to a client that takes only gzip, or prefers it", async () => {
    for (const accepted of ["gzip", "br;q=0.5, gzip"]) {
      const response = await send("/_astro/client.Ab12.js", { "accept-encoding": accepted });
      expect(response.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(response.body).toString()).toBe(SCRIPT);
    }
  });

  it("falls back to gzip where the build kept no brotli variant", async () => {
    const response = await send("/_astro/only-gzip.js", { "accept-encoding": BROWSER });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(response.body).toString()).toBe(SCRIPT);
  });

  it("is found by its percent-encoded name, with a query string", async () => {
    const response = await send("/_astro/name%20with%20space.js?v=2", {
      "accept-encoding": "br",
    });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });

  it("outside /_astro/ is revalidated on every use", async () => {
    const response = await send("/favicon.svg", { "accept-encoding": BROWSER });
    expect(response.headers).toMatchObject({
      "content-type": "image/svg+xml",
      "content-encoding": "br",
      "cache-control": "public, max-age=0",
    });
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const get = await send("/_astro/client.Ab12.js", { "accept-encoding": BROWSER });
    const head = await send("/_astro/client.Ab12.js", { "accept-encoding": BROWSER }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ["content-type", "content-encoding", "content-length", "etag", "vary"]) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
  });

  it("hands the unencoded file on, marked as varying, when no coding is accepted", async () => {
    const requests: Record<string, string>[] = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "zstd" },
    ];
    for (const headers of requests) {
      const response = await send("/_astro/client.Ab12.js", headers);
      expect(response.body.toString()).toBe("next");
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["content-encoding"]).toBeUndefined();
    }
  });
});

describe("a conditional request", () => {
  async function validators() {
    const { headers } = await send("/_astro/client.Ab12.js", { "accept-encoding": BROWSER });
    return { etag: headers.etag as string, lastModified: headers["last-modified"] as string };
  }

  it("gets 304 without a body when the client's copy is current", async () => {
    const { etag, lastModified } = await validators();
    const conditions: Record<string, string>[] = [
      { "if-none-match": etag },
      { "if-modified-since": lastModified },
    ];
    for (const headers of conditions) {
      const response = await send("/_astro/client.Ab12.js", {
        "accept-encoding": BROWSER,
        ...headers,
      });
      expect(response.status).toBe(304);
      expect(response.body.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(response.headers["content-encoding"]).toBeUndefined();
    }
  });

  it("gets the bytes when its copy is another coding's or the client reloads", async () => {
    const { etag } = await validators();
    const gzip = await send("/_astro/client.Ab12.js", {
      "accept-encoding": "gzip",
      "if-none-match": etag,
    });
    expect(gzip.status).toBe(200);
    const reload = await send("/_astro/client.Ab12.js", {
      "accept-encoding": BROWSER,
      "if-none-match": etag,
      "cache-control": "no-cache",
    });
    expect(reload.status).toBe(200);
  });

  it("gets 412 when its precondition fails", async () => {
    const response = await send("/_astro/client.Ab12.js", {
      "accept-encoding": BROWSER,
      "if-match": 'W/"0-0-br"',
    });
    expect(response.status).toBe(412);
  });
});

describe("evaluateConditions", () => {
  const validators = { etag: 'W/"1f-abc-br"', lastModified: "Sun, 23 Nov 2025 05:00:00 GMT" };
  it.each([
    [{}, 200],
    [{ "if-none-match": 'W/"1f-abc-br"' }, 304],
    [{ "if-none-match": '"1f-abc-br"' }, 304],
    [{ "if-none-match": 'W/"x", W/"1f-abc-br"' }, 304],
    [{ "if-none-match": "*" }, 304],
    [{ "if-none-match": 'W/"1f-abc-gzip"' }, 200],
    // If-None-Match decides alone when present (RFC 9110 §13.1.3).
    [{ "if-none-match": 'W/"other"', "if-modified-since": "Sun, 23 Nov 2025 06:00:00 GMT" }, 200],
    [{ "if-modified-since": "Sun, 23 Nov 2025 05:00:00 GMT" }, 304],
    [{ "if-modified-since": "Sun, 23 Nov 2025 04:59:59 GMT" }, 200],
    [{ "if-modified-since": "not a date" }, 200],
    [{ "if-match": "*" }, 200],
    [{ "if-match": 'W/"1f-abc-br"' }, 200],
    [{ "if-match": '"other"' }, 412],
    [{ "if-unmodified-since": "Sun, 23 Nov 2025 04:00:00 GMT" }, 412],
    [{ "if-unmodified-since": "Sun, 23 Nov 2025 05:00:00 GMT" }, 200],
  ])("answers %j with %i", (headers, status) => {
    expect(evaluateConditions(headers, validators)).toBe(status);
  });
});

describe("requests it hands on", () => {
  it.each([
    ["a small file the build did not compress", "/_astro/tiny.js"],
    ["an image", "/photo.webp"],
    ["a variant by its own name", "/_astro/client.Ab12.js.br"],
    ["a page", "/members"],
    ["the API", "/api/user.php"],
    ["a prerendered page", "/prerendered/amora/en/terms/index.html"],
    ...UNREACHABLE,
  ])("%s", async (_, path) => {
    const response = await send(path, { "accept-encoding": BROWSER });
    expect(response.body.toString()).toBe("next");
    expect(response.headers["content-encoding"]).toBeUndefined();
  });

  it("leaves methods other than GET and HEAD alone", async () => {
    const response = await send("/_astro/client.Ab12.js", { "accept-encoding": BROWSER }, "POST");
    expect(response.body.toString()).toBe("next");
  });
});

describe("the build's files in front of the pages (createClientFileHandler)", () => {
  /** A request to the server of files and pages, as the production server puts them. */
  function get(path: string, headers: Record<string, string> = {}, method = "GET") {
    return rawRequest(wholePort, path, headers, method);
  }

  it("indexes every file a URL may name: not dotfiles, prerendered pages or what lies outside", () => {
    expect([...clientFiles].sort()).toEqual([
      "/_astro/client.Ab12.js",
      "/_astro/client.Ab12.js.br",
      "/_astro/client.Ab12.js.gz",
      "/_astro/name with space.js",
      "/_astro/name with space.js.br",
      "/_astro/name with space.js.gz",
      "/_astro/only-gzip.js",
      "/_astro/only-gzip.js.gz",
      "/_astro/tiny.js",
      "/favicon.svg",
      "/favicon.svg.br",
      "/favicon.svg.gz",
      "/gone.webp",
      "/photo.webp",
    ]);
  });

  it("sends a precompressed variant where the client takes one", async () => {
    const response = await get("/_astro/client.Ab12.js", { "accept-encoding": BROWSER });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });

  it("sends the file itself otherwise, marked as varying, with the hashed assets' caching", async () => {
    const response = await get("/_astro/client.Ab12.js");
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe(SCRIPT);
    expect(response.headers).toMatchObject({
      "content-type": "text/javascript; charset=utf-8",
      vary: "Accept-Encoding",
      "cache-control": "public, max-age=31536000, immutable",
    });
    expect(response.headers["content-encoding"]).toBeUndefined();
    const tiny = await get("/_astro/tiny.js", { "accept-encoding": BROWSER });
    expect(tiny.body.toString()).toBe("export {};");
    expect(tiny.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends an image with its type, validators and revalidation, and a range of it", async () => {
    const response = await get("/photo.webp", { "accept-encoding": BROWSER });
    expect(response.status).toBe(200);
    expect(response.body.equals(PHOTO)).toBe(true);
    expect(response.headers).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "public, max-age=0",
      "accept-ranges": "bytes",
    });
    const again = await get("/photo.webp", { "if-none-match": String(response.headers.etag) });
    expect(again.status).toBe(304);
    // Browsers ask a video for ranges (Safari plays none without them).
    const range = await get("/photo.webp", { range: "bytes=100-199" });
    expect(range.status).toBe(206);
    expect(range.body.equals(PHOTO.subarray(100, 200))).toBe(true);
    const head = await get("/photo.webp", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("answers 404 for a file gone since the index was made, not a page", async () => {
    const response = await get("/gone.webp");
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toBe("page");
  });

  it.each([
    ["a page", "/members"],
    ["a page with a query", "/members?page=2"],
    ["the home page", "/"],
    ["a directory of files", "/_astro/"],
    ["a prerendered page by its file", "/prerendered/amora/en/terms/index.html"],
    ["a prerendered page by its directory", "/prerendered/amora/en/terms/"],
    ...UNREACHABLE,
  ])("hands %s to the pages", async (_, path) => {
    const response = await get(path, { "accept-encoding": BROWSER });
    expect(response.body.toString()).toBe("page");
  });

  it("hands methods other than GET and HEAD to the pages, for files too", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const response = await get("/photo.webp", {}, method);
      expect(response.body.toString(), method).toBe("page");
    }
  });
});
