import { describe, expect, it } from "vitest";
import { createContractClient } from "../test/contract";
import { signInThroughContract } from "../test/staff";
import { createApp } from "./app";

/**
 * An editor's journey through the legal texts (issue 28 item 5): every answer must be declared
 * in the OpenAPI document and match its route's schema (src/test/contract.ts; design §6).
 */

const app = createApp();
const { call } = createContractClient(app);

describe("every answer of an editor's legal texts journey matches the document", () => {
  it("for the list, a text, a preview, a save and a revert", async () => {
    const scope = { site: "amora", locale: "it" };
    const params = { ...scope, document: "service" };
    expect((await call("get", "/staff/legal/{site}/{locale}", { params: scope })).status).toBe(403);
    const cookie = await signInThroughContract(call, "editor");
    expect(
      (await call("get", "/staff/legal/{site}/{locale}", { cookie, params: scope })).status,
    ).toBe(200);
    const bad = { cookie, params: { ...scope, locale: "x" } };
    expect((await call("get", "/staff/legal/{site}/{locale}", bad)).status).toBe(422);
    const unknown = { cookie, params: { ...params, document: "nothing" } };
    expect((await call("get", "/staff/legal/{site}/{locale}/{document}", unknown)).status).toBe(
      404,
    );
    const text = await call<{ default_markdown: string }>(
      "get",
      "/staff/legal/{site}/{locale}/{document}",
      { cookie, params },
    );
    expect(text.status).toBe(200);
    const markdown = text.body.default_markdown;
    const broken = { cookie, params, json: { markdown: `${markdown}\n<b>x</b>` } };
    const good = { cookie, params, json: { markdown } };
    expect(
      (await call("post", "/staff/legal/{site}/{locale}/{document}/preview", broken)).status,
    ).toBe(422);
    expect(
      (await call("post", "/staff/legal/{site}/{locale}/{document}/preview", good)).status,
    ).toBe(200);
    expect((await call("put", "/staff/legal/{site}/{locale}/{document}", broken)).status).toBe(422);
    expect((await call("put", "/staff/legal/{site}/{locale}/{document}", good)).status).toBe(200);
    expect(
      (await call("delete", "/staff/legal/{site}/{locale}/{document}", { cookie, params })).status,
    ).toBe(200);

    const moderator = await signInThroughContract(call, "moderator");
    const forbidden = { cookie: moderator, params };
    expect(
      (await call("delete", "/staff/legal/{site}/{locale}/{document}", forbidden)).status,
    ).toBe(403);
  });
});
