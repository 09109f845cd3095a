import { and, asc, eq, ne } from "drizzle-orm";
import { expect } from "vitest";
import type { StaffRole } from "../contract/staff-options";
import type { App } from "../server/app";
import { addStaff } from "../server/staff/accounts";
import { staffAccounts, staffAudit } from "../server/staff/schema";
import { totpCodeAt, totpStepAt } from "../server/staff/totp";
import { getReadyDb } from "../server/startup";
import type { Call } from "./contract";
import { nextTestAddress, uniqueEmail } from "./members";

export const STAFF_PASSWORD = "a staff passphrase, long enough";

/** A staff account made as `npm run staff -- add` makes one; answers its TOTP secret too. */
export async function createTestStaff(role: StaffRole, options: { language?: "en" | "de" } = {}) {
  const email = uniqueEmail(`staff-${role}`);
  const db = await getReadyDb();
  const added = await addStaff(db, { email, role, password: STAFF_PASSWORD, ...options });
  const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
  if (!account) throw new Error("no staff account");
  return { id: account.id, email, role, secret: added.totp_secret };
}
export type TestStaff = Awaited<ReturnType<typeof createTestStaff>>;

/** The code the staff member's authenticator app shows now (or `offset` steps away). */
export function currentTotp(staff: { secret: string }, offset = 0): string {
  return totpCodeAt(staff.secret, totpStepAt(Date.now()) + offset);
}

/** POST /api/staff/login from an address of its own. */
export function staffLoginCall(
  app: App,
  body: { email: string; password: string; totp: string },
  clientAddress = nextTestAddress(),
) {
  return app.request(
    "/api/staff/login",
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    },
    { clientAddress },
  );
}

/** A new staff account of a role, signed in: its rows and the `Cookie` value of its session. */
export async function createSignedInStaff(
  app: App,
  role: StaffRole,
  options: { language?: "en" | "de" } = {},
) {
  const staff = await createTestStaff(role, options);
  const login = await staffLoginCall(app, {
    email: staff.email,
    password: STAFF_PASSWORD,
    totp: currentTotp(staff),
  });
  if (login.status !== 200) throw new Error(`staff sign-in failed with ${login.status}`);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { ...staff, cookie };
}

/** A staff member's JSON call with their cookie (or any other `Cookie` value). */
export function staffCall(app: App, method: string, path: string, cookie: string, body?: unknown) {
  return app.request(path, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The audit rows about one staff account (as target), oldest first. */
export async function auditRowsOf(staffId: number) {
  const db = await getReadyDb();
  return db
    .select()
    .from(staffAudit)
    .where(eq(staffAudit.targetId, String(staffId)))
    .orderBy(staffAudit.id);
}

/** The audit rows a staff member wrote besides signing in, oldest first. */
export async function staffActionsOf(staff: { id: number }) {
  const db = await getReadyDb();
  return db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.staffId, staff.id), ne(staffAudit.action, "staff.login")))
    .orderBy(asc(staffAudit.id));
}

/**
 * A new staff member of `role` signed in through a contract client (every answer checked);
 * their `staff` cookie.
 */
export async function signInThroughContract(call: Call, role: StaffRole): Promise<string> {
  const staff = await createTestStaff(role);
  const body = { email: staff.email, password: STAFF_PASSWORD, totp: currentTotp(staff) };
  const login = await call("post", "/staff/login", { json: body });
  expect(login.status).toBe(200);
  return (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}
