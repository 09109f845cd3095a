import { beforeAll, describe, expect, it } from "vitest";
import { getReadyDb } from "../startup";
import { createMediaSigner } from "./media-url";
import { orderGallery, photoAllowance, toGallery, toPhotoView } from "./service";

const photo = (id: number, position: number) => ({
  id,
  position,
  storageKey: `p/ab/key${id}`,
  blurKey: `b/cd/blur${id}`,
  status: "active" as const,
  width: 720,
  height: 900,
});

describe("photo URLs and locks", () => {
  // URLs are signed with the key start-up reads from the database.
  beforeAll(async () => {
    await getReadyDb();
  });

  it("prefixes every URL with the site's cdn_prefix and signs it for the viewer", () => {
    const media = createMediaSigner({ cdnPrefix: "https://cdn.example" }, { id: 12 });
    const signed = (file: string) =>
      new RegExp(`^https://cdn\\.example/media/${file}\\?v=12&e=[0-9]+&s=[\\w-]{22}$`);
    const view = toPhotoView(photo(1, 0), media);
    expect(view).toMatchObject({
      match: expect.stringMatching(signed("p/ab/key1-main\\.webp")),
      thumb: expect.stringMatching(signed("p/ab/key1-thumb\\.webp")),
      large: expect.stringMatching(signed("p/ab/key1-large\\.webp")),
      filename: "p/ab/key1-main.webp",
      thumb_filename: "p/ab/key1-thumb.webp",
    });
    const [, locked] = toGallery([photo(1, 0), photo(2, 1)], 1, media);
    expect(locked).toEqual({
      id: 2,
      locked: true,
      blurred: expect.stringMatching(signed("b/cd/blur2\\.webp")),
    });
  });

  it("puts the main photo first, then the member's order", () => {
    const ordered = orderGallery([photo(1, 0), photo(2, 2), photo(3, 1)], 2);
    expect(ordered.map((row) => row.id)).toEqual([2, 1, 3]);
  });

  it("allows a visitor one photo, a free member two, a premium member and the owner all", () => {
    expect(photoAllowance(null, 7)).toBe(1);
    expect(photoAllowance({ profileId: 1, isPremium: false }, 7)).toBe(2);
    expect(photoAllowance({ profileId: 1, isPremium: true }, 7)).toBe(Number.POSITIVE_INFINITY);
    expect(photoAllowance({ profileId: 7, isPremium: false }, 7)).toBe(Number.POSITIVE_INFINITY);
  });
});
