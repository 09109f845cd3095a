import { beforeEach, describe, expect, it } from "vitest";
import type { OwnPhotos, PhotoView } from "../../contract/photos";
import type { ProfileDetail } from "../../contract/profiles";
import type { MemberSearchPage } from "../../contract/search";
import { memberCaller } from "../../test/api";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { assertNotBlocked, isBlockedBetween } from "./service";

const app = createApp();
// A country no other test file uses, so search results hold on a shared PostgreSQL server too.
const COUNTRY = "ie";

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

const call = memberCaller(app);

async function searchIds(viewer: Member): Promise<number[]> {
  const response = await call("GET", `/api/search.php?country=${COUNTRY}`, viewer.cookie);
  const page = (await response.json()) as MemberSearchPage;
  return page.profiles.map((profile) => profile.id);
}

describe("blocking (spec §6)", () => {
  let blocker: Member;
  let blocked: Member;
  let bystander: Member;

  beforeEach(async () => {
    blocker = await createLoggedInMember(app, {
      photoCount: 3,
      profile: { name: "Blocker", country: COUNTRY },
    });
    blocked = await createLoggedInMember(app, {
      paidUser: true,
      credits: 100,
      profile: { name: "Blocked", country: COUNTRY },
    });
    bystander = await createLoggedInMember(app, {
      profile: { name: "Bystander", country: COUNTRY },
    });
    const response = await call("POST", "/api/block.php", blocker.cookie, {
      id: blocked.profile.id,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ blocked: true });
  });

  it("hides the blocker's profile from the blocked member, as if it did not exist", async () => {
    const response = await call("GET", `/api/profile.php?id=${blocker.profile.id}`, blocked.cookie);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "not_found" });
  });

  it("still shows the blocker the blocked member's profile, marked blocked, to unblock it", async () => {
    const response = await call("GET", `/api/profile.php?id=${blocked.profile.id}`, blocker.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ blocked: true });
  });

  it("gives the blocked member no URL of the blocker's photos, and refuses one rewritten", async () => {
    const photo = blocker.photos[0];
    if (!photo) throw new Error("no photo");
    const answersTo = async (viewer: Member) => [
      await call("GET", `/api/profile.php?id=${blocker.profile.id}`, viewer.cookie),
      await call("GET", `/api/search.php?country=${COUNTRY}`, viewer.cookie),
      // Related members: the blocker is among the bystander's (same country, newest).
      await call("GET", `/api/profile.php?id=${bystander.profile.id}`, viewer.cookie),
    ];
    for (const answer of await answersTo(blocked)) {
      const text = await answer.text();
      expect(text).not.toContain(photo.storageKey);
      expect(text).not.toContain(photo.blurKey);
    }
    // The same answers to anyone else carry the blocker's photo, so the check above is not empty.
    for (const answer of await answersTo(bystander)) {
      expect(await answer.text()).toContain(photo.storageKey);
    }
    // The blocker's own URLs, with the viewer changed to the blocked member, open nothing.
    const own = (await (await call("GET", "/api/photos.php", blocker.cookie)).json()) as OwnPhotos;
    const main = own.photos[0] as PhotoView;
    for (const url of [main.match, main.thumb]) {
      expect((await call("GET", url, blocker.cookie)).status, url).toBe(200);
      const rewritten = url.replace(/\?v=[0-9]+&/, `?v=${blocked.user.id}&`);
      expect(rewritten).not.toBe(url);
      expect((await call("GET", rewritten, blocked.cookie)).status, rewritten).toBe(404);
    }
    // Without a signature, the bare keys open nothing either.
    for (const url of [
      `/media/${photo.storageKey}-main.webp`,
      `/media/${photo.storageKey}-thumb.webp`,
      `/media/${photo.blurKey}.webp`,
    ]) {
      expect((await call("GET", url, blocked.cookie)).status, url).toBe(404);
    }
  });

  it("leaves each out of the other's search results", async () => {
    expect(await searchIds(blocked)).not.toContain(blocker.profile.id);
    expect(await searchIds(blocker)).not.toContain(blocked.profile.id);
  });

  it("refuses likes and gifts in both directions, so neither can reach the other", async () => {
    for (const [from, to] of [
      [blocked, blocker],
      [blocker, blocked],
    ] as const) {
      expect((await call("POST", "/api/like.php", from.cookie, { id: to.profile.id })).status).toBe(
        404,
      );
      const gift = await call("POST", "/api/gift.php", from.cookie, {
        id: to.profile.id,
        gift: "rose",
      });
      expect(gift.status).toBe(404);
    }
  });

  it("refuses messages both ways through the check chat uses", async () => {
    const db = await getDb();
    expect(await isBlockedBetween(db, blocked.profile.id, blocker.profile.id)).toBe(true);
    await expect(
      assertNotBlocked(db, blocked.profile.id, blocker.profile.id),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      assertNotBlocked(db, blocker.profile.id, blocked.profile.id),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it("restores everything on unblock", async () => {
    const response = await call(
      "DELETE",
      `/api/block.php?id=${blocked.profile.id}`,
      blocker.cookie,
    );
    expect(await response.json()).toEqual({ blocked: false });
    expect(
      (await call("GET", `/api/profile.php?id=${blocker.profile.id}`, blocked.cookie)).status,
    ).toBe(200);
    const profile = (await (
      await call("GET", `/api/profile.php?id=${blocker.profile.id}`, blocked.cookie)
    ).json()) as ProfileDetail;
    const main = profile.photos[0] as PhotoView;
    expect(main.match).toContain(blocker.photos[0]?.storageKey);
    expect((await call("GET", main.match, blocked.cookie)).status).toBe(200);
    expect(await searchIds(blocked)).toContain(blocker.profile.id);
    expect(
      (await call("POST", "/api/like.php", blocked.cookie, { id: blocker.profile.id })).status,
    ).toBe(200);
    expect(await isBlockedBetween(await getDb(), blocked.profile.id, blocker.profile.id)).toBe(
      false,
    );
  });

  it("refuses blocking oneself, an unknown profile, and a logged-out visitor", async () => {
    expect(
      (await call("POST", "/api/block.php", blocker.cookie, { id: blocker.profile.id })).status,
    ).toBe(422);
    expect((await call("POST", "/api/block.php", blocker.cookie, { id: 99999999 })).status).toBe(
      404,
    );
    expect((await call("POST", "/api/block.php", "", { id: blocked.profile.id })).status).toBe(403);
  });
});
