/**
 * graph's messages in Discord's shapes, within Discord's limits (a message is refused whole,
 * 400 "Invalid Form Body", when any is passed): embeds carry the picks, `content` the rest.
 * The shapes rendered are the channels module's `PicksMessage | { text }`.
 */
import type { PicksMessage } from "../../modules/channels/rules.ts";

export type Picks = PicksMessage;
export type DiscordAnswer = Picks | { text: string };

/** Discord's limits on a message (discord.com/developers/docs/resources/message#embed-object-embed-limits). */
export const LIMITS = {
  content: 2000,
  embeds: 10,
  title: 256,
  description: 4096,
  authorName: 256,
  footerText: 2048,
  /** Every embed's title, description, author name and footer text together. */
  total: 6000,
} as const;

/** The closing line is graph's own text: held well under the footer's limit, so the picks keep their room. */
const FOOTER_MAX = 500;
/** What a pick's why is held to at least when the total is short (the title and source count first). */
const ELLIPSIS = "…";

export interface Embed {
  title: string;
  url?: string;
  description?: string;
  author?: { name: string };
  footer?: { text: string };
}
export interface DiscordMessage {
  content: string;
  embeds: Embed[];
  /** Nothing a title or a why says pings anyone (`@everyone` in an article's title stays text). */
  allowed_mentions: { parse: [] };
}

/**
 * `text` cut to `max` UTF-16 units (what JavaScript counts, never fewer than the characters Discord
 * counts), on a character boundary, with an ellipsis when cut.
 */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return "";
  let out = "";
  for (const char of text) {
    if (out.length + char.length > max - ELLIPSIS.length) break;
    out += char;
  }
  return out + ELLIPSIS;
}

const webAddress = (link: string) => {
  if (link.length > 2000 || !URL.canParse(link)) return undefined;
  return /^https?:$/.test(new URL(link).protocol) ? link : undefined;
};

const embedSize = (e: Embed) =>
  e.title.length + (e.description?.length ?? 0) + (e.author?.name.length ?? 0) + (e.footer?.text.length ?? 0);

/** A pick's embed, each part within its own limit and the whole within `room` characters. */
function pickEmbed(item: Picks["items"][number], room: number): Embed {
  const source = cut(item.source.trim(), Math.min(LIMITS.authorName, Math.floor(room / 4)));
  const title = cut(
    item.title.trim() || item.link.trim() || "untitled",
    Math.min(LIMITS.title, room - source.length - 1),
  );
  const why = cut(item.why.trim(), Math.min(LIMITS.description, room - source.length - title.length));
  const url = webAddress(item.link);
  return {
    title,
    ...(url ? { url } : {}),
    ...(why ? { description: why } : {}),
    ...(source ? { author: { name: source } } : {}),
  };
}

/**
 * The picks as a message: the header as its content, one embed a pick (its title as the
 * embed's title and link, the source as its author, why it matched as its description), and
 * the closing line as the last embed's footer. At most 10 picks go (the content says how many
 * more are in graph); when all of them would pass 6000 characters, each gets an equal share.
 */
export function picksMessage(picks: Picks): DiscordMessage {
  const shown = picks.items.slice(0, LIMITS.embeds);
  const more = picks.items.length - shown.length;
  const footer = cut(picks.footer?.trim() ?? "", FOOTER_MAX);
  const withFooter = (embeds: Embed[]) => {
    const last = embeds.at(-1);
    if (last && footer) last.footer = { text: footer };
    return embeds;
  };
  let embeds = withFooter(shown.map((item) => pickEmbed(item, LIMITS.total)));
  if (embeds.reduce((sum, e) => sum + embedSize(e), 0) > LIMITS.total) {
    const share = Math.floor((LIMITS.total - footer.length) / shown.length);
    embeds = withFooter(shown.map((item) => pickEmbed(item, share)));
  }
  const header = picks.header.trim() + (more > 0 ? `\n…and ${more} more in graph.` : "");
  // With no picks the footer still has its place: a message needs content or an embed.
  const closing = shown.length === 0 && footer ? `\n${footer}` : "";
  return {
    content: cut(header + closing, LIMITS.content) || ELLIPSIS,
    embeds,
    allowed_mentions: { parse: [] },
  };
}

/** A plain answer as a message (Discord refuses an empty one). */
export const textMessage = (text: string): DiscordMessage => ({
  content: cut(text.trim(), LIMITS.content) || ELLIPSIS,
  embeds: [],
  allowed_mentions: { parse: [] },
});

export const messageOf = (answer: DiscordAnswer): DiscordMessage =>
  "text" in answer ? textMessage(answer.text) : picksMessage(answer);
