import { once } from "node:events";
import { Agent, request } from "node:http";
import { constants, createSecureServer, type IncomingHttpHeaders } from "node:http2";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";

/**
 * What stands between a member's phone and the site in production: a TLS proxy speaking HTTP/2
 * (README: "Behind a load balancer or TLS proxy"). The phone lines load the pages through this
 * front, so the browser multiplexes a page's requests on one connection as members' browsers
 * do, instead of queueing them six at a time as over the bare server's HTTP/1.1. It forwards
 * every request to the site as it came (its Host included, as a proxy does) and streams the
 * answer back; its certificate is its own, and only the bench's browser is told to accept it.
 */
export async function startHttp2Front(
  upstream: string,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const { hostname, port } = new URL(upstream);
  const pems = await generate([{ name: "commonName", value: hostname }], {
    keySize: 2048,
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: hostname }] }],
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const server = createSecureServer({ key: pems.private, cert: pems.cert });
  server.on("stream", (stream, headers) => {
    const forwarded = request(
      {
        agent,
        host: hostname,
        port,
        method: String(headers[constants.HTTP2_HEADER_METHOD]),
        path: String(headers[constants.HTTP2_HEADER_PATH]),
        headers: {
          ...endToEnd(headers),
          host: String(headers[constants.HTTP2_HEADER_AUTHORITY] ?? ""),
        },
      },
      (answer) => {
        if (stream.destroyed) return answer.destroy();
        stream.respond({
          [constants.HTTP2_HEADER_STATUS]: answer.statusCode ?? 502,
          ...endToEnd(answer.headers),
        });
        answer.pipe(stream);
      },
    );
    forwarded.on("error", () => {
      if (!stream.headersSent && !stream.destroyed) {
        stream.respond({ [constants.HTTP2_HEADER_STATUS]: 502 });
      }
      stream.destroy();
    });
    // A stream the browser closes (an event stream when the page goes) closes its request.
    stream.on("close", () => forwarded.destroy());
    stream.pipe(forwarded);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port: frontPort } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${frontPort}`,
    close: async () => {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** HTTP/1.1's connection-level headers have no place in HTTP/2 (RFC 9113 §8.2.2). */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "http2-settings",
]);

/** The end-to-end headers of one side for the other: no pseudo-headers, no hop-by-hop ones. */
function endToEnd(
  headers: IncomingHttpHeaders | import("node:http").IncomingHttpHeaders,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(":") || HOP_BY_HOP.has(name)) continue;
    out[name] = value;
  }
  return out;
}
