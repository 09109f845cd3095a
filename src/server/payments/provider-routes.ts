import { createRoute, z } from "@hono/zod-openapi";
import { sandboxOutcomeAnswer, sandboxOutcomeBody } from "../../contract/payments";
import { enqueueJob } from "../jobs/service";
import { notFound } from "../lib/errors";
import { ERRORS, errorResponses, jsonRoute, MEMBER_WRITE_ERRORS } from "../lib/openapi";
import { enforceRateLimit, socketClientAddress } from "../lib/rate-limit";
import { createRouter, requireMember } from "../lib/router";
import { paymentSyncJob } from "./jobs";
import { WEBHOOK_PATH } from "./orders";
import { paymentProviderOf } from "./route-inputs";
import { findMemberSandboxPayment, setSandboxOutcome } from "./sandbox";
import { receivePaymentNotice } from "./webhook";

const webhookRoute = createRoute({
  method: "post",
  path: WEBHOOK_PATH.replace(/^\/api/, ""),
  summary:
    "design §9: the payment provider's webhook. Its body names a payment (`id`, form-encoded, as Mollie sends it) and is believed no further: the payment is fetched from the provider. 200 once read, for known and unknown ids alike (an id no order has is not asked of the provider); 429 past the generous per-address limit and 5xx when the provider cannot be asked, so that the provider sends the notice again",
  request: {
    body: {
      content: {
        "application/x-www-form-urlencoded": {
          schema: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: { description: "Taken" },
    ...errorResponses([ERRORS.invalid, ERRORS.tooLarge, ERRORS.rateLimited]),
  },
});

const sandboxOutcomeRoute = jsonRoute({
  method: "post",
  path: "/sandbox/checkout.php",
  summary:
    "design §9: the sandbox provider's checkout page sets its payment's outcome, as a provider's page would; only the order's member may. Answers where to go back to",
  body: sandboxOutcomeBody,
  answer: [sandboxOutcomeAnswer, "Where the member goes back"],
  errors: [...MEMBER_WRITE_ERRORS, { 404: "not_found: no such payment" }],
});

/** What the provider calls: its webhook, and the sandbox's own checkout page (design §9). */
export const providerRoutes = createRouter()
  .openapi(webhookRoute, async (c) => {
    // In-process callers (tests) have no address, and must not share one counter.
    const address = socketClientAddress(c);
    if (address) await enforceRateLimit(c, "paymentWebhookIp", address);
    await receivePaymentNotice(c.get("db"), paymentProviderOf(c.var), c.req.valid("form").id);
    return c.body(null, 200);
  })
  .openapi(sandboxOutcomeRoute, async (c) => {
    const { user } = requireMember(c);
    // Fail closed: with a real provider the sandbox's button does not exist.
    if (paymentProviderOf(c.var).id !== "sandbox") throw notFound();
    const { id, outcome } = c.req.valid("json");
    const payment = await findMemberSandboxPayment(c.get("db"), id, user.id);
    await setSandboxOutcome(c.get("db"), id, outcome);
    // As a provider does: the webhook comes on its own, a moment later; the member's return
    // to the result page asks the provider at once.
    await enqueueJob(c.get("db"), paymentSyncJob, { payment: id });
    // Back on this site, as the checkout page was (see createSandboxProvider).
    const back = new URL(payment.redirectUrl);
    return c.json({ redirect_url: `${back.pathname}${back.search}` }, 200);
  });
