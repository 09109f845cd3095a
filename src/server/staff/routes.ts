import { okAnswer } from "../../contract/common";
import { auditAnswer, type StaffView, staffAnswer, staffLoginBody } from "../../contract/staff";
import { ERRORS, jsonRoute, WRITE_ERRORS } from "../lib/openapi";
import { socketClientAddress } from "../lib/rate-limit";
import { createRouter } from "../lib/router";
import { listStaffAudit } from "./audit";
import { clearStaffCookie, requireStaff, setStaffCookie, staffActor } from "./context";
import { staffLogin, staffLogout } from "./login";
import { ROLE_PERMISSIONS } from "./permissions";
import { STAFF_ERRORS, STAFF_READ_ERRORS } from "./route";
import type { StaffAccount } from "./schema";
import { auditQuery } from "./validation";

const loginRoute = jsonRoute({
  method: "post",
  path: "/staff/login",
  summary: "Staff sign-in with password and TOTP code (design §13); sets the 12-hour staff cookie",
  body: staffLoginBody,
  answer: [staffAnswer, "The staff member, now signed in"],
  errors: [
    ...WRITE_ERRORS,
    {
      401: "login_failed: wrong e-mail address, password or code (one answer for all three)",
      403: "staff_disabled: the account is disabled",
      429: "account_blocked: too many failures for the address; rate_limited: too many sign-ins",
    },
  ],
});

const logoutRoute = jsonRoute({
  method: "post",
  path: "/staff/logout",
  summary: "Staff sign-out: ends the session and removes the staff cookie",
  answer: [okAnswer, "Signed out"],
  errors: [ERRORS.crossSite, STAFF_ERRORS.signedOut],
});

const auditRoute = jsonRoute({
  method: "get",
  path: "/staff/audit",
  summary: "The staff audit log, newest first, filtered and paged (admins: audit.read)",
  query: auditQuery,
  answer: [auditAnswer, "A page of the log"],
  errors: STAFF_READ_ERRORS,
});

function toStaffView(account: StaffAccount): StaffView {
  const { id, email, role, language } = account;
  return { id, email, role, language, permissions: [...ROLE_PERMISSIONS[role]] };
}

export const staffRoutes = createRouter()
  .openapi(loginRoute, async (c) => {
    const ip = c.get("client").address;
    const result = await staffLogin(c.get("db"), c.req.valid("json"), {
      address: socketClientAddress(c),
      ip,
    });
    setStaffCookie(c, result.token);
    return c.json({ staff: toStaffView(result.account) }, 200);
  })
  .openapi(logoutRoute, async (c) => {
    await staffLogout(c.get("db"), requireStaff(c), c.get("client").address);
    clearStaffCookie(c);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(auditRoute, async (c) => {
    return c.json(await listStaffAudit(c.get("db"), staffActor(c), c.req.valid("query")), 200);
  });
