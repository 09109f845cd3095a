import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { OwnPhotos, PhotoView } from "../../contract/photos";
import { makePhoneJpeg, makePng, makePngBomb } from "../../test/images";
import { createLoggedInMember, createTestMember } from "../../test/members";
import { createMediaFetcher, json } from "../../test/photos";
import { createApp } from "../app";
import { getDb } from "../db/client";
import { UPLOAD_LIMITS } from "./processing";

/* The member's own photos through the API: uploading, ordering, deleting (design §8). */

const app = createApp();
const media = createMediaFetcher(app);

function upload(cookie: string, bytes: Uint8Array, name = "me.jpg", type = "image/jpeg") {
  const form = new FormData();
  form.append("photo", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return app.request("/api/photos.php", { method: "POST", body: form, headers: { cookie } });
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
