import { eq } from "drizzle-orm";
import { countryName } from "../../i18n/countries";
import { isLocale, type Locale } from "../../i18n/locales";
import { formatMoney } from "../../i18n/money";
import type { Database } from "../db/client";
import { getTranslate } from "../lib/i18n";
import { sendMail } from "../lib/mail";
import { MAIL_TEMPLATES, renderMail } from "../lib/mail-templates";
import { getCompany, getSiteById } from "../sites/registry";
import { users } from "../users/schema";
import { orders } from "./schema";

/**
 * issue 14: a completed order's receipt, in the language the member bought in: what was bought,
 * when, how and for how much, and who sold it (spec §3 Company info: name, address, registration
 * and VAT number), with the member's consent to immediate performance and the right of withdrawal
 * (refund_days). Run by the receipt job, which the order's completion queued in its own
 * transaction, once per order.
 */
export async function sendReceiptMail(db: Database, orderId: number): Promise<void> {
  const [row] = await db
    .select({ order: orders, email: users.email, erasedAt: users.erasedAt })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  const completedAt = row?.order.completedAt;
  if (!row || row.erasedAt || !completedAt) return;
  const { order } = row;
  const site = getSiteById(order.siteId);
  const company = getCompany(site);
  const locale: Locale = isLocale(order.locale) ? order.locale : "en";
  const t = getTranslate(locale);
  const dateOf = new Intl.DateTimeFormat(locale, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: site.timeZone,
  }).format;
  const date = dateOf(completedAt);
  const seller = [
    company.name,
    company.address,
    `${company.city}, ${countryName(locale, company.country.toUpperCase())}`,
    company.registrationNumber,
    ...company.vatNumbers.map((number) => t("payments.receipt.vat", { number })),
  ].join(", ");
  await sendMail(
    db,
    site,
    renderMail({
      template: MAIL_TEMPLATES.receipt,
      locale,
      site,
      to: row.email,
      url: `${site.origin}/transactions/${order.id}`,
      params: { order: order.id, count: order.credits },
      details: [
        { label: t("payments.receipt.order"), value: `#${order.id}` },
        { label: t("payments.receipt.date"), value: date },
        {
          label: t("payments.receipt.package"),
          value: t("payments.credits", { count: order.credits }),
        },
        { label: t("payments.receipt.method"), value: t(`payments.method.${order.method}`) },
        {
          label: t("payments.receipt.total"),
          value: formatMoney(locale, order.amount, order.currency),
        },
        { label: t("payments.receipt.seller"), value: seller },
      ],
      notes: [
        t("payments.receipt.vatIncluded"),
        // Directive 2011/83/EU art. 8(7)(b): the consent confirmed on a durable medium.
        ...(order.consentedAt
          ? [t("payments.receipt.consent", { date: dateOf(order.consentedAt) })]
          : []),
        t("payments.receipt.withdrawal", { count: site.refundDays }),
      ],
    }),
  );
}
