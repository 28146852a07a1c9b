import type { Sharp, SharpOptions } from "sharp";
import { IMAGE_LIMITS, IMAGE_VARIANTS, type ImageType } from "./rules.ts";

/**
 * What a file really is, from its first bytes (magic numbers), never from its name or the type
 * the browser declared: JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, GIF `GIF87a`/`GIF89a`,
 * WebP `RIFF....WEBP`.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const starts = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  const ascii = (offset: number, text: string) => starts(offset, ...[...text].map((ch) => ch.charCodeAt(0)));
  if (starts(0, 0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return "image/gif";
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return "image/webp";
  return undefined;
}

const SHARP_FORMAT: Record<ImageType, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
};

export interface Prepared {
  width: number;
  height: number;
  /** WebP variants by name (see IMAGE_VARIANTS), without any metadata. */
  variants: Record<keyof typeof IMAGE_VARIANTS, Uint8Array>;
  /** A JPEG of at most 1024 px for moderation (Rekognition takes JPEG or PNG of at most 5 MB). */
  moderationCopy: Uint8Array;
}

/**
 * Decodes the picture (the first frame of an animation) and makes its variants: turned upright
 * by its EXIF orientation, then written without metadata (sharp keeps none unless asked), so
 * GPS positions, camera serials and the like never leave the upload. Undefined when the bytes
 * do not decode as the type their magic number claims, or the picture is larger than allowed.
 */
export async function preparePicture(bytes: Uint8Array, type: ImageType): Promise<Prepared | undefined> {
  // Loaded on first use: the native library costs every cold start otherwise, photos or not.
  const sharp = (await import("sharp")).default as (input: Uint8Array, options?: SharpOptions) => Sharp;
  const input = () => sharp(bytes, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: "error" }).rotate();
  try {
    const meta = await sharp(bytes, { limitInputPixels: IMAGE_LIMITS.maxPixels }).metadata();
    if (meta.format !== SHARP_FORMAT[type] || !meta.width || !meta.height) return undefined;
    if (meta.width * meta.height > IMAGE_LIMITS.maxPixels) return undefined;
    const [full, thumb, moderationCopy] = await Promise.all([
      input()
        .resize({
          width: IMAGE_VARIANTS.full.size,
          height: IMAGE_VARIANTS.full.size,
          fit: "inside",
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer(),
      input()
        .resize({ width: IMAGE_VARIANTS.thumb.size, height: IMAGE_VARIANTS.thumb.size, fit: "cover" })
        .webp({ quality: 78 })
        .toBuffer(),
      input()
        .resize({ width: 1024, height: 1024, fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 85 })
        .toBuffer(),
    ]);
    // Orientations 5 to 8 turn the picture a quarter: its upright width is its stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      width: turned ? meta.height : meta.width,
      height: turned ? meta.width : meta.height,
      variants: { full, thumb },
      moderationCopy,
    };
  } catch {
    // libvips could not decode it: truncated, corrupt, or a polyglot that only starts like an image.
    return undefined;
  }
}
