import type { OutgoingEmail } from "../../adapters/queues/index.ts";
import type { DigestPick } from "../feed/index.ts";
import { PICKS_GROUP } from "../feed/rules.ts";
import { escapeHtml } from "../../lib/util/index.ts";

/** The day's digest as an e-mail: sections like the feed's groups, each article with its topics and link. */
export function digestEmail(input: {
  to: string;
  username: string;
  dayLabel: string;
  groupOrder: string[];
  picks: DigestPick[];
  siteUrl: string;
  unsubscribeUrl: string;
  oneClickUrl: string;
}): OutgoingEmail {
  const { picks, siteUrl, unsubscribeUrl } = input;
  const sections = input.groupOrder
    .map((group) => ({ group, items: picks.filter((p) => p.group === group) }))
    .filter((s) => s.items.length > 0);
  const title = (group: string) => (group === PICKS_GROUP ? "top picks" : group);
  const count = `${picks.length} new article${picks.length === 1 ? "" : "s"}`;

  const text = [
    `your graph digest for ${input.dayLabel}: ${count} for your topics.`,
    ...sections.flatMap((s) => [
      "",
      `== ${title(s.group)} ==`,
      ...s.items.flatMap((p) => [`- ${p.title} (${p.sourceName})`, `  ${p.link}`, `  matched: ${p.topics.join(", ")}`]),
    ]),
    "",
    `open your feed: ${siteUrl}/home`,
    `unsubscribe from these e-mails: ${unsubscribeUrl}`,
  ].join("\n");

  const article = (p: DigestPick) =>
    `<li style="margin:0 0 14px"><a href="${escapeHtml(p.link)}" style="color:#1d1d1f;font-weight:600">${escapeHtml(p.title)}</a><br><span style="color:#777;font-size:13px">${escapeHtml(p.sourceName)} · matched ${escapeHtml(p.topics.join(", "))}</span></li>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1d1d1f;max-width:560px;margin:24px auto;line-height:1.5"><p>your graph digest for ${escapeHtml(input.dayLabel)}: ${count} for your topics.</p>${sections
    .map(
      (s) =>
        `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(title(s.group))}</h2><ul style="padding-left:18px;margin:0">${s.items.map(article).join("")}</ul>`,
    )
    .join(
      "",
    )}<p><a href="${escapeHtml(siteUrl)}/home">open your feed</a></p><p style="color:#777;font-size:12px;margin-top:32px">you get this because you turned on the daily digest in graph. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#777">unsubscribe</a></p></body></html>`;

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
