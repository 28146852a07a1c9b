import { createApi } from "@graph/functions/api/app";
import { Sessions } from "@graph/core/modules/auth";
import * as Feed from "@graph/core/modules/feed";
import * as Profile from "@graph/core/modules/profile";
import { BUILTIN_TOPICS } from "@graph/core/modules/topics/rules";
import * as Topics from "@graph/core/modules/topics";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { DirectoryEntity } from "../../packages/core/src/modules/users/directory.entity.ts";
import { UniqueEntity } from "../../packages/core/src/modules/users/unique.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { countReads } from "./reads.ts";
import { ratio, row, sample } from "./stats.ts";

const SITE = "http://bench.local";
const TOPICS = 60;
const LIKES = 60;
const THOUGHTS = 30;

/**
 * The spec's reads that draw a profile page, one request each: the owner's id comes from the
 * first (by username), the other 18 go out together once it is known. Paths of sections built
 * later (media, photos, following, overlap) answer what they answer today (404 or 401), so the
 * separate side is if anything cheaper here than it will be.
 */
const separateReads = (id: string, viewer: string) => [
  `/api/users/profile_order/${id}`,
  `/api/contacts/from_db/${id}`,
  `/api/overlap/user_overlap/${id}`,
  `/api/overlap/user_overlap_number/${id}`,
  `/api/users/see_following/${id}`,
  `/api/users/check_follow/${viewer}/${id}`,
  `/api/images/from_db_by_user_id/${id}`,
  `/api/spotify/top_artists/${id}`,
  `/api/spotify/top_tracks_db/${id}`,
  `/api/books/from_db_by_user_id/${id}`,
  `/api/movies/from_db_by_user_id/${id}`,
  `/api/thoughts/from_db_by_user_id/${id}`,
  `/api/gpt/from_db/${id}`,
  `/api/websites/from_db_by_user_id/${id}`,
  `/api/youtube/top_channels_db/${id}`,
  `/api/youtube/from_db/videos/${id}`,
  `/api/articles/from_db_by_user_id/${id}`,
  `/api/users/username/${id}`,
];

/**
 * The public profile page: the one read that answers the whole page against the spec's 19
 * separate reads, through the API in process (the network's round trips, 19 against 1, come on
 * top on a real page), with a signed-in viewer.
 */
export async function profileBench() {
  const userId = "bench-profile-owner";
  const username = "benchprofile";
  const now = Date.now();
  await UserEntity.create({
    userId,
    username,
    email: "benchprofile@example.com",
    passwordHash: "unused",
    isVerified: true,
    plan: "free",
    hasOnboarded: true,
    createdAt: now,
  }).go();
  await UniqueEntity.create({ kind: "username", value: username, userId }).go();
  await DirectoryEntity.put({ usernameLower: username, username, userId }).go();
  await Topics.add(userId, BUILTIN_TOPICS.slice(0, TOPICS));
  await Topics.replaceAims(userId, [{ content: "Read more widely" }, { content: "Write every week" }]);
  await Profile.saveContacts(userId, { about: "bench.example", socials: "social.example/bench" });
  for (let i = 0; i < THOUGHTS; i++)
    await Profile.addThought(userId, { title: `Thought ${i}`, content: "words ".repeat(40) }, now + i);
  for (let i = 0; i < 3; i++) await Profile.addWebsite(userId, `site${i}.example`);
  for (let i = 0; i < LIKES; i++) {
    const articleId = `bench-profile-article-${i}`;
    await ArticleEntity.put({
      articleId,
      sourceId: "bench-profile-source",
      sourceName: "Bench Profile Source",
      sourceType: "rss",
      title: `An article the owner added, number ${i}`,
      link: `https://bench.example/profile/${i}`,
      guid: articleId,
      publishedAt: now,
      ingestedAt: now,
      day: new Date(now).toISOString().slice(0, 10),
      fingerprint: articleId,
    }).go();
    await Feed.Likes.toggle(userId, articleId, true);
  }
  const viewerId = "bench-profile-viewer";
  const { token } = await Sessions.create(viewerId);
  const api = createApi({ clientAddressOf: () => "198.51.100.7" });
  const get = async (path: string) => {
    const response = await api.request(`${SITE}${path}`, { headers: { cookie: `graph_session=${token}` } });
    await response.arrayBuffer();
    return response.status;
  };

  const one = async () => {
    if ((await get(`/api/users/profile/${username}`)) !== 200) throw new Error("the profile read failed");
  };
  const separate = async () => {
    await get(`/api/users/profile_order_by_username/${username}`);
    await Promise.all(separateReads(userId, viewerId).map(get));
  };

  console.log("\n## public profile page (API in process, DynamoDB stand-in)");
  console.log(
    `owner with ${TOPICS} topics, ${LIKES} added articles, ${THOUGHTS} thoughts, 3 websites, aims and contacts; signed-in viewer`,
  );
  const reads = countReads();
  const single = await sample(100, one);
  const many = await sample(100, separate);
  let before = reads.snapshot();
  await one();
  const perOne = reads.since(before);
  before = reads.snapshot();
  await separate();
  const perMany = reads.since(before);
  console.log(row("one read: GET /users/profile/{username}", single));
  console.log(row("19 separate reads (1, then 18 at once)", many));
  console.log(
    `  one read: 1 HTTP request, ${perOne.requests} DynamoDB requests (${perOne.detail}), ${perOne.items} items`,
  );
  console.log(
    `  separate: 19 HTTP requests in 2 round trips, ${perMany.requests} DynamoDB requests (${perMany.detail}), ${perMany.items} items`,
  );
  console.log(
    `19 separate reads take ${ratio(many.p50, single.p50)} the one read's time at p50 (${ratio(many.p95, single.p95)} at p95), before the network's 18 extra requests`,
  );
}
