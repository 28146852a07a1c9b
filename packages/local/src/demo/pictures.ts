import { createHash } from "node:crypto";
import sharp from "sharp";

/** Where the local runtime serves the demo articles' pictures, e.g. '/demo/pictures/northwind-ml-1.jpg'. */
export const DEMO_PICTURES_PREFIX = "/demo/pictures/";

/** Each article site has this many pictures, used in turn by its articles (each picture is resized once a runtime). */
const PICTURES_PER_SOURCE = 2;

/** The size publishers give a story's lead picture (og:image and media:thumbnail are mostly 1200 wide, 16:9). */
export const DEMO_PICTURE_SIZE = { width: 1200, height: 675 } as const;

/** The file of the picture of a source's entry `index`. */
export function demoPictureFile(sourceId: string, index: number): string {
  return `${sourceId}-${(index % PICTURES_PER_SOURCE) + 1}.jpg`;
}

const NAME = /^([a-z0-9-]+)-(\d+)\.jpg$/;
const made = new Map<string, Promise<Buffer>>();

/**
 * A demo picture's JPEG, made on first request and kept: a photo-like picture (soft gradients in
 * the source's own hues with some grain: neither a flat colour, which encoders squeeze to nothing,
 * nor noise, which no photo is), so the picture step does real work on it. Undefined for a file
 * of no source in `sourceIds`.
 */
export function demoPicture(file: string, sourceIds: ReadonlySet<string>): Promise<Buffer> | undefined {
  const match = NAME.exec(file);
  if (!match || !sourceIds.has(match[1]!) || Number(match[2]) < 1 || Number(match[2]) > PICTURES_PER_SOURCE) {
    return undefined;
  }
  let picture = made.get(file);
  if (!picture) {
    picture = photo(file);
    made.set(file, picture);
  }
  return picture;
}

/** Drawn at a quarter of the size and enlarged by sharp: the soft gradients survive, at 1/16 of the drawing. */
const DRAWN_AT = 4;

function photo(file: string): Promise<Buffer> {
  return photoLike(DEMO_PICTURE_SIZE.width, DEMO_PICTURE_SIZE.height, file);
}

/**
 * A photo-like JPEG of `width` × `height` whose hues and grain follow `seedText`: soft gradients
 * with some grain, neither a flat colour (which encoders squeeze to nothing) nor noise (which no
 * photo is). The demo sites' pictures, and any other site on loopback that needs a real one.
 */
export function photoLike(width: number, height: number, seedText: string): Promise<Buffer> {
  const [w, h] = [Math.round(width / DRAWN_AT), Math.round(height / DRAWN_AT)];
  const digest = createHash("sha256").update(seedText).digest();
  const hue = [digest[0]! / 255, digest[1]! / 255, digest[2]! / 255];
  const raw = Buffer.alloc(w * h * 3);
  let seed = digest.readUInt32LE(4) & 0x7fffffff;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const wave =
          Math.sin((x * DRAWN_AT + c * 40 + digest[3]!) / 110) * 50 + Math.cos((y * DRAWN_AT + c * 25) / 80) * 50;
        raw[i + c] = Math.max(0, Math.min(255, 60 + hue[c]! * 120 + wave + ((seed >> 16) & 0x0f)));
      }
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height)
    .jpeg({ quality: 82 })
    .toBuffer();
}
