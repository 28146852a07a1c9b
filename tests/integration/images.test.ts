import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { purgeImages } from "@graph/core/modules/images";
import { IMAGE_LIMITS, IMAGE_MESSAGES } from "@graph/core/modules/images/rules";
import { AlbumEntity } from "../../packages/core/src/modules/images/album.entity.ts";
import { errorOf, signedIn, useTestApi } from "../support/runtime.ts";

/**
 * Profile photos end to end: presigned POSTs to the local S3 stand-in (which checks the policy
 * as S3 does), confirmation (real type from the bytes, metadata dropped, WebP variants, the
 * moderation stand-in), the limit of 50 under parallel confirms, primary, delete, authorization.
 */
const api = useTestApi();
const as = (cookie?: string) => api.client(cookie ? { cookie } : {});
const s3 = new S3Client({});
const BUCKET = "graph-images";

type Person = Awaited<ReturnType<typeof signedIn>>;
interface LocalFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

const picture = (colour = "#3366aa", size = 24) =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } });
const jpeg = async (name = "photo.jpg", colour?: string): Promise<LocalFile> => ({
  name,
  type: "image/jpeg",
  bytes: await picture(colour).jpeg().toBuffer(),
});
/** The local moderation stand-in blocks a picture filled with magenta (see packages/local/src/aws/rekognition.ts). */
const blockedPicture = async (name = "blocked.png"): Promise<LocalFile> => ({
  name,
  type: "image/png",
  bytes: await picture("#ff00ff").png().toBuffer(),
});

async function presign(person: Person, files: LocalFile[]) {
  const response = await as(person.cookie).images.upload_url.$post({
    json: { userId: person.userId, files: files.map((f) => ({ name: f.name, type: f.type, size: f.bytes.length })) },
  });
  expect(response.status).toBe(200);
  return (await response.json()).uploads;
}

/** Posts the form as a browser does: the policy's fields, then the file. */
async function postForm(
  ticket: { url: string; fields: Record<string, string> },
  bytes: Uint8Array,
  override: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...ticket.fields, ...override })) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(bytes)]));
  return fetch(ticket.url, { method: "POST", body: form });
}

/** Presigns, uploads each file straight to the bucket and answers what to confirm. */
async function uploaded(person: Person, files: LocalFile[]) {
  const tickets = await presign(person, files);
  for (const [i, ticket] of tickets.entries()) expect((await postForm(ticket, files[i]!.bytes)).status).toBe(204);
  return tickets.map((t) => ({ key: t.key, name: t.name }));
}

async function upload(person: Person, files: LocalFile[]) {
  const uploads = await uploaded(person, files);
  return as(person.cookie).images.upload.$post({ json: { userId: person.userId, uploads } });
}

async function listOf(userId: string) {
  const response = await as().images.from_db_by_user_id[":id"].$get({ param: { id: userId } });
  expect(response.status).toBe(200);
  return (await response.json()).images;
}

async function keysUnder(prefix: string): Promise<string[]> {
  const page = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!);
}

/** A public address (on the site's origin) fetched from the runtime, which serves /media like the CDN. */
const fetchPublic = (url: string) => fetch(`${api.runtime.url}${new URL(url).pathname}`);

async function withPhotos(person: Person, count: number) {
  for (let done = 0; done < count; done += IMAGE_LIMITS.perRequest) {
    const n = Math.min(IMAGE_LIMITS.perRequest, count - done);
    const files = await Promise.all(Array.from({ length: n }, (_, i) => jpeg(`p${done + i}.jpg`)));
    expect((await upload(person, files)).status).toBe(200);
  }
}

describe("uploading photos", () => {
  it("uploads to the bucket, confirms, serves WebP variants and drops the upload", async () => {
    const person = await signedIn(api);
    const response = await upload(person, [await jpeg("me.jpg")]);
    expect(response.status).toBe(200);
    const { images, blocked } = await response.json();
    expect(blocked).toEqual([]);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ name: "me.jpg", is_primary: true });

    expect(await listOf(person.userId)).toEqual(images);
    const full = await fetchPublic(images[0]!.url);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).format).toBe("webp");
    expect((await fetchPublic(images[0]!.thumb_url)).status).toBe(200);
    expect(await keysUnder(`uploads/${person.userId}/`)).toEqual([]);
  });

  it("keeps no EXIF (GPS) in the stored picture", async () => {
    const person = await signedIn(api);
    const withGps = await picture("#88aa44", 40)
      .jpeg()
      .withExif({
        IFD0: { Make: "TestCam" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
      })
      .toBuffer();
    const before = await sharp(withGps).metadata();
    // The GPS IFD pointer (tag 0x8825, little-endian) is in the upload's EXIF.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const response = await upload(person, [{ name: "gps.jpg", type: "image/jpeg", bytes: withGps }]);
    expect(response.status).toBe(200);
    const [image] = (await response.json()).images;
    for (const url of [image!.url, image!.thumb_url]) {
      const stored = Buffer.from(await (await fetchPublic(url)).arrayBuffer());
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(stored.includes(Buffer.from("TestCam"))).toBe(false);
    }
  });

  it("refuses a renamed non-image, whatever its name and declared type", async () => {
    const person = await signedIn(api);
    const fake = { name: "cat.jpg", type: "image/jpeg", bytes: new TextEncoder().encode("<svg onload=alert(1)>") };
    const response = await upload(person, [fake]);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).error).toBe(IMAGE_MESSAGES.notAnImage("cat.jpg"));
    expect(await listOf(person.userId)).toEqual([]);
    expect(await keysUnder(`uploads/${person.userId}/`)).toEqual([]);
    expect(await keysUnder(`public/${person.userId}/`)).toEqual([]);

    // Bytes that start like a JPEG but do not decode are no better.
    const truncated = { ...fake, bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]) };
    expect((await upload(person, [truncated])).status).toBe(400);
  });

  it("refuses other types and oversize files at presign, and the bucket refuses what the policy does not allow", async () => {
    const person = await signedIn(api);
    const declare = (file: { name: string; type: string; size: number }) =>
      as(person.cookie).images.upload_url.$post({ json: { userId: person.userId, files: [file] } });

    const big = await declare({ name: "big.png", type: "image/png", size: IMAGE_LIMITS.maxBytes + 1 });
    expect(big.status).toBe(400);
    expect((await errorOf(big)).error).toBe("big.png is too large. Max file size is 5MB.");
    const svg = await declare({ name: "x.svg", type: "image/svg+xml", size: 100 });
    expect(svg.status).toBe(400);

    // The policy caps the size: a lie about it at presign is caught by the bucket.
    const [ticket] = await presign(person, [await jpeg("small.jpg")]);
    const tooLarge = await postForm(ticket!, new Uint8Array(IMAGE_LIMITS.maxBytes + 1));
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toContain("<Code>EntityTooLarge</Code>");
    // ... and the type: an upload sent as HTML is refused.
    const asHtml = await postForm(ticket!, new Uint8Array(10), { "Content-Type": "text/html" });
    expect(asHtml.status).toBe(403);
    expect(await asHtml.text()).toContain("Policy Condition failed");
    // ... and the key.
    const elsewhere = await postForm(ticket!, new Uint8Array(10), { key: `public/${person.userId}/x/full.webp` });
    expect(elsewhere.status).toBe(403);
    expect(await keysUnder(`uploads/${person.userId}/`)).toEqual([]);
    expect(await keysUnder(`public/${person.userId}/`)).toEqual([]);
  });

  it("answers the spec's messages for no files and no user", async () => {
    const person = await signedIn(api);
    const none = await api.request("POST", "/api/images/upload", {
      cookie: person.cookie,
      body: { userId: person.userId, uploads: [] },
    });
    expect(none.status).toBe(400);
    expect((await errorOf(none)).error).toBe("No files to upload.");
    const noUser = await api.request("POST", "/api/images/upload", {
      cookie: person.cookie,
      body: { uploads: [{ key: "uploads/x", name: "a.jpg" }] },
    });
    expect(noUser.status).toBe(400);
    expect((await errorOf(noUser)).error).toBe("User ID is required to upload images.");
  });

  it("reports a blocked picture by name and reason, and keeps nothing of it", async () => {
    const person = await signedIn(api);
    const response = await upload(person, [await jpeg("fine.jpg"), await blockedPicture("bad.png")]);
    expect(response.status).toBe(200);
    const { images, blocked } = await response.json();
    expect(blocked).toEqual([{ name: "bad.png", reason: "Explicit Nudity" }]);
    expect(images.map((i) => i.name)).toEqual(["fine.jpg"]);
    expect((await listOf(person.userId)).map((i) => i.name)).toEqual(["fine.jpg"]);
    // Two variants of the one kept picture, no upload left.
    expect(await keysUnder(`public/${person.userId}/`)).toHaveLength(2);
    expect(await keysUnder(`uploads/${person.userId}/`)).toEqual([]);
    expect(IMAGE_MESSAGES.blocked(1)).toBe("1 image was blocked for inappropriate content:");
    expect(IMAGE_MESSAGES.blocked(2)).toBe("2 images were blocked for inappropriate content:");
  });
});

describe("the limit of 50 photos", () => {
  it("holds under 30 parallel confirms, and refuses a 51st", async () => {
    const person = await signedIn(api);
    await withPhotos(person, 40);
    // 30 uploads presigned while there was room for them (ten at a time), then confirmed at once.
    const pending: Array<{ key: string; name: string }> = [];
    for (let i = 0; i < 3; i++)
      pending.push(...(await uploaded(person, await Promise.all(Array.from({ length: 10 }, () => jpeg())))));
    const answers = await Promise.all(
      pending.map((u) => as(person.cookie).images.upload.$post({ json: { userId: person.userId, uploads: [u] } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(20);
    for (const refused of answers.filter((a) => a.status === 400))
      expect((await errorOf(refused)).error).toBe("You can only add 50 photos in total.");
    expect(await listOf(person.userId)).toHaveLength(50);
    expect(await keysUnder(`public/${person.userId}/`)).toHaveLength(100);

    const fiftyFirst = await as(person.cookie).images.upload_url.$post({
      json: { userId: person.userId, files: [{ name: "51.jpg", type: "image/jpeg", size: 1000 }] },
    });
    expect(fiftyFirst.status).toBe(400);
    expect((await errorOf(fiftyFirst)).error).toBe("You can only add 50 photos in total.");
  });
});

describe("primary and delete", () => {
  it("sets the primary photo and deletes a photo with its files", async () => {
    const person = await signedIn(api);
    await upload(person, [await jpeg("first.jpg")]);
    await upload(person, [await jpeg("second.jpg")]);
    const [first, second] = await listOf(person.userId);
    expect([first!.is_primary, second!.is_primary]).toEqual([true, false]);

    const primary = await as(person.cookie).images.primary.$patch({ json: { imageId: second!.id } });
    expect(primary.status).toBe(200);
    expect((await listOf(person.userId)).map((i) => i.is_primary)).toEqual([false, true]);
    // The spec's spelling, with a trailing slash.
    const spelled = await api.request("PATCH", "/api/images/primary/", {
      cookie: person.cookie,
      body: { imageId: first!.id },
    });
    expect(spelled.status).toBe(200);
    expect((await listOf(person.userId)).map((i) => i.is_primary)).toEqual([true, false]);

    const removed = await as(person.cookie).images.$delete({ json: { imageId: first!.id } });
    expect(removed.status).toBe(200);
    const left = await listOf(person.userId);
    expect(left.map((i) => [i.id, i.is_primary])).toEqual([[second!.id, true]]);
    expect((await fetchPublic(first!.url)).status).toBe(404);
    expect((await fetchPublic(first!.thumb_url)).status).toBe(404);
    expect(await keysUnder(`public/${person.userId}/${first!.id}/`)).toEqual([]);
    expect((await as(person.cookie).images.$delete({ json: { imageId: first!.id } })).status).toBe(404);
  });
});

describe("authorization", () => {
  it("lets only the signed-in owner write, and anyone read", async () => {
    const owner = await signedIn(api);
    const other = await signedIn(api);
    await upload(owner, [await jpeg("owner.jpg")]);
    const [image] = await listOf(owner.userId);
    const ownerUploads = await uploaded(owner, [await jpeg("pending.jpg")]);

    const presignAsOther = await as(other.cookie).images.upload_url.$post({
      json: { userId: owner.userId, files: [{ name: "a.jpg", type: "image/jpeg", size: 10 }] },
    });
    expect(presignAsOther.status).toBe(403);
    const confirmAsOther = await as(other.cookie).images.upload.$post({
      json: { userId: owner.userId, uploads: ownerUploads },
    });
    expect(confirmAsOther.status).toBe(403);
    // Naming themselves does not let them take the owner's uploads.
    const takeUploads = await as(other.cookie).images.upload.$post({
      json: { userId: other.userId, uploads: ownerUploads },
    });
    expect(takeUploads.status).toBe(403);
    expect((await as(other.cookie).images.primary.$patch({ json: { imageId: image!.id } })).status).toBe(404);
    expect((await as(other.cookie).images.$delete({ json: { imageId: image!.id } })).status).toBe(404);

    expect((await as().images.upload_url.$post({ json: { userId: owner.userId, files: [] } })).status).toBe(401);
    expect((await as().images.upload.$post({ json: { userId: owner.userId, uploads: ownerUploads } })).status).toBe(
      401,
    );
    expect((await as().images.primary.$patch({ json: { imageId: image!.id } })).status).toBe(401);
    expect((await as().images.$delete({ json: { imageId: image!.id } })).status).toBe(401);

    expect(await listOf(owner.userId)).toEqual([image]);
    expect(await listOf(other.userId)).toEqual([]);
    // The owner's upload is still theirs to confirm.
    expect(
      (await as(owner.cookie).images.upload.$post({ json: { userId: owner.userId, uploads: ownerUploads } })).status,
    ).toBe(200);
  });
});

describe("purging a person's photos (account deletion)", () => {
  it("removes records, count, variants and pending uploads, and may run again", async () => {
    const person = await signedIn(api);
    await withPhotos(person, 3);
    await uploaded(person, [await jpeg("never-confirmed.jpg")]);
    expect(await keysUnder(`uploads/${person.userId}/`)).toHaveLength(1);

    await purgeImages(person.userId);
    await purgeImages(person.userId);
    expect(await listOf(person.userId)).toEqual([]);
    expect((await AlbumEntity.get({ userId: person.userId }).go()).data).toBeNull();
    expect(await keysUnder(`public/${person.userId}/`)).toEqual([]);
    expect(await keysUnder(`uploads/${person.userId}/`)).toEqual([]);
  });
});
