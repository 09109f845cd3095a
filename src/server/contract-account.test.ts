import { describe, expect, it } from "vitest";
import { createContractClient } from "../test/contract";
import { createLoggedInMember, uniqueEmail } from "../test/members";
import { createApp } from "./app";
import { createAccountToken } from "./auth/tokens";
import { getDb } from "./db/client";

/**
 * Journeys of a member through their account (logging in and out, deleting it): every answer
 * must be declared in the OpenAPI document and match its route's schema (src/test/contract.ts;
 * design §6).
 */

const app = createApp();
const { call } = createContractClient(app);

describe("every answer of a journey through the API matches the document", () => {
  it("for a member logging in, changing their account and logging out", async () => {
    const password = "a long and unusual passphrase";
    const { email } = await createLoggedInMember(app, { password });
    const login = await call("post", "/user.php", { json: { email, password } });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";

    const wrong = { json: { email, password: "not the password" } };
    expect((await call("post", "/user.php", wrong)).status).toBe(401);
    expect((await call("post", "/user.php", { text: "{email" })).status).toBe(400);
    expect((await call("post", "/user.php", { json: { email: "x", password } })).status).toBe(422);
    const crossSite = { json: { email, password }, headers: { origin: "https://evil.example" } };
    expect((await call("post", "/user.php", crossSite)).status).toBe(403);

    const client = { cookie, headers: { "x-request-type": "client" } };
    expect((await call("get", "/user.php", client)).status).toBe(200);
    expect((await call("get", "/user.php")).status).toBe(403);
    const badHeader = { cookie, headers: { "x-request-type": "robot" } };
    expect((await call("get", "/user.php", badHeader)).status).toBe(422);
    expect((await call("put", "/user.php", { cookie, json: { language: "de" } })).status).toBe(200);
    expect((await call("put", "/user.php", { cookie, json: { language: "xx" } })).status).toBe(422);
    expect((await call("put", "/user.php", { json: { language: "de" } })).status).toBe(403);

    expect((await call("get", "/notifications.php", { cookie })).status).toBe(200);
    expect((await call("get", "/notifications.php")).status).toBe(403);
    const settings = { cookie, json: { notifications_disabled: ["news"], invisible: true } };
    expect((await call("put", "/notifications.php", settings)).status).toBe(200);
    const passwords = { password: "another long passphrase", password_repeat: "" };
    passwords.password_repeat = passwords.password;
    const wrongOld = { cookie, json: { old_password: "wrong", ...passwords } };
    expect((await call("put", "/password.php", wrongOld)).status).toBe(422);
    const change = { cookie, json: { old_password: password, ...passwords } };
    expect((await call("put", "/password.php", change)).status).toBe(200);
    const mailChange = { cookie, json: { email: uniqueEmail("new") } };
    expect((await call("post", "/mail-change.php", mailChange)).status).toBe(200);

    // design §6: a malformed Idempotency-Key, and one reused for another call.
    const malformedKey = { ...settings, headers: { "idempotency-key": "#" } };
    expect((await call("put", "/notifications.php", malformedKey)).status).toBe(422);
    const key = { "idempotency-key": "contract-key-1" };
    expect((await call("put", "/notifications.php", { ...settings, headers: key })).status).toBe(
      200,
    );
    expect(
      (await call("put", "/user.php", { ...client, json: { language: "en" }, headers: key }))
        .status,
    ).toBe(422);

    expect(
      (
        await call("get", "/logout.php", {
          headers: { accept: "text/html", "sec-fetch-site": "same-origin" },
        })
      ).status,
    ).toBe(303);
    expect((await call("get", "/logout.php", { cookie })).status).toBe(403);
    expect((await call("post", "/logout.php", { cookie })).status).toBe(200);
  });

  it("for a member deleting the account, reactivating it and unsubscribing", async () => {
    const password = "a long and unusual passphrase";
    const member = await createLoggedInMember(app, { password });
    const credentials = { email: member.email, password };
    const cookie = member.cookie;
    // Keeping the account instead: the retention offer (issue 29 item 6).
    expect((await call("post", "/retention-offer.php", { cookie })).status).toBe(200);
    expect((await call("post", "/retention-offer.php")).status).toBe(403);
    expect(
      (await call("post", "/account-delete.php", { cookie, json: { password: "no" } })).status,
    ).toBe(422);
    expect((await call("post", "/account-delete.php", { cookie, json: { password } })).status).toBe(
      200,
    );
    expect((await call("post", "/user.php", { json: credentials })).status).toBe(409);
    const wrong = { json: { ...credentials, password: "not the password" } };
    expect((await call("post", "/reactivate.php", wrong)).status).toBe(401);
    expect((await call("post", "/reactivate.php", { json: credentials })).status).toBe(200);
    expect((await call("get", "/reactivate.php")).status).toBe(303);

    const token = await createAccountToken(await getDb(), member.user.id, "unsubscribe", 60_000);
    expect((await call("post", "/unsubscribe.php", { query: { token } })).status).toBe(200);
    const unknown = { query: { token: "0123456789abcdef" } };
    expect((await call("post", "/unsubscribe.php", unknown)).status).toBe(404);
    expect((await call("post", "/unsubscribe.php", { query: { token: "short" } })).status).toBe(
      422,
    );
    // Without MAIL_WEBHOOK_SECRET the bounce and complaint webhook is not there.
    const complaint = { json: { events: [{ type: "complaint", email: member.email }] } };
    expect((await call("post", "/mail-events.php", complaint)).status).toBe(404);
    expect((await call("get", "/unsubscribe.php", { query: { token } })).status).toBe(303);
    expect(
      (await call("get", "/unsubscribe.php", { query: { token: "x".repeat(101) } })).status,
    ).toBe(422);
  });
});
