import type { Currency, OrderState, PaymentMethod } from "../../contract/payments";

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
};

/**
 * design §2, §9: the one interface every payment provider is used through. A provider never
 * decides what an order costs or grants: the order does; the provider's word is only the
 * payment's status, always fetched from it (a webhook only names the payment).
 */
export interface PaymentProvider {
  readonly id: string;
  createPayment(input: CreatePaymentInput): Promise<{ id: string; checkoutUrl: string }>;
  getPayment(id: string): Promise<ProviderPayment>;
  /** Pays back `amount` minor units of a paid payment. */
  refund(id: string, amount: number, currency: Currency): Promise<void>;
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
