import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { negotiateEncoding } from "../src/server/lib/accept-encoding";
import {
  COMPRESS_MIN_BYTES,
  compressBytes,
  isCompressible,
  varyOnEncoding,
} from "../src/server/lib/compress-answer";

/**
 * Compresses what the Astro adapter and the static files answer on this response, whole: the
 * chunks a page is streamed in are held, and once it ends they are compressed in one call in
 * zlib's thread pool (gzip or brotli by the request's Accept-Encoding, our brotli parameters), with
 * the Content-Length, Content-Encoding and Vary that go with it. What is not ours to compress
 * (images, event streams, what already has a coding, statuses without a body, HEAD) flows
 * through as it is written, decided from its headers before its first byte.
 *
 * Why not `compression`'s stream (issue 30 item 1, decision 0006): a page reached the client in
 * one piece either way, since brotli and gzip hold their output until they have a block of it
 * and a page is smaller than one; and the stream cost more: eight writes into a zlib stream, its
 * hooks on every answer's headers. Compressed whole, `/members` took 0.5 ms less of the server's
 * CPU a page: 128 → 141 pages a second at 50 connections, p99 at 10 in flight 137–160 → 124–140
 * ms (runs alternated in one sitting, bench/RESULTS.md).
 */
export function compressWhole(request: IncomingMessage, response: ServerResponse): void {
  if (request.method === "HEAD") return;
  const coding = negotiateEncoding(request.headers["accept-encoding"], ["br", "gzip"]);
  if (coding === null) return;
  // node:http's own methods, called with whatever arguments their callers gave.
  const writeHead = response.writeHead as Method;
  const write = response.write as Method;
  const end = response.end as Method;
  const flushHeaders = response.flushHeaders as Method;
  const destroy = response.destroy as Method;
  const held: Buffer[] = [];
  let holding: boolean | undefined;
  const restore = () => {
    response.writeHead = writeHead as ServerResponse["writeHead"];
    response.write = write as ServerResponse["write"];
    response.end = end as ServerResponse["end"];
    response.flushHeaders = flushHeaders as ServerResponse["flushHeaders"];
    response.destroy = destroy as ServerResponse["destroy"];
  };
  // Decided once, from the headers set by the time of the first byte (or of `writeHead`).
  const hold = (): boolean => {
    if (holding === undefined) {
      holding =
        !response.headersSent &&
        isCompressible(
          response.statusCode,
          String(response.getHeader("content-type") ?? ""),
          String(response.getHeader("content-encoding") ?? ""),
        );
      if (!holding) restore();
    }
    return holding;
  };

  response.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const [first, second] = rest;
    const headers = (typeof first === "object" ? first : second) as OutgoingHttpHeaders | undefined;
    // Raw header arrays are not ours to read: such an answer goes out as it is.
    if (Array.isArray(headers) || holding !== undefined) {
      restore();
      return writeHead.call(this, status, ...rest);
    }
    // The head is kept on the response, to go out with the compressed body's own headers.
    this.statusCode = status;
    if (typeof first === "string") this.statusMessage = first;
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (value !== undefined) this.setHeader(name, value);
    }
    hold();
    return this;
  } as ServerResponse["writeHead"];

  response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (!hold()) return write.call(this, chunk, ...rest);
    held.push(
      toBuffer(
        chunk,
        rest.find((arg) => typeof arg === "string"),
      ),
    );
    const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
    if (callback) process.nextTick(callback);
    return true;
  } as ServerResponse["write"];

  // Headers sent before the body (nothing of ours does so) give up compressing.
  response.flushHeaders = function (this: ServerResponse) {
    restore();
    flushHeaders.call(this);
    for (const chunk of held.splice(0)) write.call(this, chunk);
  };

  // The adapter destroys a page whose render fails midway (the database gone): what was rendered
  // goes out first, as it would have streamed, so the page breaks off where it failed (its 200
  // sent) rather than the connection closing on nothing.
  response.destroy = function (this: ServerResponse, ...args: unknown[]) {
    restore();
    if (!holding || held.length === 0 || this.headersSent) return destroy.apply(this, args);
    write.call(this, Buffer.concat(held.splice(0)), () => destroy.apply(this, args));
    return this;
  } as ServerResponse["destroy"];

  response.end = function (this: ServerResponse, ...args: unknown[]) {
    const callback = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
    const chunk = typeof args[0] === "function" ? undefined : args[0];
    if (!hold()) return end.apply(this, args);
    restore();
    if (chunk !== undefined && chunk !== null) {
      held.push(
        toBuffer(
          chunk,
          args.find((arg, index) => index > 0 && typeof arg === "string"),
        ),
      );
    }
    const body = Buffer.concat(held);
    if (body.byteLength < COMPRESS_MIN_BYTES) return end.call(this, body, callback);
    compressBytes(coding, body).then(
      (compressed) => {
        if (this.destroyed) return;
        this.setHeader("content-encoding", coding);
        this.setHeader("content-length", compressed.byteLength);
        this.setHeader("vary", varyOnEncoding(headerText(this.getHeader("vary"))));
        end.call(this, compressed, callback);
      },
      // zlib failing on bytes in memory would be a bug of ours; the answer still goes out.
      () => {
        if (!this.destroyed) end.call(this, body, callback);
      },
    );
    return this;
  } as ServerResponse["end"];
}

type Method = (this: ServerResponse, ...args: unknown[]) => unknown;

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (typeof chunk === "string") {
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  }
  // Not copied: a written chunk is not the writer's to change any more, as with node:http's own
  // queue of writes waiting for the socket.
  const bytes = chunk as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function headerText(value: number | string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value === undefined ? undefined : String(value);
}
