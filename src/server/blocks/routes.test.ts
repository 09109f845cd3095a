import { beforeEach, describe, expect, it } from "vitest";
import type { MemberSearchPage } from "../../contract/search";
import { createLoggedInMember } from "../../test/members";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { assertNotBlocked, isBlockedBetween } from "./service";

const app = createApp();
// A country no other test file uses, so search results hold on a shared PostgreSQL server too.
const COUNTRY = "ie";

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

function call(method: string, path: string, cookie: string, body?: unknown) {
  return app.request(path, {
    method,
    headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function searchIds(viewer: Member): Promise<number[]> {
  const response = await call("GET", `/api/search.php?country=${COUNTRY}`, viewer.cookie);
  const page = (await response.json()) as MemberSearchPage;
  return page.profiles.map((profile) => profile.id);
}

describe("blocking (spec §6)", () => {
  let blocker: Member;
  let blocked: Member;

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

  it("refuses the blocker's photos to the blocked member, by direct URL too", async () => {
    const photo = blocker.photos[0];
    if (!photo) throw new Error("no photo");
    for (const url of [
      `/media/${photo.storageKey}-main.webp`,
      `/media/${photo.storageKey}-thumb.webp`,
      `/media/${photo.blurKey}.webp`,
    ]) {
      expect((await call("GET", url, blocked.cookie)).status, url).toBe(404);
      // Anyone else (here the blocker's own view) still gets them.
      expect((await call("GET", url, blocker.cookie)).status, url).toBe(200);
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
    const photo = blocker.photos[0];
    expect(
      (await call("GET", `/media/${photo?.storageKey}-main.webp`, blocked.cookie)).status,
    ).toBe(200);
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
