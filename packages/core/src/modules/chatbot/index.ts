import * as Articles from "../articles/index.ts";
import * as Feed from "../feed/index.ts";
import { phraseKey, tokenize } from "../../lib/matching/index.ts";
import { Resource } from "sst";
import { cheapestPlanWith, PLAN_LIMITS, planIncludes, UPGRADE_PATH, type Plan } from "../../lib/plans/index.ts";
import * as Search from "../search/index.ts";
import * as Sources from "../sources/index.ts";
import * as Suggestions from "../suggestions/index.ts";
import * as Topics from "../topics/index.ts";
import * as Users from "../users/index.ts";
import {
  articleLine,
  BOT_MESSAGES,
  fit,
  HELP_TEXT,
  MAX_ARTICLES,
  MAX_SUGGESTIONS,
  NEWS_WINDOW_MS,
  parseCommand,
  plain,
} from "./rules.ts";
import { log } from "../../lib/observability/index.ts";

export { parseCommand, HELP_TEXT, BOT_MESSAGES, type BotCommand } from "./rules.ts";

/**
 * graph's bot: answers a person's message from graph's own data — the feed engine's matches,
 * article search, the person's topics and the topic suggestions — with no outside service.
 * The answer is plain chat text (`**bold**`, bare links) under the chat's length limit. A
 * failed look-up answers an apology rather than throwing, so the conversation always gets a reply.
 */
export async function botReply({ userId, text, plan }: { userId: string; text: string; plan?: Plan }): Promise<string> {
  const command = parseCommand(text);
  try {
    switch (command.kind) {
      case "help":
        return HELP_TEXT;
      case "news":
        return fit(command.topic ? await news(userId, command.topic, plan) : BOT_MESSAGES.newsNeedsTopic);
      case "find":
        return fit(command.words ? await find(command.words, plan) : BOT_MESSAGES.findNeedsWords);
      case "myTopics":
        return fit(await myTopics(userId));
      case "suggest":
        return fit(await suggest(userId));
      case "unknown":
        return BOT_MESSAGES.notUnderstood;
    }
  } catch (error) {
    log.error("chatbot: answering a request failed", { kind: command.kind, error });
    return BOT_MESSAGES.failed;
  }
}

/**
 * Whether the bot answers a person's message, and how: with its answer, or, for a person whose
 * plan lacks the chat bot, with what it is and the upgrade link once (the first message to claim
 * it, and that message's resend), and nothing at all after that (null).
 */
export async function botAnswerFor(question: {
  userId: string;
  messageId: string;
  text: string;
}): Promise<string | null> {
  const user = await Users.byId(question.userId);
  if (!user) return null;
  if (!planIncludes(user.plan, "chatBot")) {
    if (!(await Users.claimBotIntroduction(question.userId, question.messageId))) return null;
    const upgrade = `${Resource.Config.siteUrl.replace(/\/+$/, "")}${UPGRADE_PATH}`;
    return BOT_MESSAGES.planRequired(upgrade, PLAN_LIMITS[cheapestPlanWith("chatBot")].label);
  }
  return botReply({ userId: question.userId, text: question.text, plan: user.plan });
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Postings read for the topic: as deep as a feed refresh reads one topic at most. */
const NEWS_POSTINGS = 200;
/** Fresher articles rank higher: an article a day old counts half as much as a new one. */
const NEWS_HALF_LIFE_HOURS = 24;

/**
 * The best recent articles matching a topic, chosen as the feed chooses them: the feed engine's
 * postings for the phrase within the person's plan's coverage (at most a week), title matches
 * above body matches, fresh above old, no one source crowding the list, silenced sources and
 * untrusted sources the person did not suggest left out. A phrase nobody follows has no postings
 * (the engine matches only followed phrases): article search answers for it instead.
 */
async function news(userId: string, topic: string, known?: Plan, now = Date.now()): Promise<string> {
  const phrase = phraseKey(topic);
  const name = plain(topic, 60);
  if (!phrase) return BOT_MESSAGES.newsNeedsTopic;
  const plan = known ?? (await Users.byId(userId))?.plan;
  const windowMs = Math.min(NEWS_WINDOW_MS, plan ? PLAN_LIMITS[plan].coverageMs : NEWS_WINDOW_MS);
  const since = now - windowMs;
  const [postings, silenced, unreached] = await Promise.all([
    Articles.postingsFor([phrase], since, NEWS_POSTINGS, now),
    Feed.Silenced.ids(userId),
    Sources.untrustedNotSuggestedBy(userId),
  ]);
  const pool = (postings.get(phrase) ?? [])
    .filter((p) => p.publishedAt <= now && !silenced.has(p.sourceId) && !unreached.has(p.sourceId))
    .map((p) => {
      const ageHours = Math.max(0, (now - p.publishedAt) / HOUR_MS);
      const strength = (p.inTitle ? 2 : 1) * (1 + 0.1 * Math.min(5, p.titleCount + p.bodyCount - 1));
      return { ...p, score: strength * (0.3 + 0.7 * 0.5 ** (ageHours / NEWS_HALF_LIFE_HOURS)) };
    });
  const days = Math.max(1, Math.round(windowMs / DAY_MS));
  if (pool.length === 0) return newsFromSearch(topic, name, since, days, { silenced, unreached });
  // A few spare picks: a copy displaced by its original may still have postings, and is skipped.
  const picks = Feed.diversePicks(pool, MAX_ARTICLES * 2);
  const articles = await Articles.byIds(picks.map((p) => p.articleId));
  const shown = picks
    .map((p) => articles.get(p.articleId))
    .filter((a) => a !== undefined && a.duplicateOf === undefined)
    .slice(0, MAX_ARTICLES);
  if (shown.length === 0) return BOT_MESSAGES.noNews(name, days);
  return [
    BOT_MESSAGES.newsHeader(name),
    ...shown.map((a, i) => articleLine(i + 1, { title: a!.title, link: a!.link, source: a!.sourceName })),
  ].join("\n");
}

/**
 * For a topic the feed engine does not match yet (nobody follows it): recent articles article
 * search finds with every word of the topic in their title, from sources the person's feed
 * would show.
 */
async function newsFromSearch(
  topic: string,
  name: string,
  since: number,
  days: number,
  hidden: { silenced: Set<string>; unreached: Set<string> },
): Promise<string> {
  const words = tokenize(topic);
  if (topic.length < Search.MIN_QUERY_LENGTH || words.length === 0) return BOT_MESSAGES.noNews(name, days);
  const { results } = await Search.searchArticles(topic.slice(0, Search.MAX_QUERY_CHARS), 1);
  const titled = results.filter((r) => {
    if (Date.parse(r.publication_date) < since) return false;
    const inTitle = new Set(tokenize(r.title));
    return words.every((w) => inTitle.has(w));
  });
  const articles = await Articles.byIds(titled.map((r) => r.id));
  const shown = titled
    .filter((r) => {
      const article = articles.get(r.id);
      return article && !hidden.silenced.has(article.sourceId) && !hidden.unreached.has(article.sourceId);
    })
    .slice(0, MAX_ARTICLES);
  if (shown.length === 0) return BOT_MESSAGES.noNews(name, days);
  return [
    BOT_MESSAGES.newsFromSearch(name),
    ...shown.map((r, i) => articleLine(i + 1, { title: r.title, link: r.link, source: r.source })),
  ].join("\n");
}

/** Article search's first results, relevance first, within the person's plan's coverage when known. */
async function find(words: string, plan?: Plan): Promise<string> {
  const query = words.slice(0, Search.MAX_QUERY_CHARS);
  if (query.length < Search.MIN_QUERY_LENGTH) return BOT_MESSAGES.findTooShort;
  const { results } = await Search.searchArticles(query, 1, plan ? { coverageMs: PLAN_LIMITS[plan].coverageMs } : {});
  const name = plain(query, 60);
  if (results.length === 0) return BOT_MESSAGES.noResults(name);
  return [
    BOT_MESSAGES.findHeader(name),
    ...results
      .slice(0, MAX_ARTICLES)
      .map((r, i) => articleLine(i + 1, { title: r.title, link: r.link, source: r.source })),
  ].join("\n");
}

/** The person's topics, oldest first, supertags in bold; as many as fit, then how many more. */
async function myTopics(userId: string): Promise<string> {
  const topics = await Topics.list(userId);
  if (topics.length === 0) return BOT_MESSAGES.noTopics;
  const header = BOT_MESSAGES.topicsHeader(topics.length);
  const names = topics.map((t) => (t.isSupertag ? `**${plain(t.topic, 60)}**` : plain(t.topic, 60)));
  // Leave room for the header and the "and N more" line.
  const budget = 3600 - header.length;
  let used = 0;
  let count = 0;
  while (count < names.length && used + names[count]!.length + 2 <= budget) used += names[count++]!.length + 2;
  const more = names.length - count;
  return `${header}\n${names.slice(0, count).join(", ")}${more > 0 ? `\n…and ${more} more.` : ""}`;
}

/** The settings page's topic suggestions, each with why it is suggested. */
async function suggest(userId: string): Promise<string> {
  const suggestions = await Suggestions.similarTopics(userId, { limit: MAX_SUGGESTIONS });
  if (suggestions.length === 0) return BOT_MESSAGES.noSuggestions;
  return [
    BOT_MESSAGES.suggestHeader,
    ...suggestions.map((s) => `- **${plain(s.topic, 60)}**${s.why ? `: ${plain(s.why, 200)}` : ""}`),
    "Add the ones you like in settings.",
  ].join("\n");
}
