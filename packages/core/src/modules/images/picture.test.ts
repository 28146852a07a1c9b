import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { preparePicture, sniffImageType } from "./picture.ts";

const square = () => sharp({ create: { width: 30, height: 20, channels: 3, background: "#446688" } });

describe("the real type of a file", () => {
  it("is read from the magic number of each accepted format", async () => {
    expect(sniffImageType(await square().jpeg().toBuffer())).toBe("image/jpeg");
    expect(sniffImageType(await square().png().toBuffer())).toBe("image/png");
    expect(sniffImageType(await square().webp().toBuffer())).toBe("image/webp");
    expect(sniffImageType(await square().gif().toBuffer())).toBe("image/gif");
  });

  it("is none for other formats and for text, whatever it is called", async () => {
    expect(sniffImageType(await square().tiff().toBuffer())).toBeUndefined();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(new TextEncoder().encode("GIF"))).toBeUndefined();
    expect(sniffImageType(new Uint8Array())).toBeUndefined();
  });
});

describe("preparing a picture", () => {
  it("makes upright WebP variants without metadata", async () => {
    // Stored 30×20 with orientation 6 (turned a quarter): upright it is 20×30.
    const turned = await square().jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const prepared = await preparePicture(turned, "image/jpeg");
    expect(prepared).toMatchObject({ width: 20, height: 30 });
    const full = await sharp(prepared!.variants.full).metadata();
    expect(full).toMatchObject({ format: "webp", width: 20, height: 30 });
    expect(full.exif).toBeUndefined();
    expect(full.orientation).toBeUndefined();
    expect(await sharp(prepared!.variants.thumb).metadata()).toMatchObject({ format: "webp", width: 400, height: 400 });
    expect((await sharp(prepared!.moderationCopy).metadata()).format).toBe("jpeg");
  });

  it("refuses bytes whose magic number lies about what follows", async () => {
    const png = await square().png().toBuffer();
    expect(await preparePicture(png, "image/jpeg")).toBeUndefined();
    const truncated = (await square().jpeg().toBuffer()).subarray(0, 40);
    expect(await preparePicture(truncated, "image/jpeg")).toBeUndefined();
  });
});
