import * as Articles from "../articles/index.ts";
import * as Feed from "../feed/index.ts";
import * as Follows from "../follows/index.ts";
import * as Mutes from "../mutes/index.ts";
import * as Profile from "../profile/index.ts";
import * as Users from "../users/index.ts";

/** An article from the people a person follows, for the advanced digest's sections. */
export interface FriendsArticle {
  id: string;
  title: string;
  link: string;
  sourceName: string;
  /** The people who shared (the following feed) or liked it, by username, first the newest. */
  by: string[];
  /** The newest share or like of it (epoch ms). */
  lastAt: number;
}

/** Sessions of the following timeline read for one digest: those since the last digest are at its head. */
const TIMELINE_SESSIONS = 30;
/** People whose likes are read at once. */
const LIKES_CONCURRENCY = 16;

/**
 * The following feed's picks shared after `since` (up to `until`), newest first, one card per
 * article however many friends shared it, the reader's muted words left out.
 */
export async function sharedSince(
  readerId: string,
  options: { since: number; until: number; limit: number },
): Promise<FriendsArticle[]> {
  const sessions = (await Follows.timeline(readerId, TIMELINE_SESSIONS, 0)).filter(
    (s) => s.createdAt > options.since && s.createdAt <= options.until,
  );
  const people = await Users.byIds([...new Set(sessions.map((s) => s.authorId))]);
  const byArticle = new Map<string, FriendsArticle>();
  for (const session of sessions) {
    const author = people.get(session.authorId);
    if (!author) continue; // an account deleted since
    for (const pick of session.picks) {
      const found = byArticle.get(pick.articleId);
      if (found) {
        if (!found.by.includes(author.username)) found.by.push(author.username);
        continue;
      }
      byArticle.set(pick.articleId, {
        id: pick.articleId,
        title: pick.title,
        link: pick.link,
        sourceName: pick.sourceName,
        by: [author.username],
        lastAt: session.createdAt,
      });
    }
  }
  return (await withoutMuted(readerId, [...byArticle.values()])).slice(0, options.limit);
}

/**
 * The articles the people the reader follows liked from `since` to `until`, most liked first
 * (then the most recently liked), the reader's muted words left out, and only from people who
 * show their articles section (their likes) to the reader. One query of each followed
 * person's likes in the window, so a digest's cost grows with the people followed, not with
 * how much they ever liked.
 */
export async function likedByFollowed(
  readerId: string,
  options: { since: number; until: number; limit: number },
): Promise<FriendsArticle[]> {
  const followed = await Follows.followingIds(readerId);
  const likes: Array<{ userId: string; likes: Awaited<ReturnType<typeof Feed.Likes.likedSince>> }> = [];
  for (let i = 0; i < followed.length; i += LIKES_CONCURRENCY) {
    const batch = followed.slice(i, i + LIKES_CONCURRENCY);
    // A person who hides their articles section shares none of their likes, here as on their profile.
    const read = await Promise.all(
      batch.map((userId) =>
        Profile.readSection(userId, "articles", readerId, (id) => Feed.Likes.likedSince(id, options.since)),
      ),
    );
    batch.forEach((userId, j) => likes.push({ userId, likes: read[j]!.filter((l) => l.likedAt <= options.until) }));
  }
  const people = await Users.byIds(likes.filter((l) => l.likes.length > 0).map((l) => l.userId));
  const byArticle = new Map<string, FriendsArticle & { likers: Array<{ name: string; at: number }> }>();
  for (const { userId, likes: theirs } of likes) {
    const person = people.get(userId);
    if (!person) continue;
    for (const like of theirs) {
      const found = byArticle.get(like.articleId) ?? {
        id: like.articleId,
        title: like.title,
        link: like.link,
        sourceName: like.sourceName,
        by: [],
        lastAt: 0,
        likers: [],
      };
      found.likers.push({ name: person.username, at: like.likedAt });
      found.lastAt = Math.max(found.lastAt, like.likedAt);
      byArticle.set(like.articleId, found);
    }
  }
  const ranked = [...byArticle.values()]
    .map(({ likers, ...article }) => ({
      ...article,
      by: likers.sort((a, b) => b.at - a.at).map((l) => l.name),
    }))
    .sort((a, b) => b.by.length - a.by.length || b.lastAt - a.lastAt || a.id.localeCompare(b.id));
  return (await withoutMuted(readerId, ranked)).slice(0, options.limit);
}

/**
 * The articles the reader's filters let through (muted words and, on a plan with filters, the
 * advanced ones), judged on each article as stored where it still is: its text, language and
 * source. One read of the filters, and of the articles only when a filter applies.
 */
async function withoutMuted(readerId: string, articles: FriendsArticle[]): Promise<FriendsArticle[]> {
  if (articles.length === 0) return articles;
  const filters = await Mutes.read(readerId);
  if (!filters.active) return articles;
  const stored = await Articles.byIds(articles.map((a) => a.id));
  const hidden = Mutes.hiddenAmong(
    filters,
    articles.map((a) => stored.get(a.id) ?? { articleId: a.id, title: a.title, sourceType: "rss" }),
  );
  return articles.filter((a) => !hidden.has(a.id));
}
