import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { ApiError, notFound } from "../lib/errors";
import { getTranslate } from "../lib/i18n";
import type { AppEnv } from "../request/context";
import type { StaffActor } from "./audit";
import { isStaffHost } from "./origin";
import {
  type SignedInStaff,
  STAFF_COOKIE,
  STAFF_SESSION_SECONDS,
  validateStaffSession,
} from "./session";

type SignedInStaffRole = NonNullable<StaffActor["staff"]>;

/** The one call under /api/staff/ that needs no staff session. */
export const STAFF_LOGIN_PATH = "/api/staff/login";

function staffAuthenticationRequired(): ApiError {
  return new ApiError(403, "staff_authentication_required", "error.staffAuthenticationRequired");
}

/**
 * design §13: the staff side of the request pipeline, for /api/staff/*. It reads only the
 * `staff` cookie (the request context skipped the member's `auth` cookie for these paths), puts
 * the staff member on `c.var.staff` and answers in their language; every call but the sign-in
 * without a live staff session is 403 staff_authentication_required. On any host but the staff
 * origin's (origin.ts) there is no staff side: 404.
 */
export function staffContext(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isStaffHost(c.req.header("host"))) throw notFound("error.apiNotFound");
    const token = getCookie(c, STAFF_COOKIE);
    const signedIn = token ? await validateStaffSession(c.get("db"), token) : null;
    c.set("staff", signedIn);
    if (signedIn) {
      c.set("locale", signedIn.account.language);
      c.set("t", getTranslate(signedIn.account.language));
    } else if (c.req.path !== STAFF_LOGIN_PATH) {
      throw staffAuthenticationRequired();
    }
    await next();
  };
}

/** The signed-in staff member of a /api/staff/ call (staffContext let no other through). */
export function requireStaff(c: Context<AppEnv>): SignedInStaff {
  const staff = c.get("staff");
  if (!staff) throw staffAuthenticationRequired();
  return staff;
}

/** Who acts in a staff call, for its audit row: the staff member, their role, their address. */
export function staffActor(c: Context<AppEnv>): StaffActor & { staff: SignedInStaffRole } {
  const { account } = requireStaff(c);
  return { staff: { id: account.id, role: account.role }, ip: c.get("client").address };
}

/** The staff cookie: HttpOnly, Secure over HTTPS, SameSite=Strict, path /, 12 hours. */
export function setStaffCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, STAFF_COOKIE, token, {
    httpOnly: true,
    secure: c.get("client").isHttps,
    sameSite: "Strict",
    path: "/",
    maxAge: STAFF_SESSION_SECONDS,
  });
}

export function clearStaffCookie(c: Context<AppEnv>): void {
  deleteCookie(c, STAFF_COOKIE, { path: "/", secure: c.get("client").isHttps });
}
