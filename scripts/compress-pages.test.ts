import { createServer, request as httpRequest, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { rawRequest } from "../src/test/raw-http";
import { compressWhole } from "./compress-pages";

const BROWSER = "gzip, deflate, br, zstd";
// A page of a few kilobytes, streamed in pieces as Astro streams one.
const PIECES = Array.from(
  { length: 7 },
  (_, i) => `<section id="s${i}">${"<p>Hallo, Welt! ß€</p>".repeat(40)}</section>`,
);
const PAGE = `<!doctype html><html lang="de">${PIECES.join("")}</html>`;

let server: Server | undefined;

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** A server whose every answer goes through compressWhole, as scripts/serve-build.ts does. */
async function serve(handler: RequestListener): Promise<number> {
  server = createServer((request, response) => {
    compressWhole(request, response);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** A page as the Astro adapter writes it: its head, then its chunks as they render. */
const streamedPage: RequestListener = async (_request, response) => {
  response.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "set-cookie": ["a=1; Path=/", "b=2; Path=/"],
    vary: "Cookie",
  });
  response.write(`<!doctype html><html lang="de">`);
  for (const piece of PIECES.slice(0, 3)) response.write(new TextEncoder().encode(piece));
  await new Promise((resolve) => setTimeout(resolve, 5));
  for (const piece of PIECES.slice(3)) response.write(piece);
  response.end("</html>");
};

describe("compressWhole: pages compressed in one piece once written", () => {
  it("sends a streamed page as brotli, with its length, its head and Vary kept", async () => {
    const port = await serve(streamedPage);
    const answer = await rawRequest(port, "/members", { "accept-encoding": BROWSER });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.byteLength);
    expect(answer.headers["transfer-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBe("Cookie, accept-encoding");
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(brotliDecompressSync(answer.body).toString()).toBe(PAGE);
    // Our window, as the whole-answer API compression uses (RFC 7932 §9.1: 0b0011 is 18 bits).
    expect(answer.body.readUInt8(0) & 0x0f).toBe(0b0011);
  });

  it("sends gzip to a client that takes only gzip, and the page as it is to one that takes none", async () => {
    const port = await serve(streamedPage);
    const gzip = await rawRequest(port, "/", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(PAGE);
    const none: Record<string, string>[] = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "br;q=0" },
    ];
    for (const headers of none) {
      const plain = await rawRequest(port, "/", headers);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.toString()).toBe(PAGE);
      expect(plain.headers.vary).toBe("Cookie");
    }
  });

  it("leaves an answer under a kilobyte uncompressed, and HEAD and 304 without a body", async () => {
    const port = await serve((request, response) => {
      if (request.url === "/304") {
        response.writeHead(304, { etag: '"x"' });
        response.end();
        return;
      }
      response.writeHead(200, { "content-type": "text/html" });
      response.end(request.url === "/small" ? "<p>kurz</p>" : PAGE);
    });
    const small = await rawRequest(port, "/small", { "accept-encoding": BROWSER });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("<p>kurz</p>");
    const head = await rawRequest(port, "/", { "accept-encoding": BROWSER }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBeUndefined();
    const notModified = await rawRequest(port, "/304", { "accept-encoding": BROWSER });
    expect(notModified.status).toBe(304);
    expect(notModified.headers["content-encoding"]).toBeUndefined();
  });

  it("lets what is not its to compress flow as it is written: images, event streams, encoded bytes", async () => {
    const cases = [
      { "content-type": "image/webp" },
      { "content-type": "text/event-stream" },
      { "content-type": "text/javascript", "content-encoding": "br" },
    ];
    for (const headers of cases) {
      // The answer ends only once the client has its first bytes: held, it would never end.
      let firstSeen: () => void = () => {};
      const seen = new Promise<void>((resolve) => {
        firstSeen = resolve;
      });
      const port = await serve(async (_request, response) => {
        response.writeHead(200, headers);
        response.write(Buffer.alloc(4096, 1));
        await seen;
        response.end(Buffer.alloc(10, 2));
      });
      const answer = await new Promise<{ encoding: unknown; length: number }>((resolve, reject) => {
        const outgoing = httpRequest(
          { host: "127.0.0.1", port, path: "/", headers: { "accept-encoding": BROWSER } },
          (response) => {
            let length = 0;
            response.on("data", (chunk: Buffer) => {
              length += chunk.byteLength;
              firstSeen();
            });
            response.on("end", () =>
              resolve({ encoding: response.headers["content-encoding"], length }),
            );
          },
        );
        outgoing.on("error", reject);
        outgoing.end();
      });
      expect(answer).toEqual({ encoding: headers["content-encoding"], length: 4106 });
      server?.closeAllConnections();
      server?.close();
    }
  });

  it("calls a write's callback, and sends what rendered when a page is cut off midway", async () => {
    // The adapter's way with a render that fails midway: a last write, then destroy in its callback.
    const port = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.write(PAGE);
      response.write("Internal server error", () => response.destroy(new Error("render failed")));
    });
    const answer = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { "accept-encoding": BROWSER },
    });
    // The page began (its status and what rendered went out as they are), then broke off.
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-encoding")).toBeNull();
    await expect(answer.text()).rejects.toThrow();
  });

  it("passes a page's head along unchanged when it is set by setHeader, not writeHead", async () => {
    const port = await serve((_request, response) => {
      response.statusCode = 404;
      response.statusMessage = "Not Found";
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.write(PIECES[0]);
      response.end(PIECES.slice(1).join(""));
    });
    const answer = await rawRequest(port, "/missing", { "accept-encoding": "gzip" });
    expect(answer.status).toBe(404);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(answer.body).toString()).toBe(PIECES.join(""));
  });
});
