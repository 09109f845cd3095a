import { describe, expect, it } from "vitest";
import { createContractClient } from "../test/contract";
import { signInThroughContract } from "../test/staff";
import { createApp } from "./app";

/**
 * An admin reads the numbers at a glance (issue 28 item 4): every answer must be declared in
 * the OpenAPI document and match its route's schema (src/test/contract.ts; design §6).
 */

const app = createApp();
const { call } = createContractClient(app);

describe("every answer of the metrics matches the document", () => {
  it("for the default period, a chosen one, a bad one and a role without the permission", async () => {
    expect((await call("get", "/staff/metrics", { query: { site: "amora" } })).status).toBe(403);
    const cookie = await signInThroughContract(call, "admin");
    expect((await call("get", "/staff/metrics", { cookie, query: { site: "amora" } })).status).toBe(
      200,
    );
    const period = { site: "herzklopfen", from: "2020-01-01", to: "2020-12-31" };
    expect((await call("get", "/staff/metrics", { cookie, query: period })).status).toBe(200);
    const reversed = { site: "amora", from: "2020-02-01", to: "2020-01-01" };
    expect((await call("get", "/staff/metrics", { cookie, query: reversed })).status).toBe(422);
    const support = await signInThroughContract(call, "support");
    const refused = await call("get", "/staff/metrics", {
      cookie: support,
      query: { site: "amora" },
    });
    expect(refused.status).toBe(403);
  });
});
