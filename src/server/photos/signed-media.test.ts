import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OwnPhotos, PhotoView } from "../../contract/photos";
import type { ProfileDetail } from "../../contract/profiles";
import type { MemberSearchPage } from "../../contract/search";
import { createLoggedInMember } from "../../test/members";
import { createMediaFetcher, json } from "../../test/photos";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { getTranslate } from "../lib/i18n";
import { defaultSite } from "../sites/registry";
import {
  createMediaSigner,
  MEDIA_URL_BUCKET_SECONDS,
  MEDIA_URL_LIFETIME_SECONDS,
} from "./media-url";
import { type Photo, photos } from "./schema";

/* The signed, expiring /media URLs every photo is sent with (design §8). */

const app = createApp();
const media = createMediaFetcher(app);

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

describe("signed media URLs (design §8)", () => {
  let owner: Member;
  let viewer: Member;
  let photo: PhotoView;

  async function ownerProfileFor(member: Member) {
    return json<ProfileDetail>(
      await app.request(`/api/profile.php?id=${owner.profile.id}`, {
        headers: { cookie: member.cookie },
      }),
    );
  }

  beforeAll(async () => {
    owner = await createLoggedInMember(app, { photoCount: 2 });
    viewer = await createLoggedInMember(app, { paidUser: true });
    // The second photo: a visitor may not see it, so only the URL can be letting the viewer in.
    photo = (await ownerProfileFor(viewer)).photos[1] as PhotoView;
  });

  /** The URL with one query parameter set to another value, the rest kept. */
  function withParam(url: string, name: string, value: string): string {
    const parsed = new URL(url, "http://x");
    parsed.searchParams.set(name, value);
    return `${parsed.pathname}${parsed.search}`;
  }

  it("opens a minted URL without the viewer's cookie: the URL is the permission", async () => {
    expect(photo.thumb).toMatch(new RegExp(`\\?v=${viewer.user.id}&e=[0-9]+&s=[\\w-]{22}$`));
    const response = await media(photo.thumb);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
  });

  it("lets shared caches keep a file until its URL expires, and no longer", async () => {
    const response = await media(photo.thumb);
    const expires = Number(new URL(photo.thumb, "http://x").searchParams.get("e"));
    const cacheControl = response.headers.get("cache-control") ?? "";
    const maxAge = Number(/^public, max-age=([0-9]+)$/.exec(cacheControl)?.[1]);
    const now = Math.floor(Date.now() / 1000);
    expect(maxAge, cacheControl).toBeGreaterThan(MEDIA_URL_LIFETIME_SECONDS - 60);
    expect(now + maxAge).toBeLessThanOrEqual(expires);
    expect(response.headers.get("vary")).toBeNull();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses an expired URL with the JSON error in the visitor's language", async () => {
    const past = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const expired = createMediaSigner(defaultSite, viewer.user, past).url(photo.filename);
    const response = await media(expired, "locale=de");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: "not_found",
      message: getTranslate("de")("error.mediaUnavailable"),
    });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses a URL without a signature, or with its file, expiry or signature changed", async () => {
    const [path = "", query = ""] = photo.match.split("?");
    const { searchParams } = new URL(photo.match, "http://x");
    const signature = searchParams.get("s") ?? "";
    const expires = Number(searchParams.get("e"));
    for (const url of [
      path,
      `${path}?${query.replace(/&s=.*/, "")}`,
      `${path.replace("-main.webp", "-large.webp")}?${query}`,
      withParam(photo.match, "e", String(expires + MEDIA_URL_BUCKET_SECONDS)),
      withParam(photo.match, "s", `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`),
    ]) {
      expect((await media(url, viewer.cookie)).status, url).toBe(404);
    }
    expect((await media(photo.match)).status).toBe(200);
  });

  it("refuses another viewer's URL with the viewer changed", async () => {
    for (const id of [owner.user.id, 0, viewer.user.id + 1]) {
      const url = withParam(photo.match, "v", String(id));
      expect((await media(url, owner.cookie)).status, url).toBe(404);
    }
  });

  it("mints nothing of a photo that is not active, except for its owner", async () => {
    // A country no other test file uses, so the search below finds this member alone.
    const member = await createLoggedInMember(app, { photoCount: 2, profile: { country: "lu" } });
    const [main, second] = member.photos as [Photo, Photo];
    await (await getDb()).update(photos).set({ status: "pending" }).where(eq(photos.id, main.id));

    const found = await json<MemberSearchPage>(
      await app.request("/api/search.php?country=lu", { headers: { cookie: viewer.cookie } }),
    );
    expect(found.profiles.map((card) => card.id)).toEqual([member.profile.id]);
    expect(found.profiles[0]?.main_image).toBeNull();
    const profile = await json<ProfileDetail>(
      await app.request(`/api/profile.php?id=${member.profile.id}`, {
        headers: { cookie: viewer.cookie },
      }),
    );
    expect(profile.photos.map((photo) => photo.id)).toEqual([second.id]);
    for (const answer of [found, profile]) {
      expect(JSON.stringify(answer)).not.toContain(main.storageKey);
    }

    const own = await json<OwnPhotos>(
      await app.request("/api/photos.php", { headers: { cookie: member.cookie } }),
    );
    const pending = own.photos.find((photo) => photo.id === main.id) as PhotoView;
    expect(pending.status).toBe("pending");
    expect((await media(pending.thumb)).status).toBe(200);
  });

  it("gives one viewer byte-identical URLs from answer to answer, and another viewer others", async () => {
    const thumbFor = async (member: Member) =>
      ((await ownerProfileFor(member)).photos[0] as PhotoView).thumb;
    const [first, second] = [await thumbFor(viewer), await thumbFor(viewer)];
    // Two answers fall into one 10-minute bucket unless one just ended between them; then the
    // next answer shares the second one's.
    expect(first === second || (await thumbFor(viewer)) === second).toBe(true);
    expect(await thumbFor(owner)).not.toBe(second);
  });
});
