import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { addStaff } from "./accounts";
import { staffAccounts } from "./schema";

/**
 * The demo's staff admin (design §13), made with the demo logins on a first start with an empty
 * database (db/seed.ts) and nowhere else; `npm start` prints it with its TOTP key while it exists.
 */
export const DEMO_STAFF_EMAIL = "admin@example.com";

export async function seedDemoStaff(db: Database, password: string): Promise<void> {
  await addStaff(db, { email: DEMO_STAFF_EMAIL, role: "admin", password, language: "en" });
}

/** The demo admin's TOTP key, while its account exists and is not disabled. */
export async function demoStaffTotpSecret(db: Database): Promise<string | null> {
  const [account] = await db
    .select({ totpSecret: staffAccounts.totpSecret })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.email, DEMO_STAFF_EMAIL), isNull(staffAccounts.disabledAt)));
  return account?.totpSecret ?? null;
}
