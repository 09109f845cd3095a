import type { Photo } from "./schema";

/** The public form of a photo: spec §3 main_image (filename, thumb_filename, status, match). */
export type PhotoView = {
  id: number;
  filename: string;
  thumb_filename: string;
  status: Photo["status"];
  /** The full-size URL, prefixed by the site's cdn_prefix. */
  match: string;
  /** The thumbnail URL, prefixed by the site's cdn_prefix. */
  thumb: string;
  width: number;
  height: number;
};

/**
 * @example toPhotoView(photo, "https://cdn.example").match
 *   // "https://cdn.example/media/p/12/k3x9….webp"
 */
export function toPhotoView(
  photo: Pick<Photo, "id" | "storageKey" | "status" | "width" | "height">,
  cdnPrefix: string,
): PhotoView {
  const filename = `${photo.storageKey}.webp`;
  const thumbFilename = `${photo.storageKey}-thumb.webp`;
  return {
    id: photo.id,
    filename,
    thumb_filename: thumbFilename,
    status: photo.status,
    match: `${cdnPrefix}/media/${filename}`,
    thumb: `${cdnPrefix}/media/${thumbFilename}`,
    width: photo.width,
    height: photo.height,
  };
}

/** Full-size and thumbnail sizes of stored photos (portrait 4:5). */
export const PHOTO_SIZE = { width: 720, height: 900 } as const;
export const THUMB_SIZE = { width: 240, height: 300 } as const;
