import { ImageEntity, type Image } from "./image.entity.ts";
import { UPLOAD_PREFIX } from "./storage.ts";

/** Where a person's unconfirmed uploads wait to be checked. */
export const uploadPrefixOf = (userId: string) => `${UPLOAD_PREFIX}${userId}/`;

/** A person's photo records, oldest first. */
export async function listStored(userId: string): Promise<Image[]> {
  const { data } = await ImageEntity.query.byUser({ userId }).go({ pages: "all" });
  return data;
}
