import { asc, eq } from "drizzle-orm";
import type { StaffRole } from "../../contract/staff-options";
import type { Locale } from "../../i18n/locales";
import { hashPassword } from "../auth/password";
import type { Database } from "../db/client";
import { sites } from "../sites/registry";
import { COMMAND_LINE, recordStaffAction, type StaffActor } from "./audit";
import { parseStaffCommand, StaffCommandError } from "./command";
import { findStaffByEmail } from "./login";
import { staffAccounts } from "./schema";
import { endStaffSessionsOf } from "./session";
import { generateTotpSecret } from "./totp";

export type AddedStaff = { email: string; role: StaffRole; totp_secret: string };
export type ListedStaff = {
  id: number;
  email: string;
  role: StaffRole;
  language: Locale;
  disabled_at: string | null;
  created_at: string;
};

/** A new staff account with a fresh TOTP key, audited; answers the key, shown this once. */
export async function addStaff(
  db: Database,
  input: { email: string; role: StaffRole; password: string; language?: Locale },
  actor: StaffActor = COMMAND_LINE,
): Promise<AddedStaff> {
  const email = input.email.trim().toLowerCase();
  if (await findStaffByEmail(db, email)) {
    throw new StaffCommandError(`${email} already has a staff account`);
  }
  const totpSecret = generateTotpSecret();
  const passwordHash = await hashPassword(input.password);
  const language = input.language ?? "en";
  await db.transaction(async (tx) => {
    const [added] = await tx
      .insert(staffAccounts)
      .values({ email, role: input.role, language, passwordHash, totpSecret })
      .onConflictDoNothing()
      .returning({ id: staffAccounts.id });
    if (!added) throw new StaffCommandError(`${email} already has a staff account`);
    await recordStaffAction(tx, actor, {
      action: "staff.add",
      target: { type: "staff", id: added.id },
      after: { email, role: input.role, language },
    });
  });
  return { email, role: input.role, totp_secret: totpSecret };
}

export async function listStaff(db: Database): Promise<ListedStaff[]> {
  const rows = await db.select().from(staffAccounts).orderBy(asc(staffAccounts.id));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    language: row.language,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}

/** Disables an account and ends its sessions at once, audited; a second time changes nothing. */
export async function disableStaff(
  db: Database,
  emailTyped: string,
  actor: StaffActor = COMMAND_LINE,
): Promise<{ email: string; disabled_at: string }> {
  const account = await findStaffByEmail(db, emailTyped);
  if (!account) throw new StaffCommandError(`${emailTyped} has no staff account`);
  if (account.disabledAt) {
    return { email: account.email, disabled_at: account.disabledAt.toISOString() };
  }
  const disabledAt = new Date();
  await db.transaction(async (tx) => {
    await tx.update(staffAccounts).set({ disabledAt }).where(eq(staffAccounts.id, account.id));
    await endStaffSessionsOf(tx, account.id);
    await recordStaffAction(tx, actor, {
      action: "staff.disable",
      target: { type: "staff", id: account.id },
      before: { disabled_at: null },
      after: { disabled_at: disabledAt.toISOString() },
    });
  });
  return { email: account.email, disabled_at: disabledAt.toISOString() };
}

/**
 * issue 28: sets the member languages and sites an inbox agent works (empty: the console's
 * language; every site), audited with before and after.
 */
export async function setInboxScope(
  db: Database,
  input: { email: string; languages: Locale[]; sites: string[] },
  actor: StaffActor = COMMAND_LINE,
): Promise<{ email: string; languages: Locale[]; sites: string[] }> {
  const account = await findStaffByEmail(db, input.email);
  if (!account) throw new StaffCommandError(`${input.email} has no staff account`);
  const unknown = input.sites.filter((site) => !sites.some((entry) => entry.id === site));
  if (unknown.length > 0) throw new StaffCommandError(`no such site: ${unknown.join(", ")}`);
  const languages = [...new Set(input.languages)];
  const chosen = [...new Set(input.sites)];
  await db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({
        inboxLanguages: languages.length ? languages : null,
        inboxSites: chosen.length ? chosen : null,
      })
      .where(eq(staffAccounts.id, account.id));
    await recordStaffAction(tx, actor, {
      action: "staff.inbox_scope",
      target: { type: "staff", id: account.id },
      before: {
        languages: account.inboxLanguages?.join(",") ?? null,
        sites: account.inboxSites?.join(",") ?? null,
      },
      after: {
        languages: languages.length ? languages.join(",") : null,
        sites: chosen.length ? chosen.join(",") : null,
      },
    });
  });
  return { email: account.email, languages, sites: chosen };
}

/**
 * Runs one command of `npm run staff`: in the CLI's own process when it may open the database,
 * or in the server's, which owns the embedded database, through its socket (control-socket.ts).
 */
export async function runStaffCommand(db: Database, input: unknown): Promise<unknown> {
  const command = parseStaffCommand(input);
  switch (command.command) {
    case "add":
      return addStaff(db, command);
    case "list":
      return listStaff(db);
    case "disable":
      return disableStaff(db, command.email);
    case "inbox":
      return setInboxScope(db, command);
  }
}
