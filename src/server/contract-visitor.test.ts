import { describe, expect, it } from "vitest";
import { createContractClient, findMailedToken } from "../test/contract";
import { uniqueEmail } from "../test/members";
import { createApp } from "./app";
import { latestBirthdateForAge } from "./profiles/age";

/**
 * Journeys of visitors through the API (the site's settings, signing up, complaints): every
 * answer must be declared in the OpenAPI document and match its route's schema
 * (src/test/contract.ts; design §6).
 */

const app = createApp();
const { call } = createContractClient(app);

describe("every answer of a journey through the API matches the document", () => {
  it("for a visitor reading the site's settings, catalogues and places", async () => {
    expect((await call("get", "/settings.php")).status).toBe(200);
    expect((await call("get", "/settings.php", { query: { country: "xyz" } })).status).toBe(422);
    expect((await call("get", "/companyinfo.php")).status).toBe(200);
    expect((await call("get", "/interests.php")).status).toBe(200);
    expect((await call("get", "/regions.php")).status).toBe(200);
    const place = await call("get", "/geocode.php", { query: { lat: 52.09, lon: 5.12 } });
    expect(place).toMatchObject({ status: 200, body: { country: "nl", supported: true } });
    expect((await call("get", "/geocode.php", { query: { lat: 100, lon: 5 } })).status).toBe(422);
  });

  it("for a visitor signing up, activating and resetting the password", async () => {
    const body = {
      email: uniqueEmail("signup"),
      name: "Kim",
      password: "a long and unusual passphrase",
      date_of_birth: latestBirthdateForAge(30),
    };
    const address = { clientAddress: "198.51.100.7" };
    expect((await call("post", "/signup.php", { ...address, json: body })).status).toBe(201);
    const invalid = { ...address, json: { ...body, name: "@kim" } };
    expect((await call("post", "/signup.php", invalid)).status).toBe(422);
    const inviteOnly = { ...address, json: body, headers: { host: "127.0.0.1" } };
    expect((await call("post", "/signup.php", inviteOnly)).status).toBe(403);
    expect((await call("post", "/activation.php", { json: { email: body.email } })).status).toBe(
      200,
    );
    const token = await findMailedToken(body.email, "/api/activate.php");
    expect((await call("get", "/activate.php", { query: { token } })).status).toBe(303);

    for (let sent = 0; sent < 3; sent++) {
      const reset = await call("post", "/password-reset.php", { json: { email: body.email } });
      expect(reset.status).toBe(200);
    }
    const tooMany = await call("post", "/password-reset.php", { json: { email: body.email } });
    expect(tooMany.status).toBe(429);
    const resetToken = await findMailedToken(body.email, "/reset-password/do");
    const newPassword = { password: "yet another passphrase", password_repeat: "" };
    newPassword.password_repeat = newPassword.password;
    const expired = { json: { token: "0123456789abcdef", ...newPassword } };
    expect((await call("put", "/password-reset.php", expired)).status).toBe(400);
    const mismatch = {
      json: { token: resetToken, ...newPassword, password_repeat: "" },
    };
    expect((await call("put", "/password-reset.php", mismatch)).status).toBe(422);
    const reset = { json: { token: resetToken, ...newPassword } };
    expect((await call("put", "/password-reset.php", reset)).status).toBe(200);
  });

  it("for a visitor sending complaints and answering the cookie notice", async () => {
    const complaint = {
      name: "Robin",
      email: uniqueEmail("complaint"),
      category: "member",
      message: "A profile asked me for money in the first message.",
    };
    const address = { clientAddress: "203.0.113.9" };
    for (let sent = 0; sent < 5; sent++) {
      expect((await call("post", "/complaints.php", { ...address, json: complaint })).status).toBe(
        201,
      );
    }
    expect((await call("post", "/complaints.php", { ...address, json: complaint })).status).toBe(
      429,
    );
    const short = { json: { ...complaint, message: "Too short" } };
    expect((await call("post", "/complaints.php", short)).status).toBe(422);

    expect((await call("post", "/cookie-consent.php", { json: { choice: "all" } })).status).toBe(
      204,
    );
    const unknown = { json: { choice: "some" } };
    expect((await call("post", "/cookie-consent.php", unknown)).status).toBe(422);
  });
});
