import * as Articles from "../articles/index.ts";
import * as Feed from "../feed/index.ts";
import * as Follows from "../follows/index.ts";
import * as Mutes from "../mutes/index.ts";
import { pictureAddress } from "../pictures/index.ts";
import * as Users from "../users/index.ts";

export { likedByFollowed, sharedSince, type FriendsArticle } from "./digest.ts";

/** A friend's pick in the spec's wire shape (`GET /api/feed/following`). */
export interface FriendPick {
  article_id: string;
  title: string;
  link: string;
  source_name: string;
  source_type: string;
  best_matching_keywords: string[];
  isAddedToGraph: boolean;
}

export interface FriendSession {
  user_id: string;
  username: string;
  /** The friend's primary photo when the session was shared, if they had one. */
  image_url: string | null;
  created_at: string;
  graphpicks: FriendPick[];
}

/**
 * A page of the reader's following feed: friends' feed sessions, newest first, each with its
 * first few picks and whether the reader has them in their own graph. Built from the reader's
 * timeline (fanned out when the sessions were stored), so a page reads the same few items
 * whether the reader follows 5 people or 5,000: the timeline page, the page's authors' follow
 * edges and accounts (one batch each), and the reader's likes of the page's picks (one batch).
 * Picks the reader's filters hide are left out (a session keeps its place, so paging by
 * offset still counts sessions).
 */
export async function page(readerId: string, options: { limit: number; offset: number }): Promise<FriendSession[]> {
  const [sessions, filters] = await Promise.all([
    Follows.timeline(readerId, options.limit, options.offset),
    Mutes.read(readerId),
  ]);
  const articleIds = [...new Set(sessions.flatMap((s) => s.picks.map((p) => p.articleId)))];
  const [people, liked, muted] = await Promise.all([
    Users.byIds(sessions.map((s) => s.authorId)),
    Feed.Likes.likedAmong(readerId, articleIds),
    filteredPicks(filters, sessions),
  ]);
  return sessions.flatMap((s) => {
    const author = people.get(s.authorId);
    if (!author) return []; // an account deleted since: its sessions go with it
    return [
      {
        user_id: s.authorId,
        username: author.username,
        // A profile photo on graph's origin as it is; anything else through the picture proxy.
        image_url: pictureAddress(s.imageUrl),
        created_at: new Date(s.createdAt).toISOString(),
        graphpicks: s.picks
          .filter((p) => !muted.has(p.articleId))
          .map((p) => ({
            article_id: p.articleId,
            title: p.title,
            link: p.link,
            source_name: p.sourceName,
            source_type: p.sourceType,
            best_matching_keywords: p.bestMatchingKeywords,
            isAddedToGraph: liked.has(p.articleId),
          })),
      },
    ];
  });
}

/**
 * The picks of these sessions the reader's filters hide: judged on each article as stored (its
 * title, summary, language and source) where it still is, else on what the pick keeps; a word
 * muted within a topic applies to the picks the friend's matching topic of that name chose.
 */
async function filteredPicks(
  filters: Mutes.FeedFilters,
  sessions: Array<{
    picks: Array<{ articleId: string; title: string; sourceType: string; bestMatchingKeywords: string[] }>;
  }>,
): Promise<Set<string>> {
  if (!filters.active) return new Set();
  const picks = new Map(sessions.flatMap((s) => s.picks.map((p) => [p.articleId, p] as const)));
  const articles = await Articles.byIds([...picks.keys()]);
  return Mutes.hiddenAmong(
    filters,
    [...picks.values()].map((p) => ({
      ...(articles.get(p.articleId) ?? { articleId: p.articleId, title: p.title, sourceType: p.sourceType }),
      topics: p.bestMatchingKeywords,
    })),
  );
}
