import { describe, expect, it } from "vitest";
import type { SupportMemberAnswer } from "../contract/staff-support";
import { createContractClient } from "../test/contract";
import { createLoggedInMember, createTestMember } from "../test/members";
import { createSignedInStaff } from "../test/staff";
import { createApp } from "./app";
import { blockDirectDebit } from "./payments/direct-debit-limits";
import { getReadyDb } from "./startup";

/*
 * Journeys of member support through the API (issue 27 item 7): every answer must be declared
 * in the OpenAPI document and match its schema (src/test/contract.ts).
 */
const app = createApp();
const { call } = createContractClient(app);

describe("every answer of a member support journey matches the document", () => {
  it("searches, reads a member and acts on them", async () => {
    const { cookie } = await createSignedInStaff(app, "support");
    const member = await createLoggedInMember(app, { credits: 5, photoCount: 1 });
    const db = await getReadyDb();
    const unconfirmed = await createTestMember(db, { status: "not_confirmed" });
    const params = { id: member.user.id };
    const json = { reason: "ticket 12" };

    expect((await call("get", "/staff/members", { query: { q: "a" } })).status).toBe(403);
    expect(
      (await call("get", "/staff/members", { cookie, query: { q: member.email } })).status,
    ).toBe(200);
    expect((await call("get", "/staff/members", { cookie, query: { q: "" } })).status).toBe(422);
    const read = await call<SupportMemberAnswer>("get", "/staff/members/{id}", { cookie, params });
    expect(read.status).toBe(200);
    expect(
      (await call("get", "/staff/members/{id}", { cookie, params: { id: 2_147_483_647 } })).status,
    ).toBe(404);
    expect(
      (await call("get", "/staff/members/{id}", { cookie, params: { id: "2147483648" } })).status,
    ).toBe(422);

    expect(
      (
        await call("post", "/staff/members/{id}/credits", {
          cookie,
          params,
          json: { delta: 3, reason: "x" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call("post", "/staff/members/{id}/credits", {
          cookie,
          params,
          json: { delta: -99, reason: "x" },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call("post", "/staff/members/{id}/refund", {
          cookie,
          params,
          json: { order_id: 1, reason: "x" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call("post", "/staff/members/{id}/resend-activation", {
          cookie,
          params: { id: unconfirmed.user.id },
          json,
        })
      ).status,
    ).toBe(200);
    expect(
      (await call("post", "/staff/members/{id}/resend-activation", { cookie, params, json }))
        .status,
    ).toBe(409);
    expect(
      (await call("post", "/staff/members/{id}/end-sessions", { cookie, params, json })).status,
    ).toBe(200);
    expect(
      (await call("post", "/staff/members/{id}/lift-direct-debit-block", { cookie, params, json }))
        .status,
    ).toBe(409);
    await blockDirectDebit(db, member.user.id, 1);
    expect(
      (await call("post", "/staff/members/{id}/lift-direct-debit-block", { cookie, params, json }))
        .status,
    ).toBe(200);
    expect(
      (await call("post", "/staff/members/{id}/export", { cookie, params, json })).status,
    ).toBe(200);
    expect(
      (await call("post", "/staff/members/{id}/export", { cookie, params, json: {} })).status,
    ).toBe(422);
    expect(
      (
        await call("post", "/staff/members/{id}/fictional", {
          cookie,
          params,
          json: { fictional: true, reason: "x" },
        })
      ).status,
    ).toBe(200);
    expect((await call("post", "/staff/members/{id}/erase", { cookie, params, json })).status).toBe(
      200,
    );
    expect(
      (
        await call("post", "/staff/members/{id}/fictional", {
          cookie,
          params,
          json: { fictional: false, reason: "x" },
        })
      ).status,
    ).toBe(409);
  });
});
