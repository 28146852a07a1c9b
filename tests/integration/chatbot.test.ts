import { beforeAll, describe, expect, it } from "vitest";
import { botReply, BOT_MESSAGES, HELP_TEXT } from "@graph/core/modules/chatbot";
import { utcDay } from "@graph/core/adapters/dynamo";
import * as Articles from "@graph/core/modules/articles";
import { displayTopic, PhraseMatcher, phraseKey } from "@graph/core/lib/matching";
import * as Search from "@graph/core/modules/search";
import * as Topics from "@graph/core/modules/topics";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import type { Article } from "../../packages/core/src/modules/articles/article.entity.ts";
import { SilencedSourceEntity } from "../../packages/core/src/modules/feed/silenced-source.entity.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";

/**
 * The bot answers from graph's own data, called in-process as the chat's send path calls it:
 * the feed engine's postings for "what's new", article search for "find", the person's topics
 * and the settings page's suggestions.
 */
const api = useTestApi();
const HOUR = 3_600_000;
/** Unique to this run, so no other test's articles or phrases meet these. */
const run = Math.random().toString(36).slice(2, 7);
/** As graph shows a topic once added (each word capitalised). */
const TOPIC = displayTopic(`Heron Migration ${run}`);
const OTHER_TOPIC = displayTopic(`Tide Tables ${run}`);

let serial = 0;
/** The days of the articles stored here: their search segments are built before the tests. */
const storedDays = new Set<string>();
/** An article stored as ingestion stores it, matched (indexed) against `phrases` as ingestion matches it. */
async function article(title: string, ageHours: number, phrases: string[], sourceId = `wire-${run}`) {
  const publishedAt = Date.now() - ageHours * HOUR;
  const articleId = `bot-${run}-${++serial}`;
  const item: Article = {
    articleId,
    sourceId,
    sourceName: "Wire Weekly",
    sourceType: "rss",
    title,
    link: `https://wire.example/${articleId}`,
    guid: articleId,
    summary: `Notes on ${title}.`,
    publishedAt,
    ingestedAt: Date.now(),
    day: utcDay(publishedAt),
    fingerprint: articleId,
  };
  await ArticleEntity.put(item).go();
  storedDays.add(item.day);
  const matcher = new PhraseMatcher();
  for (const phrase of phrases) matcher.add(phraseKey(phrase));
  await Articles.index(item, matcher);
  return item;
}

let person: Awaited<ReturnType<typeof signedIn>>;
const fresh: Article[] = [];
let old: Article;
let silencedOne: Article;

beforeAll(async () => {
  person = await signedIn(api);
  await Topics.add(person.userId, [TOPIC, OTHER_TOPIC]);
  const [other] = (await Topics.list(person.userId)).filter((t) => t.topic === OTHER_TOPIC);
  await Topics.toggleSupertag(person.userId, other!.id, true);
  // Seven fresh matches (more than an answer lists), one too old for the plan, one silenced.
  for (let i = 0; i < 7; i++) {
    fresh.push(await article(`${TOPIC} report ${i}`, i + 1, [TOPIC], `wire-${run}-${i % 3}`));
  }
  old = await article(`${TOPIC} archive`, 24 * 3, [TOPIC]);
  silencedOne = await article(`${TOPIC} from a silenced source`, 0.5, [TOPIC], `silenced-${run}`);
  // As the feed's "silence this source" stores it (the source itself needs no catalogue entry here).
  await SilencedSourceEntity.put({ userId: person.userId, sourceId: silencedOne.sourceId, createdAt: Date.now() }).go();
  await article(`Kingfisher sightings ${run}`, 2, []);
  // Each article's own day: an article hours old lies on yesterday's segment just after midnight UTC.
  await Search.markDirty(storedDays);
  await Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 });
});

const links = (reply: string) => [...reply.matchAll(/https:\/\/wire\.example\/\S+/g)].map((m) => m[0]);

describe("the bot", () => {
  it("lists what it understands on 'help'", async () => {
    const reply = await botReply({ userId: person.userId, text: "Help!" });
    expect(reply).toBe(HELP_TEXT);
    for (const command of ["what's new on", "find", "my topics", "suggest topics", "help"]) {
      expect(reply).toContain(`**${command}`);
    }
  });

  it("answers 'what's new on <topic>' with the best recent matches, at most five, each with its link", async () => {
    for (const text of [`what's new on ${TOPIC}?`, `Whats new about ${TOPIC.toUpperCase()}`]) {
      const reply = await botReply({ userId: person.userId, text });
      expect(reply).toMatch(/^What's new on \*\*/);
      const shown = links(reply);
      expect(shown).toHaveLength(5);
      // Only this person's fresh matches: nothing older than the plan covers, nothing silenced.
      for (const link of shown) expect(fresh.map((a) => a.link)).toContain(link);
      expect(reply).not.toContain(old.link);
      expect(reply).not.toContain(silencedOne.link);
      // Each article as a bold title with its link on the next line.
      const first = fresh.find((a) => a.link === shown[0])!;
      expect(reply).toContain(`**${first.title}** (Wire Weekly)\n${first.link}`);
      expect(reply.length).toBeLessThan(4000);
    }
  });

  it("answers a topic nobody follows from article search: recent articles with it in their title", async () => {
    const reply = await botReply({ userId: person.userId, text: `what's new on kingfisher sightings ${run}` });
    expect(reply.split("\n")[0]).toBe(BOT_MESSAGES.newsFromSearch(`kingfisher sightings ${run}`));
    expect(reply).toContain(`**Kingfisher sightings ${run}**`);
    expect(links(reply)).toHaveLength(1);
  });

  it("says so when nothing recent matches a topic", async () => {
    const reply = await botReply({ userId: person.userId, text: `what's new on nothing here zzq${run}` });
    expect(reply).toBe(BOT_MESSAGES.noNews(`nothing here zzq${run}`, 1));
    expect(await botReply({ userId: person.userId, text: "what's new" })).toBe(BOT_MESSAGES.newsNeedsTopic);
  });

  it("answers 'find <words>' with article search's results and their links", async () => {
    // Relevance first: the one article with every word comes first, partial matches after it.
    const reply = await botReply({ userId: person.userId, text: `Find kingfisher sightings ${run}` });
    expect(reply.split("\n").slice(0, 2)).toEqual([
      BOT_MESSAGES.findHeader(`kingfisher sightings ${run}`),
      `1. **Kingfisher sightings ${run}** (Wire Weekly)`,
    ]);

    const many = await botReply({ userId: person.userId, text: `search for heron migration ${run}` });
    expect(links(many)).toHaveLength(5);
    expect(await botReply({ userId: person.userId, text: `find zzqx${run}` })).toBe(
      BOT_MESSAGES.noResults(`zzqx${run}`),
    );
  });

  it("lists the person's topics on 'my topics', supertags in bold", async () => {
    const reply = await botReply({ userId: person.userId, text: "My topics?" });
    expect(reply).toBe(`${BOT_MESSAGES.topicsHeader(2)}\n${TOPIC}, **${OTHER_TOPIC}**`);
    const stranger = await signedIn(api);
    expect(await botReply({ userId: stranger.userId, text: "my topics" })).toBe(BOT_MESSAGES.noTopics);
  });

  it("suggests topics the person does not follow on 'suggest topics'", async () => {
    const reply = await botReply({ userId: person.userId, text: "suggest topics" });
    expect(reply.split("\n")[0]).toBe(BOT_MESSAGES.suggestHeader);
    const suggested = [...reply.matchAll(/^- \*\*(.+?)\*\*/gm)].map((m) => m[1]);
    expect(suggested.length).toBeGreaterThan(0);
    expect(suggested.length).toBeLessThanOrEqual(5);
    expect(suggested).not.toContain(TOPIC);
    expect(suggested).not.toContain(OTHER_TOPIC);
  });

  it("says plainly it does not understand anything else, and points to 'help'", async () => {
    for (const text of ["hello", "what is the weather", "finding nemo", "   "]) {
      const reply = await botReply({ userId: person.userId, text });
      expect(reply).toBe(BOT_MESSAGES.notUnderstood);
      expect(reply).toContain("**help**");
    }
  });
});
