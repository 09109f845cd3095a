import type { Context } from "hono";
import { requireMember } from "../lib/router";
import type { AppEnv } from "../request/context";
import type { Buyer } from "./orders";
import type { PaymentProvider } from "./provider";

/* What the payment routes (routes.ts, direct-debit-routes.ts, provider-routes.ts) read alike. */

/** The buyer of a logged-in member's request: who, and where they pay from. */
export function buyerOf(c: Context<AppEnv>): Buyer {
  const { user, userViewProfile } = requireMember(c);
  return {
    userId: user.id,
    siteId: c.get("site").id,
    paidUser: user.paidUser,
    signupDate: user.signupDate,
    email: user.email,
    country: userViewProfile.profile?.country ?? null,
    locale: c.get("locale"),
  };
}

/** The process's payment provider (providers.ts), on this request's database or transaction. */
export function paymentProviderOf(vars: AppEnv["Variables"]): PaymentProvider {
  return vars.providers.payments(vars.db);
}
