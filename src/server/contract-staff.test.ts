import { describe, expect, it } from "vitest";
import type { OwnPhotos } from "../contract/photos";
import { createContractClient, photoForm } from "../test/contract";
import { makePng } from "../test/images";
import { createLoggedInMember, createTestMember } from "../test/members";
import { createTestStaff, currentTotp, STAFF_PASSWORD } from "../test/staff";
import { createApp } from "./app";
import { getReadyDb } from "./startup";

/**
 * Journeys of staff through the API (design §13): every answer must be declared in the OpenAPI
 * document and match its route's schema (src/test/contract.ts; design §6).
 */

const app = createApp();
const { call } = createContractClient(app);

describe("every answer of a staff journey through the API matches the document", () => {
  it("for an admin signing in, reading the audit log and signing out", async () => {
    const admin = await createTestStaff("admin");
    const signedOut = await call("get", "/staff/audit");
    expect(signedOut.status).toBe(403);
    const body = { email: admin.email, password: STAFF_PASSWORD, totp: currentTotp(admin) };
    expect((await call("post", "/staff/login", { json: { ...body, totp: "12" } })).status).toBe(
      422,
    );
    const wrong = { json: { ...body, password: "not the right password" } };
    expect((await call("post", "/staff/login", wrong)).status).toBe(401);
    const login = await call("post", "/staff/login", { json: body });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const page = await call("get", "/staff/audit", { cookie, query: { limit: 2 } });
    expect(page.status).toBe(200);
    expect((await call("get", "/staff/audit", { cookie, query: { cursor: "x" } })).status).toBe(
      422,
    );
    expect((await call("post", "/staff/logout", { cookie })).status).toBe(200);
    expect((await call("post", "/staff/logout", { cookie })).status).toBe(403);
  });

  it("for a moderator working the photo review queue", async () => {
    const moderator = await createTestStaff("moderator");
    const body = { email: moderator.email, password: STAFF_PASSWORD, totp: currentTotp(moderator) };
    const login = await call("post", "/staff/login", { json: body });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const member = await createLoggedInMember(app);
    const form = photoForm(await makePng(400, 500));
    const uploaded = await call<OwnPhotos>("post", "/photos.php", { cookie: member.cookie, form });
    const [first] = uploaded.body.photos;
    const queue = await call("get", "/staff/photos", { cookie, query: { limit: 1 } });
    expect(queue.status).toBe(200);
    expect((await call("get", "/staff/photos", { cookie, query: { limit: 0 } })).status).toBe(422);
    const params = { id: first?.id ?? 0 };
    const approve = await call("post", "/staff/photos/{id}/approve", { cookie, params });
    expect(approve.status).toBe(200);
    expect((await call("post", "/staff/photos/{id}/approve", { cookie, params })).status).toBe(409);
    const none = { id: 2147483647 };
    expect(
      (await call("post", "/staff/photos/{id}/approve", { cookie, params: none })).status,
    ).toBe(404);
    const reject = { cookie, params, json: { reason: "other" } };
    expect((await call("post", "/staff/photos/{id}/reject", reject)).status).toBe(422);
    expect(
      (await call("post", "/staff/photos/{id}/reject", { ...reject, cookie: member.cookie }))
        .status,
    ).toBe(403);
  });

  it("for a role without the permission, and a locked-out address", async () => {
    const support = await createTestStaff("support");
    const body = { email: support.email, password: STAFF_PASSWORD, totp: currentTotp(support) };
    const login = await call("post", "/staff/login", { json: body });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect((await call("get", "/staff/audit", { cookie })).status).toBe(403);
    const wrong = { json: { ...body, password: "not the right password" } };
    for (let attempt = 0; attempt < 4; attempt++) await call("post", "/staff/login", wrong);
    expect((await call("post", "/staff/login", wrong)).status).toBe(429);
  });

  it("for a moderator's account actions on a member (design §13)", async () => {
    const moderator = await createTestStaff("moderator");
    const body = { email: moderator.email, password: STAFF_PASSWORD, totp: currentTotp(moderator) };
    const login = await call("post", "/staff/login", { json: body });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const { user } = await createTestMember(await getReadyDb());
    const params = { id: user.id };
    const reason = { reason: "Rude messages" };
    const warn = await call("post", "/staff/members/{id}/warn", { cookie, params, json: reason });
    expect(warn.status).toBe(200);
    const lift = await call("post", "/staff/members/{id}/lift", { cookie, params, json: reason });
    expect(lift.status).toBe(409);
    const days = { days: 0, reason: "Insults" };
    const invalid = await call("post", "/staff/members/{id}/suspend", {
      cookie,
      params,
      json: days,
    });
    expect(invalid.status).toBe(422);
    const suspend = { cookie, params, json: { days: 2, reason: "Insults" } };
    expect((await call("post", "/staff/members/{id}/suspend", suspend)).status).toBe(200);
    const ban = { cookie, params, json: reason };
    expect((await call("post", "/staff/members/{id}/ban", ban)).status).toBe(200);
    expect((await call("post", "/staff/members/{id}/ban", ban)).status).toBe(409);
    const state = await call("get", "/staff/members/{id}/moderation", { cookie, params });
    expect(state.status).toBe(200);
    const unknown = { cookie, params: { id: 2147483647 }, json: reason };
    expect((await call("post", "/staff/members/{id}/ban", unknown)).status).toBe(404);
    expect((await call("post", "/staff/members/{id}/lift", { params, json: reason })).status).toBe(
      403,
    );
  });
});
