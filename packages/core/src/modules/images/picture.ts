import type { Sharp, SharpOptions } from "sharp";
import { SHARP_FORMAT, sniffPictureType } from "../../lib/util/index.ts";
import { IMAGE_LIMITS, IMAGE_VARIANTS, isImageType, type ImageType } from "./rules.ts";

/** A profile photo's real type from its first bytes: any picture type but AVIF. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const type = sniffPictureType(bytes);
  return type && isImageType(type) ? type : undefined;
}

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
