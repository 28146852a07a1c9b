/**
 * What graph's bot understands and how it words its answers: pure (no I/O), so the parsing and
 * the formatting are tested on their own and the page may share the commands' names.
 */

/** Articles a "what's new" or "find" answer lists at most. */
export const MAX_ARTICLES = 5;
/** Suggestions a "suggest topics" answer lists at most. */
export const MAX_SUGGESTIONS = 5;
/** An answer stays under the chat's content limit (4000 characters), with room to spare. */
export const MAX_REPLY_CHARS = 3900;
/** A title is shortened to this many characters in an answer. */
export const MAX_TITLE_CHARS = 160;
/** "What's new" looks this far back at most (less when the person's plan covers less). */
export const NEWS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export type BotCommand =
  | { kind: "help" }
  | { kind: "news"; topic: string }
  | { kind: "find"; words: string }
  | { kind: "myTopics" }
  | { kind: "suggest" }
  | { kind: "unknown" };

export const HELP_TEXT = [
  "Here is what I understand:",
  "- **what's new on <topic>**: the best recent articles on a topic",
  "- **find <words>**: search every article",
  "- **my topics**: the topics you follow",
  "- **suggest topics**: topics you might like",
  "- **help**: this list",
].join("\n");

export const BOT_MESSAGES = {
  notUnderstood: "Sorry, I don't understand that. Type **help** to see what I can do.",
  newsNeedsTopic: "Which topic? Try **what's new on** followed by a topic, e.g. *what's new on climate*.",
  findNeedsWords: "What should I look for? Try **find** followed by some words, e.g. *find solar power*.",
  findTooShort: "Search needs at least 2 characters.",
  noNews: (topic: string, days: number) =>
    `I found nothing new on **${topic}** in the last ${days === 1 ? "day" : `${days} days`}.`,
  newsHeader: (topic: string) => `What's new on **${topic}**:`,
  newsFromSearch: (topic: string) => `Recent articles with **${topic}** in their title:`,
  noResults: (words: string) => `No articles match **${words}**.`,
  findHeader: (words: string) => `Articles matching **${words}**:`,
  noTopics: "You don't follow any topics yet. Add some in settings, or type **suggest topics** for ideas.",
  topicsHeader: (n: number) => `You follow ${n} topic${n === 1 ? "" : "s"} (supertags in bold):`,
  noSuggestions: "I have no topic suggestions for you right now.",
  suggestHeader: "Topics you might like:",
  failed: "Sorry, I couldn't look that up just now. Please try again in a moment.",
  /** The one answer a person whose plan lacks the chat bot gets: what it is and where to upgrade. */
  planRequired: (upgradeLink: string, plan: string) =>
    [
      "Hi, I'm graph's bot. I find the best recent articles on a topic, search every article, list your topics and suggest new ones, right here in chat.",
      `The chat bot comes with the ${plan} plan, so this is my only answer for now. Upgrade here: ${upgradeLink}`,
    ].join("\n"),
} as const;

/** Curly quotes made straight, spaces collapsed, punctuation at either end dropped (case kept). */
function clean(text: string): string {
  const flat = text.replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'").replace(/\s+/g, " ");
  // Trimmed by scanning rather than with an end-anchored regex, which is quadratic on a long run
  // of punctuation.
  let start = 0;
  let end = flat.length;
  while (start < end && EDGE.has(flat[start]!)) start++;
  while (end > start && EDGE.has(flat[end - 1]!)) end--;
  return flat.slice(start, end);
}

/** Characters dropped from either end of a message or a command's argument. */
const EDGE = new Set(` "'.,!?:;*_~-`);

const HELP = /^(help|\/help|\?|commands|menu|what can you do|how does this work)$/i;
const MY_TOPICS = /^(show |list |what are )?my topics$|^(list |show )?topics$/i;
const SUGGEST = /^(suggest( me)?( some| an?)?( new)?( topics?)?|topic suggestions|suggestions|any suggestions)$/i;
/** "what's new on X", "whats new about X", "what is new in X", "news on X", "latest on X". */
const NEWS =
  /^(?:what'?s|what is|anything)\s+new\s*(?:on|about|in|with|for|regarding)?\b\s*(.*)$|^(?:news|latest|updates?)\s+(?:on|about|in|for)\s+(.*)$/i;
/** "find X", "search X", "search for X", "look for X". */
const FIND = /^(?:find|search(?:\s+for)?|look\s+for)\b\s*(.*)$/i;

/** The command a message asks for: tolerant of case, punctuation and a few wordings. */
export function parseCommand(text: string): BotCommand {
  const cleaned = clean(text);
  if (HELP.test(cleaned)) return { kind: "help" };
  if (MY_TOPICS.test(cleaned)) return { kind: "myTopics" };
  if (SUGGEST.test(cleaned)) return { kind: "suggest" };
  const news = NEWS.exec(cleaned);
  if (news) return { kind: "news", topic: clean(news[1] ?? news[2] ?? "") };
  const find = FIND.exec(cleaned);
  if (find) return { kind: "find", words: clean(find[1] ?? "") };
  return { kind: "unknown" };
}

/**
 * Text from elsewhere (titles, topics) as plain text in a message: one line, shortened, and
 * without the characters the chat reads as formatting, so a title cannot bold the rest.
 */
export function plain(text: string, max = MAX_TITLE_CHARS): string {
  const flat = text.replace(/[*_`]/g, "").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** An article as a numbered line: its title in bold, then its link bare (the page links it). */
export function articleLine(n: number, article: { title: string; link: string; source?: string }): string {
  const source = article.source ? ` (${plain(article.source, 60)})` : "";
  return `${n}. **${plain(article.title) || "Untitled"}**${source}\n${article.link}`;
}

/** Keeps an answer within MAX_REPLY_CHARS, cutting at a line break where it can. */
export function fit(reply: string): string {
  if (reply.length <= MAX_REPLY_CHARS) return reply;
  const cut = reply.slice(0, MAX_REPLY_CHARS - 2);
  const line = cut.lastIndexOf("\n");
  return `${line > MAX_REPLY_CHARS / 2 ? cut.slice(0, line) : cut}\n…`;
}
