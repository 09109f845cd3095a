// The named export, not the default: the package is CommonJS with `exports.default` beside it,
// and Node's own loader (the built server) makes the default import the whole exports object,
// where Vitest's interop picks `exports.default`. `createMollieClient` is one function in both.
import type { Locale as MollieLocale, PaymentMethod as MollieMethod } from "@mollie/api-client";
import type { Locale } from "../../i18n/locales";
import { isLocale } from "../../i18n/locales";
import { METHOD_RULES } from "./methods";
import type { PaymentProvider, ProviderStatus } from "./provider";

/** Our locales as Mollie's checkout names them (its page follows the member's language). */
const MOLLIE_LOCALES: Record<Locale, string> = {
  da: "da_DK",
  de: "de_DE",
  en: "en_GB",
  es: "es_ES",
  fi: "fi_FI",
  fr: "fr_FR",
  it: "it_IT",
  nb: "nb_NO",
  nl: "nl_NL",
  pl: "pl_PL",
  sv: "sv_SE",
};

/**
 * Mollie methods whose first payment leaves a mandate for later charges (Mollie: "Recurring",
 * first payments): cards, PayPal, SEPA direct debit, and iDEAL, Bancontact and EPS (which leave
 * a SEPA direct-debit mandate).
 */
const MANDATE_METHODS = new Set([
  "creditcard",
  "paypal",
  "directdebit",
  "ideal",
  "bancontact",
  "eps",
]);

/**
 * Minor units as Mollie's amount value: a string with the currency's two decimals, written
 * without floating point. (Every currency of ours has two.)
 * @example toMollieValue(1999) // "19.99"
 */
export function toMollieValue(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

/** @example fromMollieValue("19.99") // 1999; anything not written so is NaN (never believed) */
export function fromMollieValue(value: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(value);
  return match ? Number(match[1]) * 100 + Number(match[2]) : Number.NaN;
}

/**
 * design §2, §9: Mollie through its own client (`@mollie/api-client`). A payment is created for
 * one Mollie method (the rule of our method name, methods.ts) with the order's id as metadata;
 * its webhook only names a payment, which is then fetched (payments/crediting.ts); a refund is
 * Mollie's refund of that payment.
 */
type MollieApi = typeof import("@mollie/api-client");
type MollieClient = { api: MollieApi; mollie: ReturnType<MollieApi["createMollieClient"]> };

export function createMollieProvider(options: {
  apiKey: string;
  apiEndpoint: string;
}): PaymentProvider {
  // The client package is loaded with the first call to Mollie: most processes (and test
  // files) make none, and loading it costs a tenth of a second.
  let loaded: Promise<MollieClient> | undefined;
  const client = () =>
    (loaded ??= import("@mollie/api-client").then((api) => ({
      api,
      mollie: api.createMollieClient({
        apiKey: options.apiKey,
        apiEndpoint: options.apiEndpoint,
        versionStrings: "Amora/1.0",
      }),
    })));
  return {
    id: "mollie",
    async createPayment(input) {
      const { api, mollie } = await client();
      const method = METHOD_RULES[input.method].mollie;
      if (!method) throw new Error(`no Mollie method for ${input.method}`);
      // A first payment for a customer leaves a mandate, so the member can buy again in one
      // step (repeatPayment); one customer per member, reused from their earlier orders.
      const customer = MANDATE_METHODS.has(method)
        ? (input.customer ??
          (await mollie.customers.create({ email: input.email, metadata: { member: true } })).id)
        : null;
      const payment = await mollie.payments.create({
        ...(customer ? { customerId: customer, sequenceType: api.SequenceType.first } : {}),
        amount: { currency: input.currency, value: toMollieValue(input.amount) },
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        method: method as MollieMethod,
        locale: (isLocale(input.locale) ? MOLLIE_LOCALES[input.locale] : "en_GB") as MollieLocale,
        metadata: { order_id: input.orderId },
      });
      const checkoutUrl = payment.getCheckoutUrl();
      if (!checkoutUrl) throw new Error(`Mollie payment ${payment.id} has no checkout URL`);
      return { id: payment.id, checkoutUrl, customer };
    },
    async repeatPayment(input) {
      if (!input.customer) return null;
      const { api, mollie } = await client();
      try {
        const payment = await mollie.payments.create({
          amount: { currency: input.currency, value: toMollieValue(input.amount) },
          description: input.description,
          webhookUrl: input.webhookUrl,
          customerId: input.customer,
          sequenceType: api.SequenceType.recurring,
          metadata: { order_id: input.orderId },
        });
        return { id: payment.id };
      } catch (error) {
        // 422: the customer has no valid mandate (it was revoked, or the method leaves none).
        if (error instanceof api.MollieApiError && error.statusCode === 422) return null;
        throw error;
      }
    },
    async createDirectDebit(input) {
      const { api, mollie } = await client();
      // Mollie's way for a mandate we collected ourselves: the customer, a directdebit mandate
      // on it (Mollie: "Create mandate"), then a recurring payment on that mandate.
      const customer =
        input.customer ??
        (await mollie.customers.create({ email: input.email, metadata: { member: true } })).id;
      const mandate = await mollie.customerMandates.create({
        customerId: customer,
        method: api.MandateMethod.directdebit,
        consumerName: input.mandate.holder,
        consumerAccount: input.mandate.iban,
        signatureDate: input.mandate.signedAt.toISOString().slice(0, 10),
        mandateReference: input.mandate.reference,
      });
      const payment = await mollie.payments.create({
        amount: { currency: input.currency, value: toMollieValue(input.amount) },
        description: input.description,
        webhookUrl: input.webhookUrl,
        customerId: customer,
        mandateId: mandate.id,
        sequenceType: api.SequenceType.recurring,
        metadata: { order_id: input.orderId },
      });
      return { id: payment.id, customer, checkoutUrl: null };
    },
    async getPayment(id) {
      const { mollie } = await client();
      const payment = await mollie.payments.get(id);
      const metadata = payment.metadata as { order_id?: unknown } | null;
      return {
        id: payment.id,
        status: payment.status as ProviderStatus,
        amount: fromMollieValue(payment.amount.value),
        currency: payment.amount.currency,
        orderId: typeof metadata?.order_id === "number" ? metadata.order_id : null,
        checkoutUrl: payment.getCheckoutUrl() ?? null,
        // Mollie leaves these out while nothing was given back.
        amountRefunded: payment.amountRefunded ? fromMollieValue(payment.amountRefunded.value) : 0,
        amountChargedBack: payment.amountChargedBack
          ? fromMollieValue(payment.amountChargedBack.value)
          : 0,
      };
    },
    async refund(id, amount, currency, key) {
      const { mollie } = await client();
      await mollie.paymentRefunds.create({
        paymentId: id,
        amount: { currency, value: toMollieValue(amount) },
        idempotencyKey: key,
      });
    },
  };
}
