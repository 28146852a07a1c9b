import { badRequest, notFound } from "../../lib/errors/index.ts";
import { addCounted, removeCounted, timeOrderedId } from "./counted.ts";
import { isWebAddress, PROFILE_MESSAGES, WEBSITE_URL_MAX, WEBSITES_MAX } from "./rules.ts";
import { WebsiteEntity } from "./website.entity.ts";

export interface WebsiteView {
  id: string;
  url: string;
}

/** The person's websites, newest first. */
export async function listWebsites(userId: string, limit = WEBSITES_MAX): Promise<WebsiteView[]> {
  const { data } = await WebsiteEntity.query.byUser({ userId }).go({ order: "desc", limit });
  return data.map((w) => ({ id: w.websiteId, url: w.url }));
}

export async function addWebsite(userId: string, rawUrl: string, now = Date.now()): Promise<WebsiteView> {
  const url = rawUrl.trim();
  if (url === "") throw badRequest(PROFILE_MESSAGES.websiteMissing);
  if (url.length > WEBSITE_URL_MAX) throw badRequest(PROFILE_MESSAGES.websiteTooLong);
  // Stored as typed; the page adds 'https://' when there is no scheme. Only web addresses: the
  // public page links to it.
  if (!isWebAddress(url)) throw badRequest(PROFILE_MESSAGES.websiteInvalid);
  const websiteId = timeOrderedId(now);
  await addCounted(
    userId,
    "websites",
    WEBSITES_MAX,
    WebsiteEntity.create({ userId, websiteId, url, createdAt: now }),
    PROFILE_MESSAGES.tooManyWebsites,
  );
  return { id: websiteId, url };
}

export async function deleteWebsite(userId: string, websiteId: string): Promise<void> {
  const removed = await removeCounted(
    userId,
    "websites",
    WebsiteEntity.delete({ userId, websiteId }).where((attr, op) => op.exists(attr.createdAt)),
  );
  if (!removed) throw notFound(PROFILE_MESSAGES.noSuchWebsite);
}
