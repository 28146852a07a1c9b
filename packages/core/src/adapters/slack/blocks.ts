import type { PicksMessage } from "../../modules/channels/rules.ts";

/** Block Kit's limits: blocks a message, characters a header's and a section's text. */
export const SLACK_LIMITS = { blocks: 50, headerText: 150, sectionText: 3000, fallbackText: 3000 } as const;

/** Text for mrkdwn: Slack reads `&`, `<` and `>` as markup, so they are escaped. */
export const escapeMrkdwn = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** A link's address as a `<url|text>` link may hold it (its `|` and `>` would end it early). */
const linkAddress = (url: string) => url.replace(/\|/g, "%7C").replace(/>/g, "%3E").replace(/</g, "%3C");

type Block =
  | { type: "header"; text: { type: "plain_text"; text: string; emoji: boolean } }
  | { type: "section"; text: { type: "mrkdwn"; text: string } }
  | { type: "context"; elements: Array<{ type: "mrkdwn"; text: string }> };

/**
 * The picks as an incoming webhook's body: a header, a section per pick (its title as a link,
 * its source and why it matched) and the footer, within Block Kit's limits (50 blocks, 150
 * characters a header, 3000 a section), with a plain `text` for notifications.
 */
export function picksBody(message: PicksMessage): { text: string; blocks: Block[] } {
  const room = SLACK_LIMITS.blocks - 1 - (message.footer ? 1 : 0);
  const items = message.items.slice(0, room);
  const blocks: Block[] = [
    { type: "header", text: { type: "plain_text", text: cut(message.header, SLACK_LIMITS.headerText), emoji: false } },
    ...items.map((item): Block => {
      const tail = `\n${escapeMrkdwn(item.source)} · ${escapeMrkdwn(item.why)}`;
      const link = linkAddress(item.link);
      // The title gives way first: the link, source and reason always fit.
      const titleRoom = Math.max(10, SLACK_LIMITS.sectionText - tail.length - link.length - 6);
      const text = `*<${link}|${cut(escapeMrkdwn(item.title), titleRoom)}>*${tail}`;
      return { type: "section", text: { type: "mrkdwn", text: cut(text, SLACK_LIMITS.sectionText) } };
    }),
  ];
  if (message.footer)
    blocks.push({ type: "context", elements: [{ type: "mrkdwn", text: cut(escapeMrkdwn(message.footer), 3000) }] });
  const text = cut(`${message.header}: ${items.map((i) => i.title).join(" · ")}`, SLACK_LIMITS.fallbackText);
  return { text, blocks };
}

/** A plain message's body (mrkdwn as given: graph's own texts). */
export const textBody = (text: string) => ({ text: cut(text, SLACK_LIMITS.fallbackText) });
