import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sniffPictureType } from "../../lib/util/index.ts";
import { checkPicture } from "./checked-picture.ts";
import { hugePng } from "./hostile-pictures.ts";

const photo = (width: number, height: number, format: "jpeg" | "png" | "webp" | "gif" | "avif") =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();

describe("outside pictures: checks", () => {
  it("knows the five picture types by their bytes", async () => {
    expect(sniffPictureType(await photo(8, 8, "jpeg"))).toBe("image/jpeg");
    expect(sniffPictureType(await photo(8, 8, "png"))).toBe("image/png");
    expect(sniffPictureType(await photo(8, 8, "webp"))).toBe("image/webp");
    expect(sniffPictureType(await photo(8, 8, "gif"))).toBe("image/gif");
    expect(sniffPictureType(await photo(8, 8, "avif"))).toBe("image/avif");
  });

  it("makes WebP at 320 and 640 wide, keeping the proportions, never enlarging", async () => {
    const big = await checkPicture(await photo(1600, 900, "jpeg"));
    if (!("ok" in big)) throw new Error(big.refused);
    expect([big.ok.width, big.ok.height]).toEqual([640, 360]);
    expect((await sharp(big.ok.small).metadata()).width).toBe(320);
    expect((await sharp(big.ok.large).metadata()).format).toBe("webp");
    const small = await checkPicture(await photo(200, 100, "avif"));
    if (!("ok" in small)) throw new Error(small.refused);
    expect([small.ok.width, small.ok.height]).toEqual([200, 100]);
  });

  it("refuses an SVG, HTML, and a file that only starts like a picture", async () => {
    const svg = new TextEncoder().encode(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`,
    );
    expect(await checkPicture(svg)).toEqual({ refused: "not a JPEG, PNG, WebP, GIF or AVIF picture" });
    expect(await checkPicture(new TextEncoder().encode("<!doctype html><p>hi"))).toHaveProperty("refused");
    const truncated = (await photo(64, 64, "png")).subarray(0, 40);
    expect(await checkPicture(truncated)).toHaveProperty("refused");
  });

  it("refuses a 40,000 × 40,000 PNG from its header, before decoding it", async () => {
    const bomb = hugePng(40_000, 40_000);
    expect(bomb.length).toBeLessThan(200);
    const before = process.memoryUsage().rss;
    const checked = await checkPicture(bomb);
    expect(checked).toEqual({ refused: expect.stringMatching(/pixel/) });
    // Nothing near 1.6 billion pixels (4.8 GB) was allocated.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });
});
