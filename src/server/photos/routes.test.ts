import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { OwnPhotos, PhotoView } from "../../contract/photos";
import type { ProfileDetail } from "../../contract/profiles";
import type { MemberSearchPage } from "../../contract/search";
import { makePhoneJpeg, makePng, makePngBomb } from "../../test/images";
import { createLoggedInMember, createTestMember } from "../../test/members";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { getTranslate } from "../lib/i18n";
import { defaultSite } from "../sites/registry";
import {
  createMediaSigner,
  MEDIA_URL_BUCKET_SECONDS,
  MEDIA_URL_LIFETIME_SECONDS,
} from "./media-url";
import { UPLOAD_LIMITS } from "./processing";
import { type Photo, photos } from "./schema";

const app = createApp();

function upload(cookie: string, bytes: Uint8Array, name = "me.jpg", type = "image/jpeg") {
  const form = new FormData();
  form.append("photo", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return app.request("/api/photos.php", { method: "POST", body: form, headers: { cookie } });
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

function media(url: string, cookie?: string, headers: Record<string, string> = {}) {
  return app.request(url, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

/** Every /media URL in an answer. */
function mediaUrlsIn(answer: unknown): string[] {
  return JSON.stringify(answer).match(/[^"]*\/media\/[^"]+/g) ?? [];
}

describe("POST /api/photos.php", () => {
  it("stores a phone photo upright, without EXIF or GPS, and makes it the main photo", async () => {
    const member = await createLoggedInMember(app);
    const response = await upload(member.cookie, await makePhoneJpeg(800, 600));
    expect(response.status).toBe(201);
    const own = await json<OwnPhotos>(response);
    expect(own.photos).toHaveLength(1);
    expect(own.main_id).toBe(own.photos[0]?.id);
    expect(own.limit).toBe(3);

    const photo = own.photos[0] as PhotoView;
    for (const url of [photo.thumb, photo.match, photo.large]) {
      const stored = await media(url, member.cookie);
      expect(stored.status).toBe(200);
      expect(stored.headers.get("content-type")).toBe("image/webp");
      const bytes = Buffer.from(await stored.arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(bytes.includes("TestPhone")).toBe(false);
    }
    const large = await sharp(
      Buffer.from(await (await media(photo.large, member.cookie)).arrayBuffer()),
    ).metadata();
    expect(large.height).toBeGreaterThan(large.width ?? 0);
  });

  it("lets a free member have 3 photos and refuses the 4th with the premium message", async () => {
    const member = await createLoggedInMember(app, { photoCount: 2 });
    expect(
      (await upload(member.cookie, await makePng(400, 500), "x.png", "image/png")).status,
    ).toBe(201);
    const refused = await upload(member.cookie, await makePng(400, 500), "y.png", "image/png");
    expect(refused.status).toBe(403);
    const body = await json<{ error: string; message: string }>(refused);
    expect(body.error).toBe("photo_limit");
    expect(body.message).toContain("25");
  });

  it("lets a premium member have 25 photos and no more", async () => {
    const member = await createLoggedInMember(app, { paidUser: true, photoCount: 24 });
    expect((await upload(member.cookie, await makePng(400, 500))).status).toBe(201);
    const refused = await upload(member.cookie, await makePng(400, 500));
    expect(refused.status).toBe(403);
    expect((await json<{ message: string }>(refused)).message).toMatch(/25 photos/);
  });

  it("refuses what is not a photo, whatever its name and type claim", async () => {
    const member = await createLoggedInMember(app);
    const text = new TextEncoder().encode("just some text, not a picture");
    const claimed = await upload(member.cookie, text, "holiday.jpg", "image/jpeg");
    expect(claimed.status).toBe(422);
    expect(await json(claimed)).toMatchObject({ error: "photo_not_image" });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    expect((await upload(member.cookie, svg, "me.png", "image/png")).status).toBe(422);
  });

  it("accepts a real photo sent with a wrong type claim, judged by its bytes", async () => {
    const member = await createLoggedInMember(app);
    const png = await makePng(400, 500);
    const response = await upload(member.cookie, png, "photo.jpg", "image/jpeg");
    expect(response.status).toBe(201);
  });

  it("refuses a decompression bomb and a file over 15 MB with clear messages", async () => {
    const member = await createLoggedInMember(app, { language: "de" });
    const bomb = await upload(member.cookie, makePngBomb(), "bomb.png", "image/png");
    expect(bomb.status).toBe(422);
    const bombBody = await json<{ error: string; message: string }>(bomb);
    expect(bombBody.error).toBe("photo_too_many_pixels");
    expect(bombBody.message).toMatch(/Megapixel/);

    const huge = new Uint8Array(UPLOAD_LIMITS.maxBytes + 200_000);
    huge.set([0xff, 0xd8, 0xff]);
    const tooBig = await upload(member.cookie, huge);
    expect(tooBig.status).toBe(413);
    expect(await json(tooBig)).toMatchObject({ error: "photo_too_large" });
  });

  it("asks a logged-out visitor to log in", async () => {
    const form = new FormData();
    form.append("photo", new File([new Uint8Array(await makePng(300, 300))], "a.png"));
    const response = await app.request("/api/photos.php", { method: "POST", body: form });
    expect(response.status).toBe(403);
    expect(await json(response)).toMatchObject({ error: "authentication_required" });
  });
});

describe("PATCH and DELETE /api/photos.php", () => {
  it("reorders, picks the main photo, and deletes with the next photo becoming main", async () => {
    const member = await createLoggedInMember(app, { photoCount: 3 });
    const [first, second, third] = member.photos.map((photo) => photo.id) as [
      number,
      number,
      number,
    ];

    const reordered = await app.request("/api/photos.php", {
      method: "PATCH",
      headers: { cookie: member.cookie, "content-type": "application/json" },
      body: JSON.stringify({ order: [third, second, first], main_id: second }),
    });
    expect(reordered.status).toBe(200);
    const own = await json<OwnPhotos>(reordered);
    expect(own.main_id).toBe(second);
    expect(own.photos.map((photo) => photo.id)).toEqual([second, third, first]);

    const deleted = await app.request(`/api/photos.php?id=${second}`, {
      method: "DELETE",
      headers: { cookie: member.cookie },
    });
    const after = await json<OwnPhotos>(deleted);
    expect(after.photos.map((photo) => photo.id)).toEqual([third, first]);
    expect(after.main_id).toBe(third);
    const gone = own.photos.find((photo) => photo.id === second) as PhotoView;
    expect((await media(gone.match, member.cookie)).status).toBe(404);
  });

  it("refuses someone else's photo and an order that leaves photos out", async () => {
    const owner = await createTestMember(await getDb(), { photoCount: 1 });
    const member = await createLoggedInMember(app, { photoCount: 2 });
    const foreign = owner.photos[0]?.id as number;
    const deleted = await app.request(`/api/photos.php?id=${foreign}`, {
      method: "DELETE",
      headers: { cookie: member.cookie },
    });
    expect(deleted.status).toBe(404);
    const partial = await app.request("/api/photos.php", {
      method: "PATCH",
      headers: { cookie: member.cookie, "content-type": "application/json" },
      body: JSON.stringify({ order: [member.photos[0]?.id] }),
    });
    expect(partial.status).toBe(422);
  });
});

describe("locked photos (spec §1, §6; design §8)", () => {
  let ownerId: number;
  let ownerUrls: PhotoView[];
  let free: Member;
  let premium: Member;

  beforeAll(async () => {
    const owner = await createLoggedInMember(app, { photoCount: 4 });
    ownerId = owner.profile.id;
    ownerUrls = (
      await json<OwnPhotos>(
        await app.request("/api/photos.php", { headers: { cookie: owner.cookie } }),
      )
    ).photos;
    free = await createLoggedInMember(app);
    premium = await createLoggedInMember(app, { paidUser: true });
  });

  async function profileFor(viewer?: Member) {
    return json<ProfileDetail>(
      await app.request(`/api/profile.php?id=${ownerId}`, {
        headers: viewer ? { cookie: viewer.cookie } : {},
      }),
    );
  }

  /** The media files a photo's URLs name, whoever they were minted for. */
  const filesOf = (photo: PhotoView) =>
    [photo.thumb, photo.match, photo.large].map((url) => new URL(url, "http://x").pathname);

  it("sends a free member two photos and only blurred stand-ins of the rest", async () => {
    const profile = await profileFor(free);
    expect(profile.photos.slice(0, 2).every((photo) => "match" in photo)).toBe(true);
    expect(profile.photos.slice(2).every((photo) => "locked" in photo && photo.blurred)).toBe(true);
    expect(profile.locked_count).toBe(2);
    const text = JSON.stringify(profile);
    for (const photo of ownerUrls.slice(2)) {
      expect(text.includes(photo.filename.replace("-main.webp", ""))).toBe(false);
    }
  });

  it("gives a free member no URL that opens the third photo, only its blurred stand-in", async () => {
    const profile = await profileFor(free);
    const urls = mediaUrlsIn(profile);
    const third = ownerUrls[2] as PhotoView;
    for (const file of filesOf(third)) {
      expect(urls.some((url) => url.startsWith(`${file}?`))).toBe(false);
    }
    // Every URL the free member got opens: the first two photos and the stand-ins.
    for (const url of urls) expect((await media(url)).status, url).toBe(200);
    // Their URL of the first photo, pointed at the third's file, opens nothing.
    const first = profile.photos[0] as PhotoView;
    const [thirdMain] = filesOf(third).slice(1);
    expect((await media(first.match.replace(/^[^?]+/, thirdMain as string))).status).toBe(404);
  });

  it("refuses the owner's URLs of locked photos rewritten for a free member", async () => {
    for (const photo of ownerUrls.slice(2)) {
      for (const url of [photo.thumb, photo.match, photo.large]) {
        const rewritten = url.replace(/\?v=[0-9]+&/, `?v=${free.user.id}&`);
        expect(rewritten).not.toBe(url);
        expect((await media(rewritten, free.cookie)).status).toBe(404);
      }
    }
  });

  it("shows a logged-out visitor the main photo only", async () => {
    const profile = await profileFor();
    expect("match" in (profile.photos[0] ?? {})).toBe(true);
    expect(profile.photos.slice(1).every((photo) => "locked" in photo)).toBe(true);
    const urls = mediaUrlsIn(profile);
    expect(urls.every((url) => url.includes("?v=0&"))).toBe(true);
    expect((await media((profile.photos[0] as PhotoView).thumb)).status).toBe(200);
    for (const photo of ownerUrls.slice(1)) {
      for (const file of filesOf(photo)) {
        expect(urls.some((url) => url.startsWith(`${file}?`))).toBe(false);
      }
    }
  });

  it("shows a premium member every photo", async () => {
    const profile = await profileFor(premium);
    expect(profile.photos.every((photo) => "match" in photo)).toBe(true);
    expect(profile.locked_count).toBe(0);
    for (const photo of profile.photos as PhotoView[]) {
      expect((await media(photo.large)).status).toBe(200);
    }
  });

  it("answers a guessed key with 404 and never reads outside the media folder", async () => {
    expect(
      (await media("/media/p/00/000000000000000000000000-main.webp", premium.cookie)).status,
    ).toBe(404);
    for (const path of [
      "/media/../package.json",
      "/media/p/%2e%2e/%2e%2e/package.json",
      "/media/.env",
    ]) {
      expect((await media(path)).status, path).toBe(404);
    }
  });
});

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
