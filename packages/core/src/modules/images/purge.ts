import { AlbumEntity } from "./album.entity.ts";
import { ImageEntity } from "./image.entity.ts";
import { deletePrefix, PUBLIC_PREFIX } from "./storage.ts";
import { listStored, uploadPrefixOf } from "./stored.ts";

/**
 * Removes every photo of a person: records, count, stored variants and unconfirmed uploads (for
 * account deletion). Safe to run again after a crash part-way.
 */
export async function purgeImages(userId: string): Promise<void> {
  const images = await listStored(userId);
  for (const image of images) {
    await deletePrefix(image.prefix);
    await ImageEntity.delete({ userId, imageId: image.imageId }).go();
  }
  await deletePrefix(`${PUBLIC_PREFIX}${userId}/`);
  await deletePrefix(uploadPrefixOf(userId));
  await AlbumEntity.delete({ userId }).go();
}
