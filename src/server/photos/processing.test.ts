import exifReader from "exif-reader";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makePhoneJpeg, makePng, makePngBomb } from "../../test/images";
import { PhotoRejectedError, processPhoto, sniffImageType, UPLOAD_LIMITS } from "./processing";

/** A landscape PNG with a red band along its left edge and a blue one along its right. */
async function makeBandedPng(width: number, height: number): Promise<Buffer> {
  const band = (background: string) => ({
    create: { width: 40, height, channels: 3 as const, background },
  });
  return sharp({ create: { width, height, channels: 3, background: "#ddd" } })
    .composite([
      { input: band("#f00"), left: 0, top: 0 },
      { input: band("#00f"), left: width - 40, top: 0 },
    ])
    .png()
    .toBuffer();
}

async function rejection(input: Uint8Array): Promise<string> {
  try {
    await processPhoto(input);
    return "accepted";
  } catch (error) {
    if (error instanceof PhotoRejectedError) return error.reason;
    throw error;
  }
}

describe("processPhoto", () => {
  it("turns a sideways phone photo upright and drops its EXIF and GPS data", async () => {
    const input = await makePhoneJpeg(800, 600);
    const inputExif = exifReader((await sharp(input).metadata()).exif as Buffer);
    expect(inputExif.GPSInfo?.GPSLatitude).toEqual([52, 22, 30]);

    const { renditions, width, height } = await processPhoto(input);
    expect({ width, height }).toEqual({ width: 720, height: 900 });
    for (const [name, bytes] of Object.entries(renditions)) {
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format, name).toBe("webp");
      expect(metadata.exif, name).toBeUndefined();
      expect(metadata.xmp, name).toBeUndefined();
      expect(bytes.includes("Phone owner"), name).toBe(false);
    }
    // Stored 800x600 with Orientation 6: upright it is 600x800, which `large` keeps whole.
    const large = await sharp(renditions.large).metadata();
    expect({ width: large.width, height: large.height }).toEqual({ width: 600, height: 800 });
    expect((await sharp(renditions.thumb).metadata()).width).toBe(240);
  });

  it("makes a small blurred stand-in that keeps nothing of the photo's detail", async () => {
    const { renditions } = await processPhoto(await makePhoneJpeg());
    const blur = await sharp(renditions.blur).metadata();
    expect({ width: blur.width, height: blur.height }).toEqual({ width: 360, height: 450 });
    expect(renditions.blur.byteLength).toBeLessThan(renditions.main.byteLength);
  });

  it("keeps a chat image's framing: neither cropped nor enlarged, landscape or portrait", async () => {
    const sizeOf = async (bytes: Buffer) => {
      const { width, height } = await sharp(bytes).metadata();
      return { width, height };
    };
    // 800×600 with a red band along the left edge and a blue one along the right.
    const landscape = await makeBandedPng(800, 600);
    const chat = await processPhoto(landscape, "whole");
    expect({ width: chat.width, height: chat.height }).toEqual({ width: 720, height: 540 });
    expect(await sizeOf(chat.renditions.main)).toEqual({ width: 720, height: 540 });
    expect(await sizeOf(chat.renditions.thumb)).toEqual({ width: 240, height: 180 });
    // The blurred stand-in has the same shape, so opening the image moves nothing.
    expect(await sizeOf(chat.renditions.blur)).toEqual({ width: 360, height: 270 });
    // Both edges are still there: nothing of the width was cut away.
    const { data, info } = await sharp(chat.renditions.main)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number) => [...data.subarray(x * info.channels, x * info.channels + 3)];
    expect(pixel(2)[0]).toBeGreaterThan(200);
    expect(pixel(info.width - 3)[2]).toBeGreaterThan(200);

    // A profile photo is still cropped to its cards' 4:5.
    const card = await processPhoto(landscape);
    expect({ width: card.width, height: card.height }).toEqual({ width: 720, height: 900 });

    // A small portrait is kept at its own size; a large one is fitted within 720×900.
    const small = await processPhoto(await makePng(600, 800), "whole");
    expect({ width: small.width, height: small.height }).toEqual({ width: 600, height: 800 });
    expect(await sizeOf(small.renditions.blur)).toEqual({ width: 338, height: 450 });
    const tall = await processPhoto(await makePng(1500, 2000), "whole");
    expect({ width: tall.width, height: tall.height }).toEqual({ width: 675, height: 900 });
    expect(await sizeOf(tall.renditions.main)).toEqual({ width: 675, height: 900 });
  });

  it("judges the type by the bytes, not by a name or a claimed type", async () => {
    expect(sniffImageType(await makePng(300, 300))).toBe("png");
    expect(sniffImageType(await makePhoneJpeg())).toBe("jpeg");
    expect(
      sniffImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>")),
    ).toBe("other");
    expect(await rejection(new TextEncoder().encode("GIF89a not really"))).toBe("not_image");
    expect(
      await rejection(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>")),
    ).toBe("not_image");
  });

  it("refuses a file that starts like a JPEG but is broken", async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect(await rejection(broken)).toBe("not_image");
  });

  it("refuses a decompression bomb by its header, without decoding it", async () => {
    const bomb = makePngBomb(30000, 30000);
    expect(bomb.byteLength).toBeLessThan(200_000);
    const before = process.memoryUsage().rss;
    expect(await rejection(bomb)).toBe("too_many_pixels");
    // Decoding 30000x30000 RGB would take 2.7 GB; refusing it takes next to nothing.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it("refuses files over the size limit and photos too small to show a person", async () => {
    const huge = new Uint8Array(UPLOAD_LIMITS.maxBytes + 1);
    huge.set([0xff, 0xd8, 0xff]);
    expect(await rejection(huge)).toBe("too_large");
    expect(await rejection(await makePng(120, 400))).toBe("too_small");
  });
});
