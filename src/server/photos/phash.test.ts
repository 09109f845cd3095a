import sharp, { type Sharp } from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { hammingDistance, isSameImage, perceptualHash, SAME_IMAGE_THRESHOLD } from "./phash";
import { processPhoto } from "./processing";

/**
 * A photo-like 800×600 JPEG drawn from SVG: a sky-to-ground gradient, a sun, hills and a
 * figure; `variant` moves and recolours them, so that variants are different photos.
 */
async function makeScene(variant: 0 | 1): Promise<Buffer> {
  const [sky, ground, sunX, figureX] =
    variant === 0 ? ["#6ab0e8", "#3d7a2e", 620, 260] : ["#e8a06a", "#7a5a2e", 180, 540];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${ground}"/>
    </linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/>
    <circle cx="${sunX}" cy="120" r="70" fill="#fff3b0"/>
    <ellipse cx="${800 - sunX}" cy="560" rx="420" ry="200" fill="#2f5e24"/>
    <ellipse cx="${figureX}" cy="250" rx="60" ry="80" fill="#e0b090"/>
    <rect x="${figureX - 90}" y="330" width="180" height="270" rx="40" fill="#8a2040"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

let original: string;
let originalBytes: Buffer;

beforeAll(async () => {
  originalBytes = await makeScene(0);
  original = await perceptualHash(originalBytes);
});

async function distanceTo(image: Sharp): Promise<number> {
  return hammingDistance(original, await perceptualHash(await image.toBuffer()));
}

describe("perceptualHash", () => {
  it("is 16 hex digits, the same for the same bytes", async () => {
    expect(original).toMatch(/^[0-9a-f]{16}$/);
    expect(await perceptualHash(originalBytes)).toBe(original);
  });

  it.each([
    ["re-encoded as JPEG at quality 60", (s: Sharp) => s.jpeg({ quality: 60 })],
    ["resized to half", (s: Sharp) => s.resize(400, 300).jpeg()],
    ["converted to WebP", (s: Sharp) => s.webp({ quality: 75 })],
    ["slightly brightened", (s: Sharp) => s.modulate({ brightness: 1.15 }).jpeg()],
    // What another account could download from the site and upload again.
    [
      "as its stored large rendition",
      async (s: Sharp) => {
        const { renditions } = await processPhoto(await s.toBuffer());
        return sharp(renditions.large);
      },
    ],
  ])("knows the photo %s", async (_, change) => {
    const distance = await distanceTo(await change(sharp(originalBytes)));
    expect(distance).toBeLessThanOrEqual(SAME_IMAGE_THRESHOLD);
  });

  it("knows the photo stored sideways with an EXIF orientation", async () => {
    // Orientation 6: the pixels are stored turned left, and a viewer turns them right again.
    const sideways = await sharp(originalBytes).rotate(270).jpeg().toBuffer();
    const tagged = sharp(sideways).withMetadata({ orientation: 6 });
    expect(await distanceTo(tagged)).toBeLessThanOrEqual(SAME_IMAGE_THRESHOLD);
    // Without the tag the same pixels are another picture: the orientation is what matched.
    expect(await distanceTo(sharp(sideways))).toBeGreaterThan(SAME_IMAGE_THRESHOLD);
  });

  it("tells apart another photo, a mirrored copy and a heavy crop", async () => {
    expect(await distanceTo(sharp(await makeScene(1)))).toBeGreaterThan(SAME_IMAGE_THRESHOLD);
    expect(await distanceTo(sharp(originalBytes).flop().jpeg())).toBeGreaterThan(
      SAME_IMAGE_THRESHOLD,
    );
    const crop = { left: 160, top: 150, width: 320, height: 240 };
    expect(await distanceTo(sharp(originalBytes).extract(crop).jpeg())).toBeGreaterThan(
      SAME_IMAGE_THRESHOLD,
    );
  });

  it("hashes a transparent PNG as if laid on white", async () => {
    const drawing = (background: string) =>
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">${background}
        <circle cx="90" cy="100" r="60"/><rect x="180" y="20" width="90" height="160"/></svg>`);
    const transparent = await sharp(drawing("")).png().toBuffer();
    expect((await sharp(transparent).metadata()).hasAlpha).toBe(true);
    const onWhite = await sharp(drawing('<rect width="300" height="200" fill="#fff"/>'))
      .flatten()
      .png()
      .toBuffer();
    expect(await perceptualHash(transparent)).toBe(await perceptualHash(onWhite));
    expect(await perceptualHash(transparent)).not.toBe("0000000000000000");
  });
});

describe("hammingDistance and isSameImage", () => {
  it("counts the differing bits", () => {
    expect(hammingDistance("0000000000000000", "0000000000000000")).toBe(0);
    expect(hammingDistance("0000000000000000", "ffffffffffffffff")).toBe(64);
    expect(hammingDistance("8000000000000001", "0000000000000000")).toBe(2);
  });

  it("refuses anything but 16 hex digits", () => {
    expect(() => hammingDistance("abc", "0000000000000000")).toThrow();
    expect(() => hammingDistance("000000000000000g", "0000000000000000")).toThrow();
  });

  it("holds up to the threshold, which a caller may change", () => {
    const a = "0000000000000000";
    expect(isSameImage(a, "00000000000003ff")).toBe(true); // 10 bits
    expect(isSameImage(a, "00000000000007ff")).toBe(false); // 11 bits
    expect(isSameImage(a, "00000000000007ff", 12)).toBe(true);
  });
});
