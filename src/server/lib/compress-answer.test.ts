import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { getRequestListener, type Http2Bindings, type HttpBindings } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../../test/raw-http";
import { COMPRESS_MIN_BYTES, compressAnswer } from "./compress-answer";

const big = JSON.stringify({
  members: Array.from({ length: 200 }, (_, id) => ({ id, n: "Ånne" })),
});
const other = big.replace("Ånne", "Bente");
const small = JSON.stringify({ ok: true });

/**
 * The answers the production server's listener makes (scripts/serve-build.ts): @hono/node-server
 * with its light Response, each answer passed through compressAnswer.
 */
const answers: Record<string, () => Response> = {
  "/big": () => new Response(big, { headers: { "content-type": "application/json" } }),
  "/other": () => new Response(other, { headers: { "content-type": "application/json" } }),
  "/big-bytes": () =>
    new Response(new TextEncoder().encode(big), {
      headers: { "content-type": "application/json; charset=utf-8", vary: "cookie" },
    }),
  "/small": () => new Response(small, { headers: { "content-type": "application/json" } }),
  "/image": () => new Response(new Uint8Array(4096), { headers: { "content-type": "image/webp" } }),
  "/events": () =>
    new Response(big, { headers: { "content-type": "text/event-stream; charset=utf-8" } }),
  "/encoded": () =>
    new Response(big, {
      headers: { "content-type": "application/json", "content-encoding": "identity" },
    }),
  "/stream": () =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      { headers: { "content-type": "application/json" } },
    ),
  "/none": () => new Response(null, { status: 204 }),
};

let server: Server;
let port: number;

beforeAll(async () => {
  const listener = getRequestListener(async (request, env: HttpBindings | Http2Bindings) =>
    compressAnswer(
      env.incoming.headers["accept-encoding"],
      (answers[new URL(request.url).pathname] ?? answers["/none"])?.() as Response,
    ),
  );
  server = createServer(listener);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((done) => server.close(() => done()));
});

/** The raw bytes and headers, as sent (fetch would decode them). */
function get(path: string, acceptEncoding?: string) {
  return rawRequest(
    port,
    path,
    acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  );
}

describe("compressAnswer: the API's answers compressed whole (design §12)", () => {
  it("sends a kilobyte of JSON or more as brotli to a browser, and it decodes to the answer", async () => {
    const answer = await get("/big", "gzip, deflate, br, zstd");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toBe("accept-encoding");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.byteLength);
    expect(answer.body.byteLength).toBeLessThan(Buffer.byteLength(big) / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(big);
    // RFC 7932 §9.1: the stream declares an 18-bit window (0b0011), not the default 22 (0b1011).
    expect(answer.body.readUInt8(0) & 0x0f).toBe(0b0011);
  });

  it("sends gzip to a client that takes only gzip, keeping the answer's own Vary", async () => {
    const answer = await get("/big-bytes", "gzip");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers.vary).toBe("cookie, accept-encoding");
    expect(gunzipSync(answer.body).toString()).toBe(big);
  });

  it("keeps each text's compressed bytes apart, by coding and by text", async () => {
    for (const [path, text] of [
      ["/big", big],
      ["/other", other],
      ["/big", big],
      ["/other", other],
    ] as const) {
      const br = await get(path, "br");
      expect(brotliDecompressSync(br.body).toString(), path).toBe(text);
      const gzip = await get(path, "gzip");
      expect(gunzipSync(gzip.body).toString(), path).toBe(text);
    }
  });

  it("compresses an answer made from a stream too", async () => {
    const answer = await get("/stream", "br");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.body).toString()).toBe(big);
  });

  it("leaves alone what is not worth it or not wanted", async () => {
    expect(big.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const cases: [string, string | undefined, number][] = [
      ["/big", undefined, Buffer.byteLength(big)],
      ["/big", "identity", Buffer.byteLength(big)],
      ["/big", "br;q=0, gzip;q=0", Buffer.byteLength(big)],
      ["/small", "gzip, br", Buffer.byteLength(small)],
      ["/image", "gzip, br", 4096],
      ["/events", "gzip, br", Buffer.byteLength(big)],
      ["/encoded", "gzip, br", Buffer.byteLength(big)],
    ];
    for (const [path, acceptEncoding, length] of cases) {
      const answer = await get(path, acceptEncoding);
      expect(answer.status, `${path} ${acceptEncoding}`).toBe(200);
      expect(answer.headers["content-encoding"] ?? "identity", path).toBe("identity");
      expect(answer.body.byteLength, `${path} ${acceptEncoding}`).toBe(length);
    }
  });

  it("passes an answer without a body", async () => {
    const answer = await get("/none", "gzip, br");
    expect(answer.status).toBe(204);
    expect(answer.body.byteLength).toBe(0);
  });
});
