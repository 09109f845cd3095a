import { describe, expect, it } from "vitest";
import { createContractClient } from "../test/contract";
import { signInThroughContract } from "../test/staff";
import { createApp } from "./app";

/**
 * An admin's journey through a site's settings (issue 28 item 2): every answer must be declared
 * in the OpenAPI document and match its route's schema (src/test/contract.ts; design §6).
 */

const app = createApp();
const { call } = createContractClient(app);

describe("every answer of an admin's site-settings journey matches the document", () => {
  it("for reading, changing, refusing and restoring a setting", async () => {
    const params = { site: "herzklopfen" };
    const get = (options: { cookie?: string; params: { site: string } }) =>
      call("get", "/staff/sites/{site}/settings", options);
    expect((await get({ params })).status).toBe(403);
    const cookie = await signInThroughContract(call, "admin");
    expect((await get({ cookie, params: { site: "nowhere" } })).status).toBe(404);
    expect((await get({ cookie, params })).status).toBe(200);
    const put = (json: Record<string, unknown>) =>
      call("put", "/staff/sites/{site}/settings", { cookie, params, json });
    expect((await put({ refund_days: 21 })).status).toBe(200);
    expect((await put({ refund_days: -1 })).status).toBe(422);
    expect((await put({ refund_days: 14 })).status).toBe(200);

    const editor = await signInThroughContract(call, "editor");
    expect((await get({ cookie: editor, params })).status).toBe(403);
  });
});
