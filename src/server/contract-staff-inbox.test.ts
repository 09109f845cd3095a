import { describe, expect, it } from "vitest";
import { createContractClient } from "../test/contract";
import { memberWritesToOperated } from "../test/inbox";
import { signInThroughContract } from "../test/staff";
import { createApp } from "./app";

/**
 * An operator's journey through the inbox (issue 28 item 1): every answer must be declared in
 * the OpenAPI document and match its route's schema (src/test/contract.ts; design §6).
 */

const app = createApp();
const { call } = createContractClient(app);

describe("every answer of an operator's inbox journey matches the document", () => {
  it("for the queue, a claim, the conversation, notes, canned answers, a reply and figures", async () => {
    expect((await call("get", "/staff/inbox")).status).toBe(403);
    const { conversation } = await memberWritesToOperated(
      { member: "Carl", operated: "Dora" },
      "Hello Dora",
    );
    const cookie = await signInThroughContract(call, "operator");
    const other = await signInThroughContract(call, "operator");
    const params = { conversation: String(conversation) };
    expect((await call("get", "/staff/inbox/events", { cookie })).status).toBe(200);
    expect((await call("get", "/staff/inbox/events")).status).toBe(403);
    expect((await call("get", "/staff/inbox", { cookie })).status).toBe(200);
    expect((await call("get", "/staff/inbox", { cookie, query: { site: "nowhere" } })).status).toBe(
      422,
    );
    expect((await call("get", "/staff/inbox/{conversation}", { cookie, params })).status).toBe(200);
    const missing = { conversation: "2147483000" };
    expect(
      (await call("get", "/staff/inbox/{conversation}", { cookie, params: missing })).status,
    ).toBe(404);
    const reply = (who: string) =>
      call("post", "/staff/inbox/{conversation}/reply", {
        cookie: who,
        params,
        json: { text: "Hi!" },
      });
    expect((await reply(cookie)).status).toBe(409);
    expect(
      (await call("post", "/staff/inbox/{conversation}/claim", { cookie, params })).status,
    ).toBe(200);
    expect(
      (await call("post", "/staff/inbox/{conversation}/claim", { cookie: other, params })).status,
    ).toBe(409);
    expect(
      (await call("post", "/staff/inbox/{conversation}/typing", { cookie, params })).status,
    ).toBe(200);
    expect((await reply(cookie)).status).toBe(200);
    const notes = { cookie, params, json: { body: "Carl likes sailing." } };
    expect((await call("put", "/staff/inbox/{conversation}/notes", notes)).status).toBe(200);
    expect(
      (await call("get", "/staff/inbox/{conversation}/notes", { cookie, params })).status,
    ).toBe(200);
    const canned = { language: "en", title: "Hello", body: "Hello there!" };
    const added = await call("post", "/staff/inbox/canned", { cookie, json: canned });
    expect(added.status).toBe(201);
    expect(
      (await call("get", "/staff/inbox/canned", { cookie, query: { language: "en" } })).status,
    ).toBe(200);
    expect((await call("get", "/staff/inbox/figures", { cookie })).status).toBe(200);
    const { id } = added.body as { id: number };
    expect(
      (await call("delete", "/staff/inbox/canned/{id}", { cookie, params: { id } })).status,
    ).toBe(200);

    const support = await signInThroughContract(call, "support");
    expect((await call("get", "/staff/inbox/figures", { cookie: support })).status).toBe(403);
  });
});
