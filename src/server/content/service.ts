import { randomInt } from "node:crypto";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { ComplaintBody, ComplaintReceipt, CookieConsentBody } from "../../contract/content";
import type { MailKind } from "../../contract/mail-options";
import { type Locale, toLocale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { escapeHtml } from "../lib/html";
import { getTranslate } from "../lib/i18n";
import { sendMail } from "../lib/mail";
import type { Site } from "../sites/registry";
import { complaints, cookieConsents, shortLinks } from "./schema";

const TOKEN_ALPHABET = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const TOKEN_LENGTH = 8;

/** A token the `{token}` route accepts: short, unambiguous letters and digits. */
export const SHORT_LINK_TOKEN = /^[a-km-zA-HJ-NP-Z2-9]{6,16}$/;

/**
 * Stores a target path under a new short token (for example a tracked link in an e-mail).
 * @example await createShortLink(db, "/members/12?network=mail") // "k7QmZp2a"
 */
export async function createShortLink(
  db: Database,
  target: string,
  options: { expiresAt?: Date } = {},
): Promise<string> {
  // Same-site paths only: a short link must never become an open redirect.
  if (!target.startsWith("/") || target.startsWith("//")) {
    throw new Error(`A short link needs a path on the same site, got ${target}`);
  }
  const token = Array.from(
    { length: TOKEN_LENGTH },
    () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)],
  ).join("");
  await db.insert(shortLinks).values({ token, target, expiresAt: options.expiresAt ?? null });
  return token;
}

/** The target of a live short link (counting the click), or null for an unknown or expired one. */
export async function resolveShortLink(db: Database, token: string): Promise<string | null> {
  if (!SHORT_LINK_TOKEN.test(token)) return null;
  const [link] = await db
    .update(shortLinks)
    .set({ clicks: sql`${shortLinks.clicks} + 1` })
    .where(
      and(
        eq(shortLinks.token, token),
        or(isNull(shortLinks.expiresAt), gt(shortLinks.expiresAt, new Date())),
      ),
    )
    .returning({ target: shortLinks.target });
  return link?.target ?? null;
}

/**
 * Stores a complaint and e-mails it to the site's support address, in the site's language, with
 * the complainant as Reply-To. Returns the reference number the page shows.
 */
export async function createComplaint(
  db: Database,
  site: Site,
  input: ComplaintBody,
  context: { locale: Locale; userId: number | null },
): Promise<ComplaintReceipt> {
  const [row] = await db
    .insert(complaints)
    .values({
      siteId: site.id,
      userId: context.userId,
      name: input.name,
      email: input.email,
      category: input.category,
      message: input.message,
      locale: context.locale,
    })
    .returning({ id: complaints.id });
  if (!row) throw new Error("The complaint was not stored");
  const t = getTranslate(toLocale(site.domainLanguage) ?? "en");
  const category = t(`complaints.category.${input.category}`);
  const lines = [
    [t("complaints.name"), input.name],
    [t("complaints.email"), input.email],
    [t("complaints.categoryLabel"), category],
    [t("complaints.mail.member"), context.userId ? `#${context.userId}` : "–"],
    [t("complaints.mail.language"), context.locale],
  ];
  const text = [...lines.map(([label, value]) => `${label}: ${value}`), "", input.message].join(
    "\n",
  );
  const html = `<!doctype html><html><body><dl>${lines
    .map(
      ([label, value]) => `<dt>${escapeHtml(label ?? "")}</dt><dd>${escapeHtml(value ?? "")}</dd>`,
    )
    .join("")}</dl><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p></body></html>`;
  await sendMail(db, site, {
    kind: "complaint" satisfies MailKind,
    to: site.supportEmail,
    subject: t("complaints.mail.subject", { reference: row.id, category, site: site.name }),
    text,
    html,
    headers: { "Reply-To": input.email },
  });
  return { reference: row.id };
}

/** The cookie notice's answer, readable by its script (spec: consent is remembered). */
export const CONSENT_COOKIE = "cookie_consent";
export const CONSENT_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The version of the cookie policy a consent is given for; raise it when the policy changes. */
export const COOKIE_POLICY_VERSION = "2026-11";

/** Records the cookie notice's answer (who, when, which choice, for which policy). */
export async function recordCookieConsent(
  db: Database,
  site: Site,
  input: CookieConsentBody,
  userId: number | null,
): Promise<void> {
  await db.insert(cookieConsents).values({
    siteId: site.id,
    userId,
    choice: input.choice,
    policyVersion: COOKIE_POLICY_VERSION,
  });
}
