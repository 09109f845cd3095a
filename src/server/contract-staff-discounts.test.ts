import { describe, expect, it } from "vitest";
import { createContractClient } from "../test/contract";
import { signInThroughContract } from "../test/staff";
import { createApp } from "./app";

/**
 * An admin's journey through discount codes (issue 28 item 3): every answer must be declared
 * in the OpenAPI document and match its route's schema (src/test/contract.ts; design §6).
 */

const app = createApp();
const { call } = createContractClient(app);

describe("every answer of an admin's discount-code journey matches the document", () => {
  it("for the list, a new code and its disabling", async () => {
    expect((await call("get", "/staff/discount-codes")).status).toBe(403);
    const cookie = await signInThroughContract(call, "admin");
    const code = `C${Date.now()}`;
    const json = { code, value_percentage: 15, site: "amora", currency: "EUR" };
    expect((await call("post", "/staff/discount-codes", { cookie, json })).status).toBe(201);
    expect((await call("post", "/staff/discount-codes", { cookie, json })).status).toBe(409);
    const invalid = { ...json, value_percentage: 95 };
    expect((await call("post", "/staff/discount-codes", { cookie, json: invalid })).status).toBe(
      422,
    );
    const page = await call("get", "/staff/discount-codes", {
      cookie,
      query: { site: "amora", status: "active", limit: 5 },
    });
    expect(page.status).toBe(200);

    const disable = (params: { code: string }) =>
      call("post", "/staff/discount-codes/{code}/disable", {
        cookie,
        params,
        json: { reason: "Campaign over" },
      });
    expect((await disable({ code: "NOSUCHCODE" })).status).toBe(404);
    expect((await disable({ code })).status).toBe(200);
    expect((await disable({ code })).status).toBe(409);

    const moderator = await signInThroughContract(call, "moderator");
    expect((await call("get", "/staff/discount-codes", { cookie: moderator })).status).toBe(403);
  });
});
