import { beforeAll, describe, expect, it } from "vitest";
import type { OwnPhotos, PhotoView } from "../../contract/photos";
import type { ProfileDetail } from "../../contract/profiles";
import { createLoggedInMember } from "../../test/members";
import { createMediaFetcher, json, mediaUrlsIn } from "../../test/photos";
import { createApp } from "../app";

/* Which photos of a profile a viewer is sent, and which files their URLs open (spec §1, §6). */

const app = createApp();
const media = createMediaFetcher(app);

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;

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
