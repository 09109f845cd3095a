import { describe, expect, it, vi } from "vitest";
import { createPaidOrder } from "../../test/api";
import { createLoggedInMember, memberBalance, nextTestAddress } from "../../test/members";
import { createApp } from "../app";
import { consumeRateLimit, RATE_LIMIT_POLICIES } from "../lib/rate-limit";
import { getReadyDb } from "../startup";
import { createSandboxProvider } from "./sandbox";

/** The payment ids the provider was asked about, in order. */
const asked: string[] = [];

/** The sandbox, counting what it is asked. */
const app = createApp({
  providers: {
    payments: (db) => {
      const sandbox = createSandboxProvider(db);
      return {
        ...sandbox,
        getPayment: (id) => {
          asked.push(id);
          return sandbox.getPayment(id);
        },
      };
    },
    sms: null,
  },
});

/** A notice as Mollie sends it, from a client address (the policy counts per address). */
function notice(id: string, address = "192.0.2.10") {
  return app.request(
    "/api/payment-webhook.php",
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id }).toString(),
    },
    { clientAddress: address },
  );
}

/** A member's order of package 1, paid at the sandbox: only its webhook is missing. */
async function paidOrder() {
  const member = await createLoggedInMember(app, { profile: { country: "nl" } });
  const order = await createPaidOrder(app, member.cookie, { package_id: 1, method: "ideal" });
  return { member, payment: order.providerRef };
}

describe("the payment webhook under a flood (issue 25)", () => {
  it("answers ids no order has at once, without asking the provider, and still applies a genuine notice among them", async () => {
    const { member, payment } = await paidOrder();
    asked.length = 0;
    const address = nextTestAddress();
    const made = Array.from({ length: 300 }, (_, index) => `tr_flood${index}x${Date.now()}`);
    const answers = await Promise.all([
      ...made.slice(0, 150).map((id) => notice(id, address)),
      notice(payment),
      ...made.slice(150).map((id) => notice(id, address)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(asked).toEqual([payment]);
    expect((await memberBalance(member.user.id))?.credits).toBe(100);
  });

  it("asks the provider at most twice for a burst of notices about one payment, and credits once", async () => {
    const { member, payment } = await paidOrder();
    asked.length = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, () => notice(payment)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(asked.length).toBeLessThanOrEqual(2);
    expect((await memberBalance(member.user.id))?.credits).toBe(100);
    // A notice after the burst is asked about again: it may tell of a later change.
    expect((await notice(payment)).status).toBe(200);
    expect(asked.length).toBeLessThanOrEqual(3);
  });

  it("answers 429 past the per-address limit, so the provider sends again, while the provider's own address is served", async () => {
    // The limit counts in one-minute windows: the clock stands still, so filling the window
    // (1 200 notices, seconds on a busy machine) cannot run into the next one.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const flooder = nextTestAddress();
      const db = await getReadyDb();
      for (let sent = 0; sent < RATE_LIMIT_POLICIES.paymentWebhookIp.limit; sent++) {
        await consumeRateLimit(db, "paymentWebhookIp", flooder);
      }
      const refused = await notice("tr_one_more", flooder);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      const { member, payment } = await paidOrder();
      expect((await notice(payment, nextTestAddress())).status).toBe(200);
      expect((await memberBalance(member.user.id))?.credits).toBe(100);
    } finally {
      vi.useRealTimers();
    }
  });
});
