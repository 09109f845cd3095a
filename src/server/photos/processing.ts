import sharp, { type Metadata, type Sharp } from "sharp";

/** design §8 limits of an upload. */
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

/** The stored renditions of a photo. `large` keeps the whole picture; the others are 4:5. */
export const RENDITIONS = {
  thumb: { width: 240, height: 300 },
  main: { width: 720, height: 900 },
  large: { width: 1440, height: 1800 },
} as const;
export type RenditionName = keyof typeof RENDITIONS;

/** Size of the blurred stand-in of a locked photo: nothing of the person survives it. */
const BLUR = { sample: { width: 12, height: 15 }, width: 360, height: 450 } as const;

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

export type ProcessedPhoto = {
  renditions: Record<RenditionName | "blur", Buffer>;
  /** Size of the `main` rendition. */
  width: number;
  height: number;
};

/**
 * Checks an upload and re-encodes it (design §8): type by magic bytes, size and pixel limits
 * read from the header before decoding, turned upright by its EXIF orientation, and written
 * anew as WebP, which drops every bit of metadata (EXIF, GPS, XMP, ICC after conversion to sRGB).
 */
export async function processPhoto(input: Uint8Array): Promise<ProcessedPhoto> {
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
    return await renderRenditions(source.autoOrient());
  } catch (error) {
    // Otherwise a file whose header is fine but whose data is broken.
    throw new PhotoRejectedError(isPixelLimitError(error) ? "too_many_pixels" : "not_image");
  }
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Writes the stored renditions of an upright image: thumb and main cropped to 4:5 around what
 * draws the eye, large the whole picture, and the blurred stand-in made from a few pixels.
 */
export async function renderRenditions(image: Sharp): Promise<ProcessedPhoto> {
  const cover = { fit: "cover" as const, position: sharp.strategy.attention };
  const [thumb, main, large, sample] = await Promise.all([
    image
      .clone()
      .resize({ ...RENDITIONS.thumb, ...cover })
      .webp({ quality: 72 })
      .toBuffer(),
    image
      .clone()
      .resize({ ...RENDITIONS.main, ...cover })
      .webp({ quality: 80 })
      .toBuffer(),
    image
      .clone()
      .resize({ ...RENDITIONS.large, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer(),
    image
      .clone()
      .resize({ ...BLUR.sample, ...cover })
      .png()
      .toBuffer(),
  ]);
  const blur = await sharp(sample)
    .resize(BLUR.width, BLUR.height, { kernel: "cubic" })
    .blur(12)
    .webp({ quality: 50 })
    .toBuffer();
  return { renditions: { thumb, main, large, blur }, ...RENDITIONS.main };
}
