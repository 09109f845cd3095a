import type { Metadata, Sharp } from "sharp";

/** design §8 limits of an upload. */
/**
 * sharp (libvips, a native module: about 0.3 s to load), with the first image: most processes
 * and test files never handle one.
 */
export async function loadSharp(): Promise<typeof import("sharp").default> {
  const { default: sharp } = await import("sharp");
  return sharp;
}

export const UPLOAD_LIMITS = {
  /** Bytes of the uploaded file. */
  maxBytes: 15 * 1024 * 1024,
  /**
   * Width x height before anything is decoded: a 50-megapixel photo is larger than phones
   * take; a tiny PNG that claims 30000x30000 (a decompression bomb) is refused by its header.
   */
  maxPixels: 50_000_000,
  /** The shorter side, so a profile photo shows a person and not a pixel. */
  minSide: 200,
} as const;

/**
 * The stored renditions of a photo. `large` keeps the whole picture; a profile photo's others
 * are cropped to 4:5 (the cards' shape), a chat image's fit within these bounds uncropped.
 */
export const RENDITIONS = {
  thumb: { width: 240, height: 300 },
  main: { width: 720, height: 900 },
  large: { width: 1440, height: 1800 },
} as const;
export type RenditionName = keyof typeof RENDITIONS;

/** Size of the blurred stand-in of a locked photo: nothing of the person survives it. */
const BLUR = {
  sample: { width: 12, height: 15 },
  /** The bounds of the sample of an uncropped image. */
  sampleBox: { width: 16, height: 16 },
  width: 360,
  height: 450,
} as const;

export type PhotoRejection =
  | "not_image"
  | "unsupported_type"
  | "too_large"
  | "too_many_pixels"
  | "too_small";

/** An upload we refuse, with the reason the member is told. */
export class PhotoRejectedError extends Error {
  constructor(readonly reason: PhotoRejection) {
    super(reason);
    this.name = "PhotoRejectedError";
  }
}

type SniffedType = "jpeg" | "png" | "webp" | "avif";

/**
 * The file type by its first bytes (design §8: the Content-Type and the file name are the
 * sender's claim and are never trusted). JPEG, PNG, WebP and AVIF are accepted.
 */
export function sniffImageType(bytes: Uint8Array): SniffedType | "other" {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (ascii(4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(8, 12))) return "avif";
  return "other";
}

/** What sharp reports for each sniffed type; a mismatch means a forged or broken file. */
const SHARP_FORMATS: Record<SniffedType, string> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  avif: "heif",
};

/**
 * How the renditions frame the picture: `card` crops thumb and main to 4:5 around what draws the
 * eye (profile photos, shown in 4:5 cards); `whole` keeps the sender's framing, every rendition
 * fitting within its bounds, never cropped or enlarged (chat images).
 */
export type PhotoFraming = "card" | "whole";

export type ProcessedPhoto = {
  renditions: Record<RenditionName | "blur", Buffer>;
  /** Size of the `main` rendition; the blurred stand-in has its shape too. */
  width: number;
  height: number;
};

/**
 * Checks an upload and re-encodes it (design §8): type by magic bytes, size and pixel limits
 * read from the header before decoding, turned upright by its EXIF orientation, and written
 * anew as WebP, which drops every bit of metadata (EXIF, GPS, XMP, ICC after conversion to sRGB).
 */
export async function processPhoto(
  input: Uint8Array,
  framing: PhotoFraming = "card",
): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  if (input.byteLength > UPLOAD_LIMITS.maxBytes) throw new PhotoRejectedError("too_large");
  const sniffed = sniffImageType(input);
  if (sniffed === "other") throw new PhotoRejectedError("not_image");

  // limitInputPixels makes sharp refuse a bomb even if a header lies about its size.
  const source = sharp(input, {
    limitInputPixels: UPLOAD_LIMITS.maxPixels,
    failOn: "error",
    sequentialRead: true,
  });
  let metadata: Metadata;
  try {
    metadata = await source.metadata();
  } catch (error) {
    throw new PhotoRejectedError(isPixelLimitError(error) ? "too_many_pixels" : "not_image");
  }
  if (metadata.format !== SHARP_FORMATS[sniffed]) throw new PhotoRejectedError("unsupported_type");
  const { width, height } = metadata.autoOrient ?? metadata;
  if (!width || !height) throw new PhotoRejectedError("not_image");
  if (width * height > UPLOAD_LIMITS.maxPixels) throw new PhotoRejectedError("too_many_pixels");
  if (Math.min(width, height) < UPLOAD_LIMITS.minSide) throw new PhotoRejectedError("too_small");

  try {
    return await renderRenditions(source.autoOrient(), framing);
  } catch (error) {
    // Otherwise a file whose header is fine but whose data is broken.
    throw new PhotoRejectedError(isPixelLimitError(error) ? "too_many_pixels" : "not_image");
  }
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Writes the stored renditions of an upright image: thumb and main framed as `framing` says,
 * large the whole picture, and the blurred stand-in made from a few pixels, in main's shape.
 */
export async function renderRenditions(
  image: Sharp,
  framing: PhotoFraming = "card",
): Promise<ProcessedPhoto> {
  const sharp = await loadSharp();
  const cover = { fit: "cover" as const, position: sharp.strategy.attention };
  const inside = { fit: "inside" as const, withoutEnlargement: true };
  const frame = framing === "card" ? cover : inside;
  const [thumb, main, large, cardSample] = await Promise.all([
    image
      .clone()
      .resize({ ...RENDITIONS.thumb, ...frame })
      .webp({ quality: 72 })
      .toBuffer(),
    image
      .clone()
      .resize({ ...RENDITIONS.main, ...frame })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true }),
    image
      .clone()
      .resize({ ...RENDITIONS.large, ...inside })
      .webp({ quality: 82 })
      .toBuffer(),
    framing === "card"
      ? image
          .clone()
          .resize({ ...BLUR.sample, ...cover })
          .png()
          .toBuffer()
      : null,
  ]);
  const size = { width: main.info.width, height: main.info.height };
  // The stand-in has main's shape, so that opening the image moves nothing on the page.
  const sample =
    cardSample ??
    (await sharp(main.data)
      .resize({ ...fitWithin(size, BLUR.sampleBox), fit: "fill" })
      .png()
      .toBuffer());
  const blurSize = framing === "card" ? BLUR : fitWithin(size, BLUR);
  const blur = await sharp(sample)
    .resize(blurSize.width, blurSize.height, { kernel: "cubic", fit: "fill" })
    .blur(12)
    .webp({ quality: 50 })
    .toBuffer();
  return { renditions: { thumb, main: main.data, large, blur }, ...size };
}

type Size = { width: number; height: number };

/**
 * `size` scaled down to fit within `box`, its shape kept, no side below one pixel.
 * @example fitWithin({ width: 800, height: 600 }, { width: 16, height: 16 }) // 16 × 12
 */
function fitWithin(size: Size, box: Size): Size {
  const scale = Math.min(1, box.width / size.width, box.height / size.height);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}
