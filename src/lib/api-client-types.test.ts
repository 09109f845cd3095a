import { describe, expect, it } from "vitest";
import { ApiRequestError, api, type ClientErrorCode } from "./api-client";

/**
 * ApiRequestError.code is a union (ErrorCode and the client's own codes), so a misspelt code in
 * a comparison fails the type check (npm run typecheck) instead of being silently never equal.
 */
describe("ApiRequestError.code", () => {
  it("accepts the server's and the client's codes, and refuses a misspelt one", () => {
    const caught = new ApiRequestError(402, { error: "not_enough_credits" });
    expect(caught.code === "not_enough_credits").toBe(true);
    const network: ClientErrorCode = "network";
    expect(network).toBe("network");
    // @ts-expect-error: a misspelt code has no overlap with ClientErrorCode.
    expect(caught.code === "not_enough_credit").toBe(false);
    // @ts-expect-error: the server answers no such code.
    expect(new ApiRequestError(400, { error: "no_such_code" }).code).toBe("no_such_code");
  });
});

/** Never called: the type check (npm run typecheck) is the test of api()'s endpoint map. */
async function typedCalls() {
  const sent = await api("POST /api/message.php", { body: { conversation: 1, text: "Hej" } });
  sent.credits satisfies number;
  // @ts-expect-error: the body is checked against the contract's (no text).
  await api("POST /api/message.php", { body: { conversation: 1 } });
  // @ts-expect-error: a write with a body needs its options.
  await api("POST /api/withdraw.php");
  // @ts-expect-error: a GET sends no body.
  await api("GET /api/order.php", { body: { id: 1 } });
  // @ts-expect-error: an endpoint the map does not know.
  await api("POST /api/no-such.php", { body: {} });
  const { order } = await api("GET /api/order.php", { query: { id: 1 } });
  // @ts-expect-error: the answer is typed (an order has no such field).
  order.price;
  const member = await api("GET /api/staff/members/{id}", { params: { id: 7 } });
  member.account.credits satisfies number;
  // @ts-expect-error: a path with {id} needs its params.
  await api("GET /api/staff/members/{id}");
  // @ts-expect-error: the params are the path's names (no such name here).
  await api("POST /api/staff/members/{id}/end-sessions", { params: { member: 7 } });
  // @ts-expect-error: a path without parameters takes none.
  await api("GET /api/order.php", { params: { id: 1 } });
}

describe("api()", () => {
  it("is checked by the type check", () => {
    expect(typedCalls).toBeTypeOf("function");
  });
});
