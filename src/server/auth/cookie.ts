import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { Database } from "../db/client";
import { hintCookieOptions, MEMBER_HINT_COOKIE } from "../lib/hint-cookies";
import type { AppEnv } from "../request/context";
import {
  createSession,
  generateSessionToken,
  SESSION_COOKIE,
  sessionCookieOptions,
} from "./session";

// The scheme the client used, by the trusted-proxy rule (design §10), not the socket's.
function isHttps(c: Context<AppEnv>): boolean {
  return c.get("client").isHttps;
}

/** Puts a session token in the auth cookie (design §6: 30 days, HttpOnly, Lax, path /). */
export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, sessionCookieOptions(isHttps(c)));
  // The readable "logged in" hint of prerendered pages follows the session at once, so a page
  // the browser has cached shows the member's variant too (src/server/lib/hint-cookies.ts).
  const hint = hintCookieOptions(isHttps(c));
  setCookie(c, MEMBER_HINT_COOKIE, "1", { ...hint, sameSite: "Lax" });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isHttps(c) });
  deleteCookie(c, MEMBER_HINT_COOKIE, { path: "/", secure: isHttps(c) });
}

/** Starts a new session for a member and sets its cookie (design §10: a new token each time). */
export async function startSession(
  c: Context<AppEnv>,
  db: Database,
  userId: number,
): Promise<void> {
  const token = generateSessionToken();
  await createSession(db, token, userId);
  setSessionCookie(c, token);
}
