import { notFound } from "../../lib/errors/index.ts";
import * as Images from "../images/index.ts";
import * as Users from "../users/index.ts";
import { sectionsShownTo } from "./section-order.ts";

/** The number of articles the person added to graph (the profile's "node count"). */
export async function nodeCount(userId: string): Promise<{ likeCount: number }> {
  // The feed module (topics, sources, the feed's reads) is imported here, not by the profile
  // page function, which reads only the name and the photo (`profileMeta`).
  const Feed = await import("../feed/index.ts");
  return { likeCount: (await Feed.Likes.likedIds(userId)).length };
}

/**
 * The node count as `viewerId` (undefined when signed out) may see it: it counts the articles
 * section, so while the owner hides that section others get none (null), as they get none of
 * its articles. The owner always sees their own.
 */
export async function shownNodeCount(
  userId: string,
  viewerId: string | undefined,
): Promise<{ likeCount: number | null }> {
  const [shown, count] = await Promise.all([sectionsShownTo(userId, viewerId), nodeCount(userId)]);
  return { likeCount: shown.has("articles") ? count.likeCount : null };
}

/** Whose public profile a name is (404 for an unknown or unverified name). */
export async function publicProfileOwner(username: string): Promise<{ userId: string; username: string }> {
  const user = await Users.byUsername(username);
  if (!user) throw notFound("No such profile.");
  return { userId: user.userId, username: user.username };
}

/** The little a page's `<title>` and preview tags need, or nothing for a name that is no profile. */
export async function profileMeta(username: string) {
  const user = await Users.byUsername(username);
  if (!user) return undefined;
  return { username: user.username, imageUrl: await Images.primaryImageUrl(user.userId) };
}
