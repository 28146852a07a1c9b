import type { Sharp, SharpOptions } from "sharp";
import { PICTURE_LIMITS, PICTURE_WIDTHS, type PictureType } from "./rules.ts";

/**
 * An outside picture's real type from its first bytes (magic numbers, as the profile photos'
 * uploads are checked): JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, GIF `GIF87a`/`GIF89a`,
 * WebP `RIFF....WEBP`, and AVIF (an ISO media file whose `ftyp` box names the `avif` or `avis`
 * brand). SVG, HTML and everything else is no picture, whatever the server called it.
 */
export function sniffPictureType(bytes: Uint8Array): PictureType | undefined {
  const ascii = (offset: number, length: number) => String.fromCharCode(...bytes.subarray(offset, offset + length));
  const starts = (...values: number[]) => values.every((v, i) => bytes[i] === v);
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "image/gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 4) === "WEBP") return "image/webp";
  if (bytes.length >= 16 && ascii(4, 4) === "ftyp") {
    const boxSize = Math.min(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, 64);
    for (let at = 8; at + 4 <= boxSize && at + 4 <= bytes.length; at += 4) {
      if (at === 12) continue; // the minor version, not a brand
      const brand = ascii(at, 4);
      if (brand === "avif" || brand === "avis") return "image/avif";
    }
  }
  return undefined;
}

const SHARP_FORMAT: Record<PictureType, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  // libvips reads AVIF through libheif.
  "image/avif": "heif",
};

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
