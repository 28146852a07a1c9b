import type { OutgoingEmail } from "../../adapters/queues/index.ts";
import type { DigestPick } from "../feed/index.ts";
import type { FriendsArticle } from "../following-feed/index.ts";
import { PICKS_GROUP } from "../feed/rules.ts";
import { escapeHtml } from "../../lib/util/index.ts";

/** One of the e-mail's sections: a heading and its articles, each with the line that says why. */
interface Section {
  title: string;
  items: Array<{ title: string; link: string; sourceName: string; why: string }>;
}

const names = (people: string[]) =>
  people.length <= 3 ? people.join(", ") : `${people.slice(0, 3).join(", ")} and ${people.length - 3} more`;

/**
 * A digest as an e-mail: sections like the feed's groups, each article with its topics and link,
 * then (an advanced digest's settings) what the people they follow shared and liked. The HTML
 * and the text are drawn from the same sections, so they hold the same articles and links.
 */
export function digestEmail(input: {
  to: string;
  username: string;
  dayLabel: string;
  groupOrder: string[];
  picks: DigestPick[];
  /** The following feed's picks since the last digest (advanced, when chosen). */
  followingFeed?: FriendsArticle[];
  /** This week's likes of the people they follow, most liked first (advanced, when chosen). */
  followingLikes?: FriendsArticle[];
  siteUrl: string;
  unsubscribeUrl: string;
  oneClickUrl: string;
}): OutgoingEmail {
  const { picks, siteUrl, unsubscribeUrl } = input;
  const sections: Section[] = [
    ...input.groupOrder.map((group) => ({
      title: group === PICKS_GROUP ? "top picks" : group,
      items: picks.filter((p) => p.group === group).map((p) => ({ ...p, why: `matched: ${p.topics.join(", ")}` })),
    })),
    {
      title: "from people you follow",
      items: (input.followingFeed ?? []).map((a) => ({ ...a, why: `shared by ${names(a.by)}` })),
    },
    {
      title: "liked this week by people you follow",
      items: (input.followingLikes ?? []).map((a) => ({
        ...a,
        why: `liked by ${a.by.length} ${a.by.length === 1 ? "person" : "people"} you follow: ${names(a.by)}`,
      })),
    },
  ].filter((s) => s.items.length > 0);
  const total = new Set(sections.flatMap((s) => s.items.map((i) => i.link))).size;
  const count = `${total} new article${total === 1 ? "" : "s"}`;
  const intro = `your graph digest for ${input.dayLabel}: ${count} for your topics.`;

  const text = [
    intro,
    ...sections.flatMap((s) => [
      "",
      `== ${s.title} ==`,
      ...s.items.flatMap((i) => [`- ${i.title} (${i.sourceName})`, `  ${i.link}`, `  ${i.why}`]),
    ]),
    "",
    `open your feed: ${siteUrl}/home`,
    `unsubscribe from these e-mails: ${unsubscribeUrl}`,
  ].join("\n");

  const article = (i: Section["items"][number]) =>
    `<li style="margin:0 0 14px"><a href="${escapeHtml(i.link)}" style="color:#1d1d1f;font-weight:600">${escapeHtml(i.title)}</a><br><span style="color:#777;font-size:13px">${escapeHtml(i.sourceName)} · ${escapeHtml(i.why)}</span></li>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1d1d1f;max-width:560px;margin:24px auto;line-height:1.5"><p>${escapeHtml(intro)}</p>${sections
    .map(
      (s) =>
        `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(s.title)}</h2><ul style="padding-left:18px;margin:0">${s.items.map(article).join("")}</ul>`,
    )
    .join(
      "",
    )}<p><a href="${escapeHtml(siteUrl)}/home">open your feed</a></p><p style="color:#777;font-size:12px;margin-top:32px">you get this because you turned on the e-mail digest in graph. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#777">unsubscribe</a></p></body></html>`;

  return {
    to: input.to,
    subject: `your graph digest: ${count}`,
    text,
    html,
    headers: [
      // RFC 2369 / RFC 8058: mail providers show an unsubscribe button that POSTs to the URL.
      { name: "List-Unsubscribe", value: `<${input.oneClickUrl}>` },
      { name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" },
    ],
  };
}
