/**
 * Readable cookies for the scripts of prerendered pages, which are the same bytes for every
 * visitor: "m=1" while logged in, "country" from the proxy's geoip header. Hints only: nothing
 * is authorised by them, and the auth cookie stays HttpOnly.
 */
export const MEMBER_HINT_COOKIE = "m";
export const COUNTRY_HINT_COOKIE = "country";

export function hintCookieOptions(isHttps: boolean) {
  return {
    path: "/",
    maxAge: 30 * 24 * 60 * 60,
    httpOnly: false,
    sameSite: "lax" as const,
    secure: isHttps,
  };
}
