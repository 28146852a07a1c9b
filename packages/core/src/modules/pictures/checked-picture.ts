import type { Sharp, SharpOptions } from "sharp";
import { SHARP_FORMAT, sniffPictureType } from "../../lib/util/index.ts";
import { PICTURE_LIMITS, PICTURE_WIDTHS } from "./rules.ts";

export interface ResizedPicture {
  /** The large variant's size. */
  width: number;
  height: number;
  small: Uint8Array;
  large: Uint8Array;
}

export type PictureCheck = { ok: ResizedPicture } | { refused: string };

/**
 * Checks an outside picture and makes its two WebP widths: its type by its bytes, its size from
 * its header before anything is decoded (a 40,000 × 40,000 PNG of a few kilobytes is refused
 * unread), then decoded with sharp's own pixel limit as well, upright by its EXIF orientation,
 * without metadata, never enlarged. The first frame of an animation.
 */
export async function checkPicture(bytes: Uint8Array): Promise<PictureCheck> {
  const type = sniffPictureType(bytes);
  if (!type) return { refused: "not a JPEG, PNG, WebP, GIF or AVIF picture" };
  // Loaded on first use: the native library costs every cold start otherwise.
  const sharp = (await import("sharp")).default as (input: Uint8Array, options?: SharpOptions) => Sharp;
  const options: SharpOptions = { limitInputPixels: PICTURE_LIMITS.maxPixels, failOn: "error" };
  try {
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== SHARP_FORMAT[type] || !meta.width || !meta.height)
      return { refused: "the picture does not decode" };
    if (meta.width * meta.height > PICTURE_LIMITS.maxPixels) {
      return { refused: `the picture is ${meta.width} × ${meta.height}, over ${PICTURE_LIMITS.maxPixels} pixels` };
    }
    const variant = (width: number) =>
      sharp(bytes, options)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer({ resolveWithObject: true });
    const [small, large] = await Promise.all([variant(PICTURE_WIDTHS.small), variant(PICTURE_WIDTHS.large)]);
    return { ok: { width: large.info.width, height: large.info.height, small: small.data, large: large.data } };
  } catch (error) {
    // libvips could not decode it (truncated, corrupt, a polyglot), or it is over the pixel limit.
    return { refused: `the picture does not decode (${error instanceof Error ? error.message : String(error)})` };
  }
}
