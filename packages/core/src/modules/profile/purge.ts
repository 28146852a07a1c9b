import { deleteKeys } from "../../adapters/dynamo/index.ts";
import { ContactsEntity } from "./contacts.entity.ts";
import { ProfileCountsEntity } from "./profile-counts.entity.ts";
import { SectionOrderEntity } from "./section-order.entity.ts";
import { ThoughtEntity } from "./thought.entity.ts";
import { WebsiteEntity } from "./website.entity.ts";

/**
 * Removes every profile item of a deleted account: contacts, thoughts, websites, their counts
 * and the section order. Idempotent: it reads what is left and deletes that, so it may be cut
 * short and run again.
 */
export async function purgeAccount(userId: string): Promise<void> {
  const [thoughts, websites] = await Promise.all([
    ThoughtEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["thoughtId"] }),
    WebsiteEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["websiteId"] }),
  ]);
  await Promise.all([
    deleteKeys(
      ThoughtEntity,
      thoughts.data.map(({ thoughtId }) => ({ userId, thoughtId })),
    ),
    deleteKeys(
      WebsiteEntity,
      websites.data.map(({ websiteId }) => ({ userId, websiteId })),
    ),
    ContactsEntity.delete({ userId }).go(),
    SectionOrderEntity.delete({ userId }).go(),
  ]);
  // The counts go last: a purge cut short before here still finds what it counts.
  await ProfileCountsEntity.delete({ userId }).go();
}
