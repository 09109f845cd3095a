import { describe, expect, it } from "vitest";
import type { ReportQueueAnswer } from "../contract/staff-reports";
import { chatCalls } from "../test/chat";
import { createContractClient } from "../test/contract";
import { makePhoneJpeg } from "../test/images";
import { createLoggedInMember } from "../test/members";
import { reportThrough } from "../test/reports";
import { createSignedInStaff } from "../test/staff";
import { createApp } from "./app";

/**
 * A moderator's journey through the reports queue (issue 27 item 3): every answer must be
 * declared in the OpenAPI document and match its route's schema (src/test/contract.ts).
 */

const app = createApp();
const { call } = createContractClient(app);
const { open, send, sendImage } = chatCalls(app);

describe("every answer of a moderator working the reports queue matches the document", () => {
  it("lists, claims, is refused, resolves and gives back", async () => {
    const writer = { paidUser: true, credits: 500 };
    const [ann, ben, mallory] = [
      await createLoggedInMember(app, writer),
      await createLoggedInMember(app, writer),
      await createLoggedInMember(app, { ...writer, photoCount: 1, profile: { about: "Hi!" } }),
    ];
    const conversation = await open(ann, mallory);
    await send(mallory, conversation, "Send me a gift card");
    await sendImage(mallory, conversation, await makePhoneJpeg(320, 240));
    const caseId = await reportThrough(app, ann, mallory, "scam", { conversation });
    await reportThrough(app, ben, mallory, "other", { note: "Odd" });
    const [moderator, other] = [
      await createSignedInStaff(app, "moderator"),
      await createSignedInStaff(app, "moderator"),
    ];
    const params = { id: caseId };

    expect((await call("get", "/staff/reports")).status).toBe(403);
    const page = await call<ReportQueueAnswer>("get", "/staff/reports", {
      cookie: moderator.cookie,
      query: { limit: 1 },
    });
    expect(page.status).toBe(200);
    expect(page.body.cases).toHaveLength(1);
    const bad = await call("get", "/staff/reports", {
      cookie: moderator.cookie,
      query: { cursor: "x" },
    });
    expect(bad.status).toBe(422);

    const claim = (cookie: string) => call("post", "/staff/reports/{id}/claim", { cookie, params });
    expect((await claim(moderator.cookie)).status).toBe(200);
    expect((await claim(other.cookie)).status).toBe(409);
    expect(
      (
        await call("post", "/staff/reports/{id}/claim", {
          cookie: other.cookie,
          params: { id: "x" },
        })
      ).status,
    ).toBe(422);

    const resolve = (cookie: string, json: unknown) =>
      call("post", "/staff/reports/{id}/resolve", { cookie, params, json });
    expect((await resolve(other.cookie, { action: "dismiss", reason: "Mine now" })).status).toBe(
      403,
    );
    expect(
      (await resolve(moderator.cookie, { action: "suspend", reason: "Rude", days: 366 })).status,
    ).toBe(422);
    expect((await resolve(moderator.cookie, { action: "remove_photo", reason: "x" })).status).toBe(
      422,
    );
    const photo = { action: "remove_photo", reason: "Not them", photo_id: 2147483647 };
    expect((await resolve(moderator.cookie, photo)).status).toBe(404);

    const unclaim = (cookie: string) =>
      call("post", "/staff/reports/{id}/unclaim", { cookie, params });
    expect((await unclaim(other.cookie)).status).toBe(403);
    expect((await unclaim(moderator.cookie)).status).toBe(200);
    expect((await unclaim(moderator.cookie)).status).toBe(409);
    expect((await claim(other.cookie)).status).toBe(200);
    expect(
      (await resolve(other.cookie, { action: "remove_text", reason: "Off-site" })).status,
    ).toBe(200);
    expect((await resolve(other.cookie, { action: "dismiss", reason: "Again" })).status).toBe(409);
    expect(
      (
        await call("post", "/staff/reports/{id}/claim", {
          cookie: other.cookie,
          params: { id: 2147483647 },
        })
      ).status,
    ).toBe(404);

    // The member's next report opens a new case, which shows the resolved one in its history.
    await reportThrough(app, await createLoggedInMember(app), mallory, "spam");
    const mine = await call<ReportQueueAnswer>("get", "/staff/reports", {
      cookie: other.cookie,
      query: { claimed: "unclaimed", limit: 50 },
    });
    const fresh = mine.body.cases.find((found) => found.member.user_id === mallory.user.id);
    expect(fresh?.member.earlier_cases.map((past) => past.action)).toEqual(["remove_text"]);

    // A case resolved with a ban: the member's account action, as documented.
    const next = { id: fresh?.id ?? 0 };
    await call("post", "/staff/reports/{id}/claim", { cookie: other.cookie, params: next });
    const banned = await call("post", "/staff/reports/{id}/resolve", {
      cookie: other.cookie,
      params: next,
      json: { action: "ban", reason: "Scammer" },
    });
    expect(banned.status).toBe(200);
  });
});
