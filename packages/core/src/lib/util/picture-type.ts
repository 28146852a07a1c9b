/** Every picture type graph decodes; a module may take fewer (profile photos take no AVIF). */
type PictureType = "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "image/avif";

/**
 * What a file really is, from its first bytes (magic numbers), never from its name or the type
 * a browser or a server declared: JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, GIF
 * `GIF87a`/`GIF89a`, WebP `RIFF....WEBP`, and AVIF (an ISO media file whose `ftyp` box names the
 * `avif` or `avis` brand). SVG, HTML and everything else is no picture.
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

/** The format sharp's metadata names for each type: a decoded file must be what its bytes claimed. */
export const SHARP_FORMAT: Record<PictureType, string> = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  // libvips reads AVIF through libheif.
  "image/avif": "heif",
};
