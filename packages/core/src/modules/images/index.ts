import { randomBytes } from "node:crypto";
import { isConditionFailure, transact } from "../../adapters/dynamo/index.ts";
import { badRequest, forbidden, notFound, UnavailableError } from "../../lib/errors/index.ts";
import { AlbumEntity } from "./album.entity.ts";
import { ImageEntity, type Image } from "./image.entity.ts";
import { currentModerator } from "../../adapters/rekognition/index.ts";
import { listStored, uploadPrefixOf } from "./stored.ts";
import { preparePicture, sniffImageType, type Prepared } from "./picture.ts";
import { IMAGE_LIMITS, IMAGE_MESSAGES, IMAGE_VARIANTS, isImageType } from "./rules.ts";
import {
  deleteObject,
  deletePrefix,
  presignUpload,
  PUBLIC_PREFIX,
  publicUrl,
  putPublic,
  readUpload,
  UPLOAD_PREFIX,
} from "./storage.ts";
import { log } from "../../lib/observability/index.ts";

export { useModerator, type Moderator } from "../../adapters/rekognition/index.ts";
export { sniffImageType } from "./picture.ts";
export { purgeImages, purgeImages as purgeAccount } from "./purge.ts";

/** A profile photo as the API shows it (the spec's id, url, is_primary, plus a square thumbnail). */
export interface ImageView {
  id: string;
  url: string;
  thumb_url: string;
  is_primary: boolean;
  name: string;
  width: number;
  height: number;
}

export interface BlockedImage {
  name: string;
  reason: string;
}

export interface UploadTicket {
  name: string;
  /** The key to confirm once the file is in the bucket. */
  key: string;
  url: string;
  fields: Record<string, string>;
}

/** Ids sort by creation time: ten base-36 digits of milliseconds, then random hex. */
const newId = () => `${Date.now().toString(36).padStart(10, "0")}-${randomBytes(6).toString("hex")}`;
const ID = /^[0-9a-z]{10}-[0-9a-f]{12}$/;

const publicPrefixOf = (userId: string, imageId: string) => `${PUBLIC_PREFIX}${userId}/${imageId}/`;
const variantKey = (prefix: string, variant: keyof typeof IMAGE_VARIANTS) => `${prefix}${variant}.webp`;

async function albumOf(userId: string) {
  const { data } = await AlbumEntity.get({ userId }).go({ consistent: true });
  return { images: data?.images ?? 0, primaryId: data?.primaryId };
}

function fileName(name: string): string {
  const trimmed = name.trim();
  return trimmed.length > IMAGE_LIMITS.maxNameLength ? trimmed.slice(0, IMAGE_LIMITS.maxNameLength) : trimmed;
}

function checkCount<T>(files: T[]) {
  if (files.length === 0) throw badRequest(IMAGE_MESSAGES.noFiles);
  if (files.length > IMAGE_LIMITS.perRequest) throw badRequest(IMAGE_MESSAGES.tooManyAtOnce, "limit_reached");
}

/**
 * Presigned uploads for `files` (what the browser says of each: checked here so the person hears
 * at once, and enforced again by the bucket's policy and by `confirmUploads`).
 */
export async function presignUploads(
  userId: string,
  files: Array<{ name: string; type: string; size: number }>,
): Promise<UploadTicket[]> {
  checkCount(files);
  for (const file of files) {
    if (!isImageType(file.type) || file.size <= 0) throw badRequest(IMAGE_MESSAGES.notAnImage(fileName(file.name)));
    if (file.size > IMAGE_LIMITS.maxBytes) throw badRequest(IMAGE_MESSAGES.tooLarge(fileName(file.name)));
  }
  const { images } = await albumOf(userId);
  if (images + files.length > IMAGE_LIMITS.maxImages) throw badRequest(IMAGE_MESSAGES.tooMany, "limit_reached");
  return Promise.all(
    files.map(async (file) => {
      const key = `${uploadPrefixOf(userId)}${newId()}`;
      const { url, fields } = await presignUpload(key, file.type as Parameters<typeof presignUpload>[1]);
      return { name: fileName(file.name), key, url, fields };
    }),
  );
}

interface Checked {
  name: string;
  key: string;
  imageId: string;
  isPrimary: boolean;
  picture: Prepared;
}

/**
 * Takes uploaded files into a person's photos: reads each from the bucket, checks its real type
 * from its bytes, decodes it and makes metadata-free WebP variants, asks the moderator, stores
 * the variants under `public/` and records the photos with the count in one transaction (never
 * past 50, however many confirms run at once). Blocked pictures are reported and not kept. The
 * uploads are deleted. A file that is missing, too large or not an image refuses the request.
 */
export async function confirmUploads(
  userId: string,
  uploads: Array<{ key: string; name: string; isPrimary?: boolean }>,
): Promise<{ images: ImageView[]; blocked: BlockedImage[] }> {
  checkCount(uploads);
  if (uploads.filter((u) => u.isPrimary).length > 1) throw badRequest(IMAGE_MESSAGES.onePrimary);
  if (new Set(uploads.map((u) => u.key)).size !== uploads.length) throw badRequest("Each upload may be named once.");
  for (const { key } of uploads) {
    if (!key.startsWith(UPLOAD_PREFIX)) throw badRequest("That is not an upload.");
    if (!key.startsWith(uploadPrefixOf(userId))) throw forbidden(IMAGE_MESSAGES.notYours);
    if (!ID.test(key.slice(uploadPrefixOf(userId).length))) throw badRequest("That is not an upload.");
  }
  const album = await albumOf(userId);
  if (album.images + uploads.length > IMAGE_LIMITS.maxImages) throw badRequest(IMAGE_MESSAGES.tooMany, "limit_reached");

  // One file at a time: each may be 5 MB and decodes to far more.
  const checked: Checked[] = [];
  for (const upload of uploads) {
    const name = fileName(upload.name);
    const read = await readUpload(upload.key);
    if (!read) throw badRequest(IMAGE_MESSAGES.uploadMissing(name));
    const refuse = async (message: string) => {
      await deleteObject(upload.key);
      return badRequest(message);
    };
    if ("tooLarge" in read) throw await refuse(IMAGE_MESSAGES.tooLarge(name));
    const type = sniffImageType(read.bytes);
    const picture = type && (await preparePicture(read.bytes, type));
    if (!picture) throw await refuse(IMAGE_MESSAGES.notAnImage(name));
    checked.push({
      name,
      key: upload.key,
      imageId: upload.key.slice(uploadPrefixOf(userId).length),
      isPrimary: upload.isPrimary === true,
      picture,
    });
  }

  const blocked: BlockedImage[] = [];
  const accepted: Checked[] = [];
  for (const item of checked) {
    let reason: string | undefined;
    try {
      reason = await currentModerator().judge(item.picture.moderationCopy);
    } catch (error) {
      // Nothing was written yet: the uploads stay, and the same confirm can be sent again.
      log.error("images: moderation failed", { error });
      throw new UnavailableError();
    }
    if (reason) blocked.push({ name: item.name, reason });
    else accepted.push(item);
  }

  const images = accepted.length > 0 ? await record(userId, accepted, album.primaryId) : [];
  await Promise.all(uploads.map((u) => deleteObject(u.key)));
  return { images, blocked };
}

async function record(userId: string, accepted: Checked[], currentPrimary: string | undefined): Promise<ImageView[]> {
  await Promise.all(
    accepted.flatMap((item) =>
      (Object.keys(IMAGE_VARIANTS) as Array<keyof typeof IMAGE_VARIANTS>).map((variant) =>
        putPublic(
          variantKey(publicPrefixOf(userId, item.imageId), variant),
          item.picture.variants[variant],
          "image/webp",
        ),
      ),
    ),
  );
  // The flagged one becomes primary; a first photo is primary by default.
  const primaryId = accepted.find((a) => a.isPrimary)?.imageId ?? (currentPrimary ? undefined : accepted[0]!.imageId);
  const now = Date.now();
  const n = accepted.length;
  const counts = AlbumEntity.update({ userId })
    .add({ images: n })
    .set(primaryId ? { primaryId } : {})
    .where((attr, op) => `${op.notExists(attr.images)} OR ${op.lte(attr.images, IMAGE_LIMITS.maxImages - n)}`);
  const result = await transact([
    counts,
    ...accepted.map((item, i) =>
      ImageEntity.create({
        userId,
        imageId: item.imageId,
        prefix: publicPrefixOf(userId, item.imageId),
        name: item.name,
        width: item.picture.width,
        height: item.picture.height,
        createdAt: now + i,
      }),
    ),
  ]);
  if (result.canceled) {
    // Variants of photos this request would have created go; a photo that exists already (the
    // same upload confirmed twice at once) keeps its own.
    await Promise.all(
      accepted
        .filter((_, i) => result.reasons[i + 1] === "None")
        .map((item) => deletePrefix(publicPrefixOf(userId, item.imageId))),
    );
    if (result.reasons[0] !== "None") throw badRequest(IMAGE_MESSAGES.tooMany, "limit_reached");
    throw badRequest("These photos were added already.");
  }
  const primary = primaryId ?? currentPrimary;
  return accepted.map((item) =>
    view(
      {
        userId,
        imageId: item.imageId,
        prefix: publicPrefixOf(userId, item.imageId),
        name: item.name,
        width: item.picture.width,
        height: item.picture.height,
        createdAt: now,
      },
      primary,
    ),
  );
}

function view(image: Image, primaryId: string | undefined): ImageView {
  return {
    id: image.imageId,
    url: publicUrl(variantKey(image.prefix, "full")),
    thumb_url: publicUrl(variantKey(image.prefix, "thumb")),
    is_primary: image.imageId === primaryId,
    name: image.name,
    width: image.width,
    height: image.height,
  };
}

/** A person's photos, oldest first (public: profiles are). */
export async function listImages(userId: string): Promise<ImageView[]> {
  const [images, album] = await Promise.all([listStored(userId), albumOf(userId)]);
  return images.map((image) => view(image, album.primaryId));
}

/** The person's primary photo's address, if they have one (for profile headers and previews). */
export async function primaryImageUrl(userId: string): Promise<string | undefined> {
  const images = await listImages(userId);
  return images.find((i) => i.is_primary)?.url;
}

export async function setPrimary(userId: string, imageId: string): Promise<ImageView[]> {
  const { data } = await ImageEntity.get({ userId, imageId }).go({ consistent: true });
  if (!data) throw notFound(IMAGE_MESSAGES.notFound);
  await AlbumEntity.update({ userId }).set({ primaryId: imageId }).go();
  return listImages(userId);
}

/**
 * Deletes one photo: its record and the count together, then its files. When it was the primary
 * one, the oldest photo left becomes primary. Deleting a photo that is gone already is fine.
 */
export async function deleteImage(userId: string, imageId: string): Promise<ImageView[]> {
  const { data: image } = await ImageEntity.get({ userId, imageId }).go({ consistent: true });
  if (!image) throw notFound(IMAGE_MESSAGES.notFound);
  const result = await transact([
    ImageEntity.delete({ userId, imageId }).where((attr, op) => op.exists(attr.imageId)),
    AlbumEntity.update({ userId }).add({ images: -1 }),
  ]);
  if (result.canceled && result.reasons[0] === "None") throw new UnavailableError();
  await deletePrefix(image.prefix);
  const album = await albumOf(userId);
  if (album.primaryId === imageId) {
    const next = (await listStored(userId))[0];
    try {
      const same = (attr: { primaryId: unknown }, op: { eq(a: unknown, b: string): string }) =>
        op.eq(attr.primaryId, imageId);
      if (next) await AlbumEntity.update({ userId }).set({ primaryId: next.imageId }).where(same).go();
      else await AlbumEntity.update({ userId }).remove(["primaryId"]).where(same).go();
    } catch (error) {
      // Another request chose a primary meanwhile: theirs stands.
      if (!isConditionFailure(error)) throw error;
    }
  }
  return listImages(userId);
}
export { personData } from "./person-data.ts";
