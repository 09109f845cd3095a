import type { Currency, OrderState, PaymentMethod } from "../../contract/payment-options";

/**
 * A payment as a provider reports it. The statuses are Mollie's (the real provider, design §2);
 * the sandbox speaks the same.
 */
export type ProviderStatus =
  | "open"
  | "pending"
  | "authorized"
  | "paid"
  | "failed"
  | "canceled"
  | "expired";

export type ProviderPayment = {
  id: string;
  status: ProviderStatus;
  /** Minor units. */
  amount: number;
  currency: string;
  /** The order it pays, as we told the provider. */
  orderId: number | null;
  checkoutUrl: string | null;
  /** Minor units paid back so far (refunds, ours or made in the provider's dashboard). */
  amountRefunded: number;
  /** Minor units the member's bank took back (chargebacks). */
  amountChargedBack: number;
};

export type CreatePaymentInput = {
  orderId: number;
  amount: number;
  currency: Currency;
  method: PaymentMethod;
  /** What the member's statement and the provider's page show. */
  description: string;
  locale: string;
  /** Where the provider sends the member back (our /transactions/{id}). */
  redirectUrl: string;
  /** Where the provider tells us of a change, naming only the payment's id. */
  webhookUrl: string;
  /** The member's address (a provider's customer record, for repeat payments). */
  email: string;
  /** The provider's customer for this member, from an earlier order, if any. */
  customer: string | null;
};

/** A payment made again without the member at the provider's checkout (issue 14 repeat order). */
export type RepeatPaymentInput = Omit<CreatePaymentInput, "redirectUrl" | "method" | "locale"> & {
  /** The member's last paid payment at this provider, whose mandate the repeat uses. */
  previousPaymentId: string;
};

/** A payment by SEPA direct debit on a mandate the member gave us (issue 14, /directdebit). */
export type DirectDebitInput = Omit<CreatePaymentInput, "method" | "locale"> & {
  mandate: {
    holder: string;
    /** Electronic format: DE89370400440532013000. */
    iban: string;
    /** Ours, unique per mandate (some banks refuse a debit whose reference repeats). */
    reference: string;
    signedAt: Date;
  };
};

/**
 * design §2, §9: the one interface every payment provider is used through. A provider never
 * decides what an order costs or grants: the order does; the provider's word is only the
 * payment's status, always fetched from it (a webhook only names the payment).
 */
export interface PaymentProvider {
  readonly id: string;
  /**
   * A payment the member completes at the provider's checkout. `customer` is the provider's
   * customer the payment was made for (kept on the order, for a later repeat), if any.
   */
  createPayment(
    input: CreatePaymentInput,
  ): Promise<{ id: string; checkoutUrl: string; customer: string | null }>;
  /**
   * The same package charged again with the mandate of an earlier payment, with no checkout;
   * null where the provider cannot (no mandate for that method or customer).
   */
  repeatPayment(input: RepeatPaymentInput): Promise<{ id: string } | null>;
  /**
   * A debit on the member's SEPA mandate: the provider records the mandate (for its customer)
   * and collects the amount on it, with no checkout. It is pending until the bank has paid.
   * `checkoutUrl` is a page of the provider's for the payment where it has one (the sandbox's,
   * which plays the bank), else null.
   */
  createDirectDebit(
    input: DirectDebitInput,
  ): Promise<{ id: string; customer: string | null; checkoutUrl: string | null }>;
  getPayment(id: string): Promise<ProviderPayment>;
  /**
   * Pays back `amount` minor units of a paid payment. `key` makes a repeat (a retried job whose
   * first try reached the provider) a no-op at the provider.
   */
  refund(id: string, amount: number, currency: Currency, key: string): Promise<void>;
}

/** What a provider's status means for the order (spec §4 Payment). */
export function orderStateOf(status: ProviderStatus): OrderState {
  switch (status) {
    case "open":
      return "open";
    case "pending":
    case "authorized":
      return "pending";
    case "paid":
      return "completed";
    case "failed":
      return "failed";
    case "canceled":
    case "expired":
      return "cancelled";
  }
}

/** A provider's answer for a payment id it does not know (a webhook may name one). */
export class UnknownPaymentError extends Error {
  constructor(id: string) {
    super(`no payment ${id}`);
    this.name = "UnknownPaymentError";
  }
}
