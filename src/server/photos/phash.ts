import { loadSharp, UPLOAD_LIMITS } from "./processing";

/**
 * Grey levels (of 255, after stretching the contrast) by which a pixel must be darker than its
 * right neighbour for its bit to be 1. Plain dHash compares with `<`, so flat areas (sky, walls)
 * flip bits at every re-encoding: a WebP copy of the test photo was 9–10 bits away; with this
 * margin it is 1–2, while other photos stay 26 and more away.
 */
const MARGIN = 2;

/**
 * A perceptual hash of a photo (issue 27, photo review): a 64-bit difference hash (dHash) as 16
 * hex digits, so that a re-upload of a rejected image, or one photo on two accounts, is found
 * although it was re-encoded, resized, converted to WebP or brightened.
 *
 * The picture is turned upright by its EXIF orientation (as `processPhoto` does), laid on white,
 * made grey with its contrast stretched, and squeezed to 9×8 pixels with one fixed kernel; each
 * bit says whether a pixel is clearly darker than its right neighbour. Limits: a mirrored copy,
 * a heavy crop or a rotation by pixels (not by EXIF) hash as another image; to catch a mirrored
 * copy, compare the hash of the photo flopped (`sharp(...).flop()`) as well. Hash the whole
 * picture (the upload or its `large` rendition), never the 4:5 crops `main` and `thumb`.
 *
 * Written on sharp rather than taken from `sharp-phash` (a DCT pHash on sharp, last released in
 * 2024): that would add a dependency for a dozen lines, returns a 64-character binary string,
 * runs a naive 32×32 DCT in JavaScript and sets no pixel limit on its input.
 */
export async function perceptualHash(input: Uint8Array): Promise<string> {
  const sharp = await loadSharp();
  const { data } = await sharp(input, { limitInputPixels: UPLOAD_LIMITS.maxPixels })
    .autoOrient()
    .flatten({ background: "#fff" })
    .greyscale()
    .normalise()
    .resize(9, 8, { fit: "fill", kernel: "mitchell" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let hex = "";
  for (let row = 0; row < 8; row++) {
    let byte = 0;
    for (let x = 0; x < 8; x++) {
      const left = data[row * 9 + x] as number;
      const right = data[row * 9 + x + 1] as number;
      byte = (byte << 1) | (left + MARGIN < right ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, "0");
  }
  return hex;
}

/**
 * Hashes at most this many bits apart are of the same image. Measured on the photo of
 * phash.test.ts: copies re-encoded, halved, made WebP, brightened or turned by EXIF lie 0–2 bits
 * from it (its stored `large` rendition too); another photo, a mirrored copy and a heavy crop
 * 26–31.
 */
export const SAME_IMAGE_THRESHOLD = 10;

const HASH = /^[0-9a-f]{16}$/;

/** The number of bits in which two hashes differ (0–64). */
export function hammingDistance(a: string, b: string): number {
  if (!HASH.test(a) || !HASH.test(b)) throw new Error("perceptual hash must be 16 hex digits");
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let bits = 0;
  for (; diff; diff &= diff - 1n) bits++;
  return bits;
}

/** Whether two hashes are of the same image, give or take re-encoding. */
export function isSameImage(a: string, b: string, threshold = SAME_IMAGE_THRESHOLD): boolean {
  return hammingDistance(a, b) <= threshold;
}
