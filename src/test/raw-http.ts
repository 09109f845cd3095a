import { type IncomingHttpHeaders, request } from "node:http";

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * One request over a socket of its own, the path sent as given and the body's bytes undecoded
 * (fetch would decode a Content-Encoding): for tests of what a server puts on the wire.
 */
export function rawRequest(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}
