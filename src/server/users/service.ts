import { type AnyColumn, and, eq, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { EmailDisabledReason, MemberSanction } from "../../contract/account-options";
import type { Locale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { ApiError } from "../lib/errors";
import { type User, users } from "./schema";

/** What a new account row holds (signup). */
export type NewUser = typeof users.$inferInsert;

/** The account of an e-mail address, compared case-insensitively (the users_email_key index). */
export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/** spec §4: a logged-in locale switch stores the member's language. */
export async function updateUserLanguage(
  db: Database,
  userId: number,
  language: Locale,
): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

/** Creates an account's row (signup), in the caller's transaction beside its profile. */
export async function createUser(db: Database, values: NewUser): Promise<User> {
  const [user] = await db.insert(users).values(values).returning();
  if (!user) throw new Error("user not created");
  return user;
}

/** The member proved their address (the activation link); undefined for an unknown member. */
export async function confirmUser(db: Database, userId: number): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ status: "confirmed", activatedAt: sql`coalesce(${users.activatedAt}, now())` })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

/** Stores a new password's hash (auth/password.ts); undefined for an unknown member. */
export async function setUserPassword(
  db: Database,
  userId: number,
  passwordHash: string,
): Promise<User | undefined> {
  const [user] = await db
    .update(users)
    .set({ passwordHash })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

/** A changed address, proven by a link sent to it: it is the account's, confirmed. */
export async function changeUserEmail(db: Database, userId: number, email: string): Promise<void> {
  await db
    .update(users)
    .set({ email, status: "confirmed", activatedAt: sql`coalesce(${users.activatedAt}, now())` })
    .where(eq(users.id, userId));
}

/** spec §3 notification choices: the categories turned off, and e-mail on again after a bounce. */
export async function updateUserNotifications(
  db: Database,
  userId: number,
  changes: Pick<NewUser, "notificationsDisabled" | "emailDisabledReason">,
): Promise<User | undefined> {
  const [user] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return user;
}

/** spec §4: no e-mail at all to the member any more (an unsubscribe, a bounce). */
export async function disableUserEmail(
  db: Database,
  userId: number,
  reason: EmailDisabledReason,
): Promise<void> {
  await db.update(users).set({ emailDisabledReason: reason }).where(eq(users.id, userId));
}

/**
 * issue 29 item 14: no e-mail at all to the member with this address (any case) any more, for
 * a reason the mail provider reported, unless e-mail is already off for one of the reasons in
 * `unless`. Answers how many members changed.
 */
export async function disableEmailOfAddress(
  db: Database,
  address: string,
  reason: EmailDisabledReason,
  unless: readonly EmailDisabledReason[],
): Promise<number> {
  const rows = await db
    .update(users)
    .set({ emailDisabledReason: reason })
    .where(
      and(
        sql`lower(${users.email}) = lower(${address})`,
        or(isNull(users.emailDisabledReason), notInArray(users.emailDisabledReason, [...unless])),
      ),
    )
    .returning({ id: users.id });
  return rows.length;
}

/** spec §3 Signup form draft: the first message is taken once (chat sends it). */
export async function clearSignupMessage(db: Database, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ signupMessage: null, signupMessageTo: null })
    .where(eq(users.id, userId));
}

/**
 * The unconfirmed-account rule (spec §4, §6; issue 25): until a member confirms their e-mail
 * address they may browse, edit their profile and photos, block and report (safety tools that
 * reach nobody), but nothing that reaches or notifies another member (a message, a like, a
 * gift, typing) or moves money (an order). The services of those call this check first.
 */
export function isEmailConfirmed(user: Pick<User, "status">): boolean {
  return user.status === "confirmed";
}

/** The one answer to what an unconfirmed account may not do yet (isEmailConfirmed). */
export function emailUnconfirmed(): ApiError {
  return new ApiError(403, "email_unconfirmed", "error.emailUnconfirmed");
}

/** Refuses an account whose address is not confirmed (isEmailConfirmed) with emailUnconfirmed. */
export async function assertEmailConfirmed(db: Database, userId: number): Promise<void> {
  const [user] = await db
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || !isEmailConfirmed(user)) throw emailUnconfirmed();
}

/**
 * design §13: whether a staff sanction holds at `now`: a ban, or a suspension not yet over
 * (the moderation.lift-suspensions job lifts it within a minute of its end; until then the
 * member is let in again already). Login and every session check ask this.
 */
export function sanctionInForce(
  user: Pick<User, "sanction" | "sanctionEndsAt">,
  now = new Date(),
): boolean {
  if (user.sanction === "banned") return true;
  return user.sanction === "suspended" && (user.sanctionEndsAt?.getTime() ?? 0) > now.getTime();
}

/**
 * design §13: the member of `userId` (a column of the caller's query) is under no sanction. For
 * what still shows a member whose profile is hidden (the other side of a chat): a banned or
 * suspended member is shown as a deleted one. Everything else filters on the profile's status,
 * which a sanction sets to `disabled`.
 */
export function notSanctioned(userId: AnyColumn | SQL): SQL {
  return sql`not exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.sanction} is not null)`;
}

/**
 * When a suspension ends, as the member reads it: date and time in their language, with the
 * time zone named (the server's; members' own zones are not known).
 * @example suspensionEndText(new Date("2027-05-01T10:00Z"), "de") // "1. Mai 2027 um 10:00 UTC"
 */
export function suspensionEndText(endsAt: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(endsAt);
}

/** design §13: puts a sanction in force, or ends it (null), in the caller's transaction. */
export async function setUserSanction(
  db: Database,
  userId: number,
  sanction: MemberSanction | null,
  endsAt: Date | null,
): Promise<void> {
  await db.update(users).set({ sanction, sanctionEndsAt: endsAt }).where(eq(users.id, userId));
}
