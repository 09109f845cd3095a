import { beforeAll, describe, expect, it } from "vitest";
import type { ProfileDetail } from "../../contract/profiles";
import { createLoggedInMember, createTestMember } from "../../test/members";
import { createApp } from "../app";
import { getDb } from "../db/client";

const app = createApp();

describe("GET /api/profile.php", () => {
  let profileId: number;
  let memberCookie: string;

  beforeAll(async () => {
    const db = await getDb();
    const { profile } = await createTestMember(db, {
      photoCount: 4,
      profile: {
        name: "Noor",
        country: "nl",
        fictional: true,
        about: "<b>Not HTML</b>",
        interests: ["travel", "yoga"],
      },
    });
    profileId = profile.id;
    memberCookie = (await createLoggedInMember(app)).cookie;
  });

  it("shows a logged-out visitor the main photo only and no URL for the rest", async () => {
    const response = await app.request(`/api/profile.php?id=${profileId}`);
    expect(response.status).toBe(200);
    const profile = (await response.json()) as ProfileDetail;
    expect(profile).toMatchObject({ name: "Noor", fictional: true, interests: ["travel", "yoga"] });
    expect(profile.photos).toHaveLength(4);
    expect(profile.photos[0]).toHaveProperty("match");
    for (const photo of profile.photos.slice(1)) {
      expect(photo).toEqual({ id: expect.any(Number), locked: true, blurred: expect.any(String) });
    }
  });

  it("shows a logged-in free member the first two photos", async () => {
    const response = await app.request(`/api/profile.php?id=${profileId}`, {
      headers: { cookie: memberCookie },
    });
    const profile = (await response.json()) as ProfileDetail;
    expect(profile.photos.map((photo) => "match" in photo)).toEqual([true, true, false, false]);
    expect(profile).toMatchObject({ is_own: false, liked: false, blocked: false });
  });

  it("names the region in the viewer's language from its ISO 3166-2 code", async () => {
    const response = await app.request(`/api/profile.php?id=${profileId}`);
    expect(await response.json()).toMatchObject({ region: "NL-UT", region_name: "Utrecht" });
  });

  it("answers an unknown profile with a translated 404", async () => {
    const response = await app.request("/api/profile.php?id=999999", {
      headers: { cookie: "locale=nl" },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: "not_found",
      message: "Dit profiel is niet beschikbaar",
    });
  });

  it("refuses an id that is not a number", async () => {
    const response = await app.request("/api/profile.php?id=abc");
    expect(response.status).toBe(422);
  });
});
