import { describe, expect, it, vi } from "vitest";

/**
 * The mail provider's webhook (issue 29 item 14), with its password configured: every answer
 * must be declared in the OpenAPI document and match its route's schema (design §6). Set before
 * any module reads the environment (the schema is read once per process).
 */
const SECRET = vi.hoisted(() => {
  const secret = "the contract journey's webhook password, 32+ chars";
  process.env.MAIL_WEBHOOK_SECRET = secret;
  return secret;
});

const { createContractClient } = await import("../test/contract");
const { createLoggedInMember } = await import("../test/members");
const { createApp } = await import("./app");

const app = createApp();
const { call } = createContractClient(app);

describe("every answer of the mail provider's webhook matches the document", () => {
  it("for a bounce, a complaint, wrong credentials and a bad body", async () => {
    const { email } = await createLoggedInMember(app);
    const authorization = `Basic ${Buffer.from(`mail:${SECRET}`).toString("base64")}`;
    const headers = { authorization };
    const bounce = { json: { events: [{ type: "bounce", email, permanent: true }] }, headers };
    expect((await call("post", "/mail-events.php", bounce)).status).toBe(200);
    const postmark = { json: { RecordType: "SpamComplaint", Email: email }, headers };
    expect((await call("post", "/mail-events.php", postmark)).status).toBe(200);
    const unsigned = { json: bounce.json };
    expect((await call("post", "/mail-events.php", unsigned)).status).toBe(401);
    expect((await call("post", "/mail-events.php", { json: { events: [] }, headers })).status).toBe(
      422,
    );
    expect((await call("post", "/mail-events.php", { text: "{", headers })).status).toBe(400);
  });
});
