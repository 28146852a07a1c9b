import { createHash } from "node:crypto";
import sharp from "sharp";

/**
 * Images for the stand-ins — book covers, film posters, album art, artists' pictures and
 * channels' thumbnails: a coloured cover with the title and a byline, drawn from the item
 * itself, so a page shows which item each image belongs to without any network. Rendered to
 * JPEG (the real services serve JPEG) and kept in memory (the most recently used few hundred).
 */

export interface CoverText {
  title: string;
  /** Authors, or a film's year. */
  byline: string;
  /** What the colour is drawn from, so an item keeps its colour across runs. */
  seed: string;
}

const CACHE_MAX = 400;
const cache = new Map<string, Promise<Buffer>>();

/**
 * A JPEG `width` wide, `ratio` times as tall: the real covers' 2:3 shape by default, square (1)
 * for album art, artists' pictures and channels' avatars.
 */
export function coverJpeg(text: CoverText, width: number, ratio = 1.5): Promise<Buffer> {
  const key = `${width}\u0000${ratio}\u0000${text.seed}\u0000${text.title}\u0000${text.byline}`;
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last, so the oldest is dropped first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const made = sharp(Buffer.from(coverSvg(text, width, ratio)))
    .jpeg({ quality: 82 })
    .toBuffer();
  made.catch(() => cache.delete(key));
  cache.set(key, made);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  return made;
}

export function coverSvg({ title, byline, seed }: CoverText, width: number, ratio = 1.5): string {
  const height = Math.round(width * ratio);
  const hash = createHash("sha256").update(seed).digest();
  const hue = hash.readUInt16BE(0) % 360;
  const accent = (hue + 40 + (hash[2]! % 80)) % 360;
  const size = Math.max(6, Math.round(width / 9));
  const lines = wrap(title, 14).slice(0, ratio < 1.2 ? 3 : 5);
  const small = Math.max(5, Math.round(size * 0.55));
  const top = Math.round(height * 0.22);
  const titleLines = lines
    .map(
      (line, i) =>
        `<tspan x="${Math.round(width * 0.1)}" y="${top + i * Math.round(size * 1.2)}">${escapeXml(line)}</tspan>`,
    )
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="hsl(${hue},45%,30%)"/>` +
    `<rect y="${Math.round(height * 0.8)}" width="${width}" height="${Math.round(height * 0.2)}" fill="hsl(${accent},55%,55%)"/>` +
    `<text font-family="DejaVu Serif, Georgia, serif" font-size="${size}" font-weight="bold" fill="#fff">${titleLines}</text>` +
    `<text x="${Math.round(width * 0.1)}" y="${Math.round(height * 0.9)}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${small}" fill="#111">${escapeXml(truncate(byline, 26))}</text>` +
    `</svg>`
  );
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => truncate(l, width + 4));
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A year, so a browser keeps a cover it has once fetched (the covers never change). */
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";
