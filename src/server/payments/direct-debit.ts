import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { friendlyFormatIBAN } from "ibantools";
import type { CountryCode } from "libphonenumber-js/max";
import { discounted } from "../../contract/payment-options";
import { formatMoney } from "../../i18n/money";
import { findPackage } from "../credits/packages";
import type { Database } from "../db/client";
import { nudgeJobRunners } from "../jobs/runner";
import { ApiError, notFound, ValidationError } from "../lib/errors";
import { getTranslate } from "../lib/i18n";
import { consumeRateLimit } from "../lib/rate-limit";
import { type SmsSender, sendSms } from "../lib/sms";
import type { Site } from "../sites/registry";
import { assertEmailConfirmed } from "../users/service";
import { syncOrder } from "./crediting";
import { directDebitRefusal, directDebitRefused } from "./direct-debit-limits";
import { discountFor } from "./discounts";
import { type Buyer, insertOrder, offerFor, paymentBasics, refusedByProvider } from "./orders";
import type { PaymentProvider } from "./provider";
import { type DirectDebitMandate, directDebitMandates, type Order, orders } from "./schema";

/** How long a texted code works. */
export const CODE_TTL_MINUTES = 10;
/** Wrong codes allowed per text; then the member asks for a new one. */
export const CODE_ATTEMPTS = 5;

/** spec §3 Direct-debit form, as the route has checked it (the IBAN in electronic format). */
export type DirectDebitForm = {
  packageId: number;
  code?: string | undefined;
  holder: string;
  iban: string;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
  phone: string;
};

/** What the form is told once the code is on its way. */
export type CodeSent = { mandate: number; phone: string; expires_at: string; minutes: number };

/**
 * libphonenumber's full metadata (a fifth of a second to load), with the first direct debit:
 * most processes (and test files) never read a phone number.
 */
const loadPhoneNumbers = () => import("libphonenumber-js/max");

/**
 * A phone number in E.164 if it is a mobile one (a text must reach it), read the way its owner
 * writes it: national numbers in the member's country, others with their country code.
 */
export async function mobileNumber(typed: string, country: string | null): Promise<string | null> {
  const { parsePhoneNumberFromString } = await loadPhoneNumbers();
  const parsed = parsePhoneNumberFromString(typed, {
    defaultCountry: country ? (country.toUpperCase() as CountryCode) : undefined,
  });
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  return type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE" ? parsed.number : null;
}

/** +31612345678 → "+31 6 •••• 5678": enough for the member to know which phone to look at. */
export async function maskedPhone(e164: string): Promise<string> {
  const { parsePhoneNumberFromString } = await loadPhoneNumbers();
  const parsed = parsePhoneNumberFromString(e164);
  const national = parsed?.nationalNumber ?? e164;
  return `+${parsed?.countryCallingCode ?? ""} ${national.slice(0, 1)} •••• ${national.slice(-4)}`;
}

/** DE89370400440532013000 → "DE89 •••• •••• •••• 3000": what is kept once the provider has it. */
export function maskedIban(iban: string): string {
  const groups = (friendlyFormatIBAN(iban) ?? iban).split(" ");
  return groups
    .map((group, index) => (index === 0 || index === groups.length - 1 ? group : "••••"))
    .join(" ");
}

function codeHash(salt: string, code: string): string {
  return createHash("sha256").update(`${salt}:${code}`).digest("hex");
}

/** The package and discount of a direct debit, as on any checkout (payments/orders.ts). */
async function priced(
  db: Database,
  site: Site,
  buyer: Buyer,
  packageId: number,
  code?: string | null,
) {
  const { currency, methods } = offerFor(site, buyer.country);
  const offered = findPackage(site, packageId, currency);
  if (!offered) throw notFound("payments.error.packageNotFound");
  if (!methods.includes("sdd")) {
    throw new ValidationError({ method: { key: "payments.error.methodNotOffered" } });
  }
  const discount = code
    ? await discountFor(db, buyer, code, { amount: offered.amount, currency, method: "sdd" })
    : null;
  const amount = discount ? discounted(offered.amount, discount.percent) : offered.amount;
  return { offered, discount, amount };
}

/**
 * issue 14 /directdebit, step one: the member's mandate details are kept and a code is texted to
 * their mobile (spec §3, §5). Refused at once when the member may not pay by direct debit (a
 * block, the monthly limit), before any text goes out.
 */
export async function requestDirectDebit(
  db: Database,
  sms: SmsSender | null,
  site: Site,
  buyer: Buyer,
  form: DirectDebitForm,
  now = new Date(),
): Promise<CodeSent> {
  await assertEmailConfirmed(db, buyer.userId);
  const { offered, discount, amount } = await priced(db, site, buyer, form.packageId, form.code);
  const phone = await mobileNumber(form.phone, buyer.country);
  if (!phone) throw new ValidationError({ phone: { key: "payments.directDebit.error.phone" } });
  const refusal = await directDebitRefusal(db, site, buyer.userId, amount, now);
  if (refusal) throw directDebitRefused(refusal);
  const perPhone = await consumeRateLimit(db, "directDebitCodesPhone", phone);
  if (!perPhone.allowed) throw new ApiError(429, "rate_limited", "error.rateLimited");

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const salt = randomBytes(16).toString("base64url");
  const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
  const t = getTranslate(buyer.locale);
  const mandate = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(directDebitMandates)
      .values({
        userId: buyer.userId,
        siteId: site.id,
        packageId: offered.id,
        discountCode: discount?.code ?? null,
        holder: form.holder,
        iban: form.iban,
        street: form.street,
        houseNumber: form.houseNumber,
        zip: form.zip,
        city: form.city,
        phone,
        codeHash: codeHash(salt, code),
        codeSalt: salt,
        codeExpiresAt: expiresAt,
        consentedAt: now,
      })
      .returning({ id: directDebitMandates.id });
    if (!row) throw new Error("mandate not stored");
    await sendSms(tx, sms, site, {
      kind: "direct_debit_code",
      to: phone,
      text: t("payments.directDebit.sms", {
        code,
        site: site.name,
        price: formatMoney(buyer.locale, amount, offered.currency),
        minutes: CODE_TTL_MINUTES,
      }),
    });
    return row;
  });
  // The member waits for the text: a provider's delivery job runs now, not at the next poll.
  nudgeJobRunners();
  return {
    mandate: mandate.id,
    phone: await maskedPhone(phone),
    expires_at: expiresAt.toISOString(),
    minutes: CODE_TTL_MINUTES,
  };
}

/**
 * Takes the code for a mandate: right, unused, in time and within the attempts, it is used up
 * (once: the update that marks it is conditional); wrong, it costs an attempt. Another member's
 * mandate is not found.
 */
async function takeCode(
  db: Database,
  userId: number,
  mandateId: number,
  code: string,
  now: Date,
): Promise<DirectDebitMandate> {
  const [mandate] = await db
    .select()
    .from(directDebitMandates)
    .where(and(eq(directDebitMandates.id, mandateId), eq(directDebitMandates.userId, userId)));
  if (!mandate) throw notFound();
  const spent = new ValidationError({ otp: { key: "payments.directDebit.error.codeExpired" } });
  if (mandate.confirmedAt || mandate.codeExpiresAt <= now || mandate.attempts >= CODE_ATTEMPTS) {
    throw spent;
  }
  const right = timingSafeEqual(
    Buffer.from(codeHash(mandate.codeSalt, code)),
    Buffer.from(mandate.codeHash),
  );
  const usable = and(
    eq(directDebitMandates.id, mandate.id),
    isNull(directDebitMandates.confirmedAt),
    lt(directDebitMandates.attempts, CODE_ATTEMPTS),
  );
  if (!right) {
    await db
      .update(directDebitMandates)
      .set({ attempts: sql`${directDebitMandates.attempts} + 1` })
      .where(usable);
    throw new ValidationError({ otp: { key: "payments.directDebit.error.codeInvalid" } });
  }
  const [taken] = await db
    .update(directDebitMandates)
    .set({ confirmedAt: now })
    .where(usable)
    .returning();
  // Another request took it a moment ago.
  if (!taken) throw spent;
  return taken;
}

/**
 * issue 14 /directdebit, step two: the texted code signs the mandate. The order is made (the
 * block and the monthly limit checked again, under the member's lock, in the transaction that
 * makes it) and the provider debits the mandate; the IBAN is then kept masked only. The order is
 * pending until the bank has paid (days, for a direct debit).
 */
export async function confirmDirectDebit(
  db: Database,
  provider: PaymentProvider,
  site: Site,
  buyer: Buyer,
  mandateId: number,
  code: string,
  now = new Date(),
): Promise<Order> {
  const mandate = await takeCode(db, buyer.userId, mandateId, code, now);
  try {
    const { offered, discount } = await priced(
      db,
      site,
      buyer,
      mandate.packageId,
      mandate.discountCode,
    );
    // The block and the monthly limit are checked again, under the member's lock, as the order
    // is made. The consent was given on the mandate's form, before its code was texted.
    const order = await insertOrder(
      db,
      site,
      buyer,
      offered,
      "sdd",
      provider.id,
      discount,
      mandate.consentedAt ?? now,
      now,
    );
    let handed: Order;
    try {
      const basics = await paymentBasics(db, site, buyer, order);
      const debit = await provider.createDirectDebit({
        ...basics,
        mandate: {
          holder: mandate.holder,
          iban: mandate.iban,
          reference: `${site.id.toUpperCase()}-DD-${mandate.id}`,
          signedAt: now,
        },
      });
      const [row] = await db
        .update(orders)
        .set({
          providerRef: debit.id,
          providerCustomer: debit.customer,
          checkoutUrl: debit.checkoutUrl,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, order.id))
        .returning();
      handed = row ?? order;
    } catch (error) {
      throw await refusedByProvider(db, order, error);
    }
    await db
      .update(directDebitMandates)
      .set({ orderId: order.id })
      .where(eq(directDebitMandates.id, mandate.id));
    return syncOrder(db, provider, handed);
  } finally {
    // Whatever happened, the full IBAN is not kept: the provider has it, or the member types it
    // again for another try.
    await db
      .update(directDebitMandates)
      .set({ iban: maskedIban(mandate.iban) })
      .where(eq(directDebitMandates.id, mandate.id));
  }
}

/** How long a mandate nobody confirmed is kept: its code died after minutes. */
export const UNCONFIRMED_MANDATE_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * design §10a: deletes mandates never confirmed, a day after their code expired: they hold a
 * full IBAN, an address and a phone number for a payment that was never made.
 */
export async function pruneUnconfirmedMandates(db: Database, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(directDebitMandates)
    .where(
      and(
        isNull(directDebitMandates.confirmedAt),
        lt(
          directDebitMandates.codeExpiresAt,
          new Date(now.getTime() - UNCONFIRMED_MANDATE_RETENTION_MS),
        ),
      ),
    )
    .returning({ id: directDebitMandates.id });
  return deleted.length;
}

/**
 * Erasure (spec §1): a member's mandates hold their name, address, phone and account; they go,
 * with the texts the outbox kept for those phones.
 */
export async function eraseDirectDebitData(db: Database, userId: number): Promise<string[]> {
  const deleted = await db
    .delete(directDebitMandates)
    .where(eq(directDebitMandates.userId, userId))
    .returning({ phone: directDebitMandates.phone });
  return [...new Set(deleted.map((row) => row.phone))];
}
