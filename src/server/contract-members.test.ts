import { describe, expect, it } from "vitest";
import type { OwnPhotos } from "../contract/photos";
import { createContractClient, photoForm } from "../test/contract";
import { makePhoneJpeg, makePng } from "../test/images";
import { createLoggedInMember, createTestMember } from "../test/members";
import { createApp } from "./app";
import { getDb } from "./db/client";

/**
 * Journeys of members among each other (search, profiles, likes, swipes), and of a member's
 * photos and push subscription: every answer must be declared in the OpenAPI document and match
 * its route's schema (src/test/contract.ts; design §6).
 */

const app = createApp();
const { call } = createContractClient(app);

describe("every answer of a journey through the API matches the document", () => {
  it("for members finding, opening, liking, blocking and gifting each other", async () => {
    const member = await createLoggedInMember(app, { credits: 100 });
    const other = await createTestMember(await getDb(), { photoCount: 3 });
    const poor = await createLoggedInMember(app);
    const cookie = member.cookie;
    const id = other.profile.id;

    expect((await call("get", "/search.php")).status).toBe(200);
    expect((await call("get", "/search.php", { cookie, query: { gender: "female" } })).status).toBe(
      200,
    );
    expect((await call("get", "/search.php", { headers: { host: "127.0.0.1" } })).status).toBe(403);
    expect((await call("get", "/search.php", { query: { min_age: 5 } })).status).toBe(422);

    const visitorView = await call<{ locked_count: number }>("get", "/profile.php", {
      query: { id },
    });
    expect(visitorView.status).toBe(200);
    expect(visitorView.body.locked_count).toBe(2);
    expect((await call("get", "/profile.php", { cookie, query: { id } })).status).toBe(200);
    expect((await call("get", "/profile.php", { cookie })).status).toBe(200);
    expect((await call("get", "/profile.php")).status).toBe(403);
    expect((await call("get", "/profile.php", { query: { id: 2_000_000 } })).status).toBe(404);
    expect((await call("get", "/profile.php", { query: { id: "me" } })).status).toBe(422);
    const step = { cookie, json: { step: 1, hair_color: "red", height: 172 } };
    expect((await call("put", "/profile.php", step)).status).toBe(200);
    const tooSmall = { cookie, json: { step: 1, height: 20 } };
    expect((await call("put", "/profile.php", tooSmall)).status).toBe(422);

    expect((await call("post", "/like.php", { cookie, json: { id } })).status).toBe(200);
    const self = { cookie, json: { id: member.profile.id } };
    expect((await call("post", "/like.php", self)).status).toBe(422);
    expect((await call("post", "/like.php", { cookie, json: { id: 2_000_000 } })).status).toBe(404);
    expect((await call("delete", "/like.php", { cookie, query: { id } })).status).toBe(200);
    expect((await call("post", "/like.php", { cookie, json: { id } })).status).toBe(200);
    for (const type of ["received", "given", "matches"]) {
      expect((await call("get", "/likes.php", { cookie, query: { type } })).status).toBe(200);
    }
    expect((await call("get", "/likes.php", { cookie, query: { type: "all" } })).status).toBe(422);
    expect((await call("get", "/likes.php")).status).toBe(403);

    const gift = { id, gift: "rose" };
    expect((await call("post", "/gift.php", { cookie, json: gift })).status).toBe(200);
    expect((await call("post", "/gift.php", { cookie: poor.cookie, json: gift })).status).toBe(402);

    expect((await call("post", "/block.php", self)).status).toBe(422);
    expect((await call("post", "/block.php", { cookie, json: { id } })).status).toBe(200);
    expect((await call("delete", "/block.php", { cookie, query: { id } })).status).toBe(200);
    expect((await call("post", "/block.php", { cookie, json: { id } })).status).toBe(200);

    const exported = await call<{ likes: unknown[]; gifts_sent: unknown[] }>("get", "/export.php", {
      cookie,
    });
    expect(exported.status).toBe(200);
    expect(exported.body.likes).toHaveLength(1);
    expect(exported.body.gifts_sent).toHaveLength(1);
    expect((await call("get", "/export.php")).status).toBe(403);
  });

  it("for members swiping, being offered someone, and seeing their match", async () => {
    const me = await createLoggedInMember(app, {
      profile: { gender: "female", seeking: "male", birthdate: "1960-01-01" },
    });
    const cookie = me.cookie;
    const fits = async () =>
      createTestMember(await getDb(), {
        photoCount: 1,
        profile: { gender: "male", seeking: "female", birthdate: "1961-01-01" },
      });
    const [first, second] = [(await fits()).profile.id, (await fits()).profile.id];

    expect((await call("get", "/swipe.php", { cookie })).status).toBe(200);
    expect((await call("get", "/swipe.php", { cookie, query: { exclude: first } })).status).toBe(
      200,
    );
    expect((await call("get", "/swipe.php", { cookie, query: { exclude: "x" } })).status).toBe(422);
    expect((await call("get", "/swipe.php")).status).toBe(403);
    const pass = { cookie, json: { id: first, action: "pass" } };
    expect((await call("post", "/swipe.php", pass)).status).toBe(200);
    expect((await call("post", "/swipe-undo.php", { cookie })).status).toBe(200);
    const like = { cookie, json: { id: second, action: "like" } };
    expect((await call("post", "/swipe.php", like)).status).toBe(200);
    const bad = { cookie, json: { id: second, action: "superlike" } };
    expect((await call("post", "/swipe.php", bad)).status).toBe(422);
    expect(
      (await call("post", "/swipe.php", { json: { id: second, action: "like" } })).status,
    ).toBe(403);
    expect((await call("get", "/auto-like.php", { cookie })).status).toBe(200);
    expect((await call("get", "/auto-like.php")).status).toBe(403);
    expect((await call("post", "/auto-like.php", { cookie })).status).toBe(200);
    expect((await call("post", "/auto-like.php")).status).toBe(403);
    expect((await call("post", "/match-seen.php", { cookie, json: { id: second } })).status).toBe(
      200,
    );
    expect((await call("post", "/match-seen.php", { cookie, json: { id: 0 } })).status).toBe(422);
    expect((await call("post", "/like-seen.php", { cookie, json: { id: second } })).status).toBe(
      200,
    );
    expect((await call("post", "/like-seen.php", { json: { id: second } })).status).toBe(403);
  });

  it("for a member turning push notifications on and off in a browser", async () => {
    const member = await createLoggedInMember(app);
    const subscription = {
      endpoint: "https://fcm.googleapis.com/fcm/send/contract-test",
      expirationTime: null,
      keys: {
        p256dh: `B${"A".repeat(86)}`,
        auth: "A".repeat(22),
      },
    };
    const saved = await call("post", "/push-subscription.php", {
      cookie: member.cookie,
      json: { subscription },
    });
    expect(saved.status).toBe(200);
    const refused = await call("post", "/push-subscription.php", {
      cookie: member.cookie,
      json: { subscription: { ...subscription, endpoint: "https://10.0.0.1/push" } },
    });
    expect(refused).toMatchObject({ status: 422, body: { error: "push_service_refused" } });
    expect((await call("post", "/push-subscription.php", { json: { subscription } })).status).toBe(
      403,
    );
    const removed = await call("delete", "/push-subscription.php", {
      cookie: member.cookie,
      json: { endpoint: subscription.endpoint },
    });
    expect(removed.status).toBe(200);
  });

  it("for a member managing their photos", async () => {
    const member = await createLoggedInMember(app, { photoCount: 1 });
    const full = await createLoggedInMember(app, { photoCount: 3 });
    const cookie = member.cookie;

    expect((await call("get", "/photos.php", { cookie })).status).toBe(200);
    expect((await call("get", "/photos.php")).status).toBe(403);
    const upload = await call<OwnPhotos>("post", "/photos.php", {
      cookie,
      form: photoForm(await makePhoneJpeg()),
    });
    expect(upload.status).toBe(201);
    const small = { cookie, form: photoForm(await makePng(100, 100)) };
    expect(await call("post", "/photos.php", small)).toMatchObject({
      status: 422,
      body: { error: "photo_too_small" },
    });
    expect(await call("post", "/photos.php", { cookie, form: photoForm(undefined) })).toMatchObject(
      { status: 422, body: { error: "validation" } },
    );
    const limit = { cookie: full.cookie, form: photoForm(await makePng(400, 500)) };
    expect((await call("post", "/photos.php", limit)).status).toBe(403);

    const [first = 0, second = 0] = upload.body.photos.map((photo) => photo.id);
    const arrange = { cookie, json: { order: [second, first], main_id: second } };
    expect((await call("patch", "/photos.php", arrange)).status).toBe(200);
    expect((await call("patch", "/photos.php", { cookie, json: { order: [first] } })).status).toBe(
      422,
    );
    const missing = { cookie, json: { main_id: 2_000_000 } };
    expect((await call("patch", "/photos.php", missing)).status).toBe(404);
    expect((await call("delete", "/photos.php", { cookie, query: { id: first } })).status).toBe(
      200,
    );
    expect((await call("delete", "/photos.php", { cookie, query: { id: first } })).status).toBe(
      404,
    );
  });
});
