// Draws the installed app's icons from web/public/favicon.svg with sharp (run it again after
// changing the mark): `node web/scripts/generate-icons.mjs`. The PNGs are committed, so a build
// needs nothing but Vite.
//
// - icon-{192,512}.png: the mark as it is, for launchers that draw it whole ("any").
// - maskable-512.png: the mark inside the safe zone (the inner 80 %) on its own dark ground, for
//   launchers that cut icons to a circle or a squircle ("maskable").
// - apple-touch-icon.png (180 px): iOS's home screen, which ignores the manifest's icons.
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const publicDir = join(dirname(fileURLToPath(import.meta.url)), "..", "public");
const svg = await readFile(join(publicDir, "favicon.svg"));
/** The favicon's own ground, so a maskable icon's edge is the mark's colour. */
const GROUND = "#1f2a26";

async function plain(size, name) {
  await sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(publicDir, "icons", name));
}

async function maskable(size, name) {
  const inner = Math.round(size * 0.8);
  const mark = await sharp(svg, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: GROUND } })
    .composite([{ input: mark, gravity: "center" }])
    .png({ compressionLevel: 9 })
    .toFile(join(publicDir, "icons", name));
}

await plain(192, "icon-192.png");
await plain(512, "icon-512.png");
await maskable(512, "maskable-512.png");
await maskable(180, "apple-touch-icon.png");
