import { describe, expect, it } from "vitest";
import type { OrderAnswer } from "../contract/payments";
import { directDebitMandate } from "../test/api";
import { createContractClient } from "../test/contract";
import { createLoggedInMember } from "../test/members";
import { findTextedCode } from "../test/outbox";
import { createApp } from "./app";

/**
 * Journeys of a member paying (the sandbox provider, SEPA direct debit): every answer must be
 * declared in the OpenAPI document and match its route's schema (src/test/contract.ts; design §6).
 */

const app = createApp();
const { call } = createContractClient(app);

describe("every answer of a journey through the API matches the document", () => {
  it("for a member buying credits through the sandbox provider", async () => {
    const { cookie } = await createLoggedInMember(app, { profile: { country: "nl" } });
    expect((await call("get", "/packages.php")).status).toBe(200);
    expect((await call("get", "/packages.php", { cookie })).status).toBe(200);
    const order = { package_id: 1, method: "ideal", immediate_performance: true };
    expect((await call("post", "/order.php", { json: order })).status).toBe(403);
    expect(
      (await call("post", "/order.php", { cookie, json: { ...order, method: "blik" } })).status,
    ).toBe(422);
    expect(
      (await call("post", "/order.php", { cookie, json: { ...order, package_id: 99 } })).status,
    ).toBe(404);
    const placed = await call<OrderAnswer>("post", "/order.php", { cookie, json: order });
    expect(placed.status).toBe(201);
    const id = placed.body.order.id;
    expect((await call("get", "/order.php", { cookie, query: { id } })).status).toBe(200);
    expect((await call("get", "/order.php", { cookie, query: { id: "x" } })).status).toBe(422);
    expect((await call("get", "/order.php", { query: { id } })).status).toBe(403);
    const payment = placed.body.order.checkout_url?.split("/").pop() ?? "";
    const outcome = { id: payment, outcome: "paid" };
    expect((await call("post", "/sandbox/checkout.php", { json: outcome })).status).toBe(403);
    expect(
      (
        await call("post", "/sandbox/checkout.php", {
          cookie,
          json: { ...outcome, id: "tr_sandbox_aaaaaaaaaaaaaaaa" },
        })
      ).status,
    ).toBe(404);
    expect((await call("post", "/sandbox/checkout.php", { cookie, json: outcome })).status).toBe(
      200,
    );
    expect(
      (await call("post", "/payment-webhook.php", { urlencoded: { id: payment } })).status,
    ).toBe(200);
    expect((await call("post", "/payment-webhook.php", { urlencoded: { id: "" } })).status).toBe(
      422,
    );
    expect((await call("get", "/order.php", { cookie, query: { id: 2147483648 } })).status).toBe(
      422,
    );
    expect((await call("get", "/transactions.php", { cookie })).status).toBe(200);
    expect(
      (await call("get", "/transactions.php", { cookie, query: { cursor: "-1" } })).status,
    ).toBe(422);
    expect((await call("get", "/transactions.php")).status).toBe(403);
    expect((await call("get", "/order.php", { cookie, query: { id } })).status).toBe(200);
    const consent = { immediate_performance: true };
    expect((await call("post", "/repeat-order.php", { cookie, json: {} })).status).toBe(422);
    const repeated = await call<OrderAnswer>("post", "/repeat-order.php", {
      cookie,
      json: consent,
    });
    expect(repeated.status).toBe(201);
    expect((await call("post", "/repeat-order.php", { json: consent })).status).toBe(403);
    expect(
      (await call("post", "/withdraw.php", { cookie, json: { order: repeated.body.order.id } }))
        .status,
    ).toBe(200);
    expect(
      (await call("post", "/withdraw.php", { cookie, json: { order: repeated.body.order.id } }))
        .status,
    ).toBe(409);
    expect((await call("post", "/withdraw.php", { cookie, json: { order: 0 } })).status).toBe(422);
    expect(
      (await call("post", "/withdraw.php", { cookie, json: { order: 2147483647 } })).status,
    ).toBe(404);
    // A new member's own offer, a code that does not exist, and a malformed one.
    const welcome = { welcome: "true" };
    expect((await call("get", "/discountcode.php", { cookie, query: welcome })).status).toBe(404);
    const fresh = (await createLoggedInMember(app, { profile: { country: "nl" } })).cookie;
    expect((await call("get", "/discountcode.php", { cookie: fresh, query: welcome })).status).toBe(
      200,
    );
    const nope = { code: "NOPE" };
    expect((await call("get", "/discountcode.php", { cookie: fresh, query: nope })).status).toBe(
      404,
    );
    expect(
      (await call("get", "/discountcode.php", { cookie: fresh, query: { code: "" } })).status,
    ).toBe(422);
    expect((await call("get", "/discountcode.php", { query: nope })).status).toBe(403);
  });

  it("for a member paying by SEPA direct debit with a texted code", async () => {
    const member = await createLoggedInMember(app, { profile: { country: "nl" } });
    const { cookie } = member;
    const mandate = directDebitMandate({ package_id: 1 });
    expect((await call("post", "/directdebit.php", { json: mandate })).status).toBe(403);
    expect(
      (await call("post", "/directdebit.php", { cookie, json: { ...mandate, iban: "NL00" } }))
        .status,
    ).toBe(422);
    expect(
      (await call("post", "/directdebit.php", { cookie, json: { ...mandate, package_id: 99 } }))
        .status,
    ).toBe(404);
    const sent = await call<{ mandate: number }>("post", "/directdebit.php", {
      cookie,
      json: mandate,
    });
    expect(sent.status).toBe(201);
    const code = { mandate: sent.body.mandate, otp: "000000" };
    expect((await call("post", "/directdebit-confirm.php", { json: code })).status).toBe(403);
    expect(
      (
        await call("post", "/directdebit-confirm.php", {
          cookie,
          json: { ...code, mandate: 2147483647 },
        })
      ).status,
    ).toBe(404);
    const { code: texted } = await findTextedCode("+31634567890");
    const wrong = texted === "000000" ? "111111" : "000000";
    expect(
      (await call("post", "/directdebit-confirm.php", { cookie, json: { ...code, otp: wrong } }))
        .status,
    ).toBe(422);
    const confirmed = await call<OrderAnswer>("post", "/directdebit-confirm.php", {
      cookie,
      json: { ...code, otp: texted },
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.order.state).toBe("pending");
    // Over the month's limit: 9.99 pending, then three packages of 34.99 more.
    const again = { ...mandate, package_id: 3 };
    for (const status of [201, 201, 403]) {
      const asked = await call<{ mandate: number }>("post", "/directdebit.php", {
        cookie,
        json: again,
      });
      if (asked.status === 201) {
        const { code: otp } = await findTextedCode("+31634567890");
        expect(
          (
            await call("post", "/directdebit-confirm.php", {
              cookie,
              json: { mandate: asked.body.mandate, otp },
            })
          ).status,
        ).toBe(201);
      }
      expect(asked.status).toBe(status);
    }
  });
});
