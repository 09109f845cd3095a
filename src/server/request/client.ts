import proxyAddr from "proxy-addr";
import { getEnv } from "../lib/env";

/** Who is on the other end of a request, as far as the trusted-proxy rule lets us believe. */
export type RequestClient = {
  /** The client's IP address: the subject of per-address rate limits. */
  address: string;
  /** Whether the client reached us over HTTPS (the Secure cookie flag, HSTS). */
  isHttps: boolean;
};

type Trust = (address: string, hop: number) => boolean;

let compiledTrust: Trust | undefined;

/** TRUSTED_PROXIES compiled once (addresses, CIDR ranges, or loopback/linklocal/uniquelocal). */
export function getProxyTrust(): Trust {
  compiledTrust ??= proxyAddr.compile(getEnv().TRUSTED_PROXIES);
  return compiledTrust;
}

/**
 * design §10, the trusted-proxy rule, the one place that reads X-Forwarded-For and
 * X-Forwarded-Proto. The socket's peer is the client unless it is a trusted proxy; then the
 * client is the nearest address in X-Forwarded-For that is not itself a trusted proxy (as
 * Express's `trust proxy` does), and X-Forwarded-Proto tells the scheme. Headers from anyone
 * else are ignored, so a visitor cannot pick their own rate-limit counter or claim HTTPS.
 * @example resolveClient(headers, { peerAddress: "10.0.0.5", socketIsHttps: false }, trust)
 */
export function resolveClient(
  headers: Headers,
  socket: { peerAddress: string | undefined; socketIsHttps: boolean },
  trust: Trust = getProxyTrust(),
): RequestClient {
  // Only in-process callers (tests, app.request()) have no socket.
  const peer = socket.peerAddress ?? "in-process";
  if (!socket.peerAddress || !trust(peer, 0)) {
    return { address: peer, isHttps: socket.socketIsHttps };
  }
  const forwardedFor = headers.get("x-forwarded-for") ?? undefined;
  const address = proxyAddr(
    { socket: { remoteAddress: peer }, headers: { "x-forwarded-for": forwardedFor } } as never,
    trust,
  );
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return { address, isHttps: proto ? proto === "https" : socket.socketIsHttps };
}
