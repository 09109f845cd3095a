import { z } from "@hono/zod-openapi";
import { authenticationRequired } from "../lib/errors";
import type { AppEnv } from "../request/context";
import type { Buyer } from "./orders";
import type { PaymentProvider } from "./provider";

/* What the payment routes (routes.ts, direct-debit-routes.ts, provider-routes.ts) read alike. */

/** The buyer of a logged-in member's request: who, and where they pay from. */
export function buyerOf(vars: AppEnv["Variables"]): Buyer {
  const user = requireUser(vars.user);
  return {
    userId: user.id,
    paidUser: user.paidUser,
    signupDate: user.signupDate,
    email: user.email,
    country: vars.userViewProfile?.profile?.country ?? null,
    locale: vars.locale,
  };
}

/** A logged-in member's user, or 403 authentication_required (spec §8). */
export function requireUser(user: AppEnv["Variables"]["user"]) {
  if (!user) throw authenticationRequired();
  return user;
}

/**
 * A discount code as typed: letters, digits, '-' and '_' (a code of ours never has more), so
 * anything else (a NUL, a quote) is 'Code not found' before it reaches the database.
 */
export const discountCodeParam = z
  .string()
  .trim()
  .min(1, "payments.code.notFound")
  .max(40, "payments.code.notFound")
  .regex(/^[A-Za-z0-9_-]+$/, "payments.code.notFound");

/**
 * Directive 2011/83/EU art. 16(m): the member asks for the package at once and acknowledges
 * losing the right of withdrawal once it is used. Every checkout asks (an unticked box): no
 * order is made without it.
 */
export const immediatePerformance = z.literal(true, { error: "payments.consent.required" });

/** The process's payment provider (providers.ts), on this request's database or transaction. */
export function paymentProviderOf(vars: AppEnv["Variables"]): PaymentProvider {
  return vars.providers.payments(vars.db);
}
