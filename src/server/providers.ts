import type { z } from "zod";
import type { Database } from "./db/client";
import type { JobContext, JobDefinition } from "./jobs/define";
import type { Env } from "./lib/env";
import { createTwilioSender, type SmsSender } from "./lib/sms";
import { createMollieProvider } from "./payments/mollie";
import type { PaymentProvider } from "./payments/provider";
import { createSandboxProvider } from "./payments/sandbox";

/**
 * The outside services a process works through (design §9), chosen once where it starts
 * (src/server/index.ts) and handed on: to the request pipeline (`createApp`, then `c.var`), to
 * the pages (`Astro.locals`) and to the job runner (`bindJobProviders`). Tests pass their
 * stand-ins the same way.
 */
export type Providers = {
  /**
   * The payment provider, working on the database (or transaction) at hand: the sandbox keeps
   * its payments in ours, beside the orders that they pay.
   */
  payments: (db: Database) => PaymentProvider;
  /** Where texts are delivered, or null when they stay in the outbox (development, the demo). */
  sms: SmsSender | null;
};

/** The providers the settings name: PAYMENT_PROVIDER and SMS_PROVIDER (lib/env.ts). */
export function createProviders(env: Env): Providers {
  return { payments: paymentsOf(env), sms: smsSenderOf(env) };
}

function paymentsOf(env: Env): Providers["payments"] {
  switch (env.PAYMENT_PROVIDER) {
    case "sandbox":
      return createSandboxProvider;
    case "mollie": {
      // One Mollie client for the process (it keeps its connections). The schema refuses
      // mollie without a key.
      const mollie = createMollieProvider({
        apiKey: env.MOLLIE_API_KEY ?? "",
        apiEndpoint: env.MOLLIE_API_URL,
      });
      return () => mollie;
    }
  }
}

function smsSenderOf(env: Env): SmsSender | null {
  if (env.SMS_PROVIDER === "outbox") return null;
  // The schema refuses twilio without these.
  return createTwilioSender({
    accountSid: env.TWILIO_ACCOUNT_SID ?? "",
    authToken: env.TWILIO_AUTH_TOKEN ?? "",
    apiUrl: env.TWILIO_API_URL,
  });
}

/** What the server's jobs run with: the runner's context and the process's providers. */
export type ServerJobContext = JobContext & { providers: Providers };

/** A job of the server's: its run may ask for the process's providers. */
export type ServerJobDefinition = JobDefinition<z.ZodType, ServerJobContext>;

/**
 * The server's job definitions as the runner takes them, each run given these providers.
 * @example startJobRunner(getReadyDb, bindJobProviders(JOB_DEFINITIONS, providers), 5000)
 */
export function bindJobProviders(
  definitions: readonly ServerJobDefinition[],
  providers: Providers,
): JobDefinition[] {
  return definitions.map((definition) => ({
    ...definition,
    run: (payload, context) => definition.run(payload, { ...context, providers }),
  }));
}
