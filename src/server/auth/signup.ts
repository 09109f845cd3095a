import type { SignupBody } from "../../contract/auth";
import type { Locale } from "../../i18n/locales";
import { changeCredits } from "../credits/service";
import type { Database } from "../db/client";
import { ApiError, ValidationError } from "../lib/errors";
import { sendMail } from "../lib/mail";
import { MAIL_TEMPLATES, renderMail } from "../lib/mail-templates";
import { getAge } from "../profiles/age";
import { createProfile, setProfileStatus } from "../profiles/lifecycle";
import { findProfileName } from "../profiles/viewer";
import type { Site } from "../sites/registry";
import { isEmailBanned } from "../users/banned-emails";
import type { TrackingData, User } from "../users/schema";
import { confirmUser, createUser, findUserByEmail } from "../users/service";
import { isCommonPassword } from "./common-passwords";
import { hashPassword } from "./password";
import { consumeAccountToken, createAccountToken } from "./tokens";

/** How long an activation link works. */
export const ACTIVATION_TTL_HOURS = 48;

export type SignupContext = {
  locale: Locale;
  /** spec §3 Tracking data of the visitor's landing, if any. */
  tracking: TrackingData | null;
  /** The site's country for the visitor (settings' geoip_selected_country). */
  country: string;
  /** Origin for links in e-mails, e.g. https://amora.example */
  origin: string;
};

/** spec §6: signups for all, only with a traffic source, or by invitation ('other'). */
export function canSignUp(site: Site, hasTrafficSource: boolean): boolean {
  return site.signups === "all" || (site.signups === "with_trafficsource" && hasTrafficSource);
}

function activationUrl(origin: string, token: string): string {
  return `${origin}/api/activate.php?token=${encodeURIComponent(token)}`;
}

async function sendActivationMail(
  db: Database,
  site: Site,
  user: Pick<User, "id" | "email" | "language">,
  name: string | null,
  locale: Locale,
  origin: string,
): Promise<void> {
  const token = await createAccountToken(
    db,
    user.id,
    "activation",
    ACTIVATION_TTL_HOURS * 3600_000,
  );
  await sendMail(
    db,
    site,
    renderMail({
      template: MAIL_TEMPLATES.activation,
      locale,
      site,
      to: user.email,
      name,
      url: activationUrl(origin, token),
      params: { hours: ACTIVATION_TTL_HOURS },
    }),
  );
}

/**
 * Creates an account (spec §2 Signup) and e-mails the activation link. An address that already
 * has an account gets the same answer, and its owner an e-mail instead (design §10): the answer
 * never tells whether someone is a member.
 */
export async function signUp(
  db: Database,
  site: Site,
  input: SignupBody,
  context: SignupContext,
): Promise<{ email: string }> {
  if (!canSignUp(site, context.tracking !== null)) {
    throw new ApiError(403, "signups_closed", "signup.inviteOnly.text");
  }
  if (getAge(input.date_of_birth) < site.minAge) {
    throw new ValidationError({
      date_of_birth: { key: "signup.error.tooYoung", params: { min_age: site.minAge } },
    });
  }
  if (isCommonPassword(input.password)) {
    throw new ValidationError({ password: { key: "signup.error.passwordCommon" } });
  }
  // Hash before looking the address up, so both paths take the same time.
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim();

  // design §13: a banned member's address stays refused, also once the account is erased.
  if (await isEmailBanned(db, email)) {
    throw new ApiError(403, "email_banned", "signup.error.emailBanned");
  }
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await notifyExistingOwner(db, site, existing, context);
    return { email };
  }

  let created: { user: User; profileName: string } | null = null;
  try {
    created = await db.transaction(async (tx) => {
      const user = await createUser(tx, {
        siteId: site.id,
        email,
        passwordHash,
        status: "not_confirmed",
        language: context.locale,
        tracking: context.tracking,
        signupMessage: input.signup_message || null,
        signupMessageTo: input.signup_message ? (input.signup_message_to ?? null) : null,
      });
      // design §9: the welcome credits are the ledger's first row.
      if (site.signupCredits > 0) {
        await changeCredits(tx, user.id, site.signupCredits, "signup_bonus");
      }
      await createProfile(tx, {
        userId: user.id,
        name: input.name,
        birthdate: input.date_of_birth,
        country: context.country,
        status: "disabled",
      });
      return { user, profileName: input.name };
    });
  } catch (error) {
    // Two signups with one address at the same moment: the second is the "existing" case.
    if (
      (error as { code?: string }).code === "23505" ||
      String(error).includes("users_email_key")
    ) {
      const winner = await findUserByEmail(db, email);
      if (winner) await notifyExistingOwner(db, site, winner, context);
      return { email };
    }
    throw error;
  }
  await sendActivationMail(
    db,
    site,
    created.user,
    created.profileName,
    context.locale,
    context.origin,
  );
  return { email };
}

async function notifyExistingOwner(db: Database, site: Site, owner: User, context: SignupContext) {
  const locale = (owner.language as Locale | null) ?? context.locale;
  await sendMail(
    db,
    site,
    renderMail({
      template: MAIL_TEMPLATES.signupExists,
      locale,
      site,
      to: owner.email,
      url: `${context.origin}/login`,
    }),
  );
}

/**
 * Opens an activation link: confirms the address and shows the profile (spec §4). Returns the
 * member, or null for an unknown, used or expired link ('Activation failed').
 */
export async function activateAccount(db: Database, token: string): Promise<User | null> {
  const row = await consumeAccountToken(db, token, "activation");
  if (!row) return null;
  const user = await confirmUser(db, row.userId);
  // A sanction keeps the profile hidden; lifting it shows the profile again.
  if (user && !user.sanction) await setProfileStatus(db, row.userId, "active");
  return user ?? null;
}

/**
 * Sends the activation link again, to an address that has an unconfirmed account. Any other
 * address gets the same answer and no e-mail.
 */
export async function resendActivation(
  db: Database,
  site: Site,
  email: string,
  context: Pick<SignupContext, "locale" | "origin">,
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (user?.status !== "not_confirmed") return;
  const name = await findProfileName(db, user.id);
  const locale = (user.language as Locale | null) ?? context.locale;
  await sendActivationMail(db, site, user, name, locale, context.origin);
}
