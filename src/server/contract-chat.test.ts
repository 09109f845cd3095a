import { describe, expect, it } from "vitest";
import { createContractClient } from "../test/contract";
import { makePhoneJpeg } from "../test/images";
import { createLoggedInMember } from "../test/members";
import { createApp } from "./app";

/**
 * Journeys of two members chatting: every answer must be declared in the OpenAPI document and
 * match its route's schema (src/test/contract.ts; design §6).
 */

const app = createApp();
const { call } = createContractClient(app);

describe("every answer of a journey through the API matches the document", () => {
  it("for two members chatting", async () => {
    const alice = await createLoggedInMember(app, { paidUser: true, credits: 25 });
    const bob = await createLoggedInMember(app);
    const stranger = await createLoggedInMember(app);
    const opened = await call<{ conversation: number }>("post", "/chat.php", {
      cookie: alice.cookie,
      json: { profile: bob.profile.id },
    });
    expect(opened.status).toBe(200);
    const conversation = opened.body.conversation;
    expect(
      (
        await call("post", "/chat.php", {
          cookie: alice.cookie,
          json: { profile: alice.profile.id },
        })
      ).status,
    ).toBe(422);
    expect((await call("post", "/chat.php", { json: { profile: bob.profile.id } })).status).toBe(
      403,
    );
    const text = { conversation, text: "Hello Bob" };
    expect((await call("post", "/message.php", { cookie: alice.cookie, json: text })).status).toBe(
      200,
    );
    expect(
      (
        await call("post", "/message.php", {
          cookie: alice.cookie,
          json: { conversation, text: "" },
        })
      ).status,
    ).toBe(422);
    expect((await call("post", "/message.php", { cookie: alice.cookie, json: text })).status).toBe(
      200,
    );
    expect((await call("post", "/message.php", { cookie: alice.cookie, json: text })).status).toBe(
      402,
    );
    expect(
      (await call("post", "/message.php", { cookie: stranger.cookie, json: text })).status,
    ).toBe(404);
    expect((await call("get", "/chats.php", { cookie: bob.cookie })).status).toBe(200);
    expect(
      (await call("get", "/chats.php", { cookie: bob.cookie, query: { cursor: "x" } })).status,
    ).toBe(422);
    expect(
      (await call("get", "/messages.php", { cookie: bob.cookie, query: { conversation } })).status,
    ).toBe(200);
    expect(
      (await call("get", "/messages.php", { cookie: stranger.cookie, query: { conversation } }))
        .status,
    ).toBe(404);
    const imageForm = async () => {
      const form = new FormData();
      form.append("conversation", String(conversation));
      form.append("photo", new File([(await makePhoneJpeg()) as Uint8Array<ArrayBuffer>], "a.jpg"));
      return form;
    };
    const sentImage = await call<{ message: { id: number } }>("post", "/chat-image.php", {
      cookie: alice.cookie,
      form: await imageForm(),
    });
    expect(sentImage.status).toBe(200);
    expect(
      (await call("post", "/chat-image.php", { cookie: bob.cookie, form: await imageForm() }))
        .status,
    ).toBe(402);
    const openImage = { message: sentImage.body.message.id };
    expect(
      (await call("post", "/chat-image-open.php", { cookie: bob.cookie, json: openImage })).status,
    ).toBe(403);
    expect(
      (await call("post", "/chat-image-open.php", { cookie: stranger.cookie, json: openImage }))
        .status,
    ).toBe(404);
    const read = { cookie: bob.cookie, json: { conversation } };
    expect((await call("post", "/chat-read.php", read)).status).toBe(200);
    expect((await call("post", "/typing.php", read)).status).toBe(200);
    expect((await call("get", "/events.php", { cookie: bob.cookie })).status).toBe(200);
    expect((await call("get", "/events.php")).status).toBe(403);
    expect((await call("post", "/page-hidden.php", { cookie: bob.cookie, json: {} })).status).toBe(
      200,
    );
    expect((await call("post", "/page-hidden.php", { json: {} })).status).toBe(403);
    expect((await call("delete", "/chat.php", read)).status).toBe(200);
    const report = { profile: alice.profile.id, reason: "spam", conversation };
    expect((await call("post", "/report.php", { cookie: bob.cookie, json: report })).status).toBe(
      200,
    );
    expect((await call("post", "/report.php", { cookie: bob.cookie, json: report })).status).toBe(
      409,
    );
    expect(
      (await call("post", "/report.php", { cookie: bob.cookie, json: { ...report, reason: "x" } }))
        .status,
    ).toBe(422);
    expect(
      (await call("delete", "/chat.php", { cookie: stranger.cookie, json: { conversation } }))
        .status,
    ).toBe(404);
    const exported = await call<{ messages_sent: unknown[]; credit_history: unknown[] }>(
      "get",
      "/export.php",
      { cookie: alice.cookie },
    );
    expect(exported.body.messages_sent).toHaveLength(3);
    expect(exported.body.credit_history).toHaveLength(4);
  });
});
