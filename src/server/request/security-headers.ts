/**
 * design §10: the security headers of every page answer (src/middleware.ts, and the staff
 * pages of staff/page-context.ts). The page CSP is Astro's (astro.config.mjs: hashes of its own
 * scripts and styles); frame-ancestors is added to it, as only a header can carry it.
 */
export function applySecurityHeaders(response: Response, isHttps: boolean): void {
  const csp = response.headers.get("content-security-policy");
  // (A rewrite to the 404 page passes through here twice.)
  if (!csp?.includes("frame-ancestors")) {
    response.headers.set(
      "content-security-policy",
      csp ? `${csp}; frame-ancestors 'none'` : "frame-ancestors 'none'",
    );
  }
  response.headers.set("x-content-type-options", "nosniff");
  response.headers.set("referrer-policy", "strict-origin-when-cross-origin");
  if (isHttps) {
    response.headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  }
}
