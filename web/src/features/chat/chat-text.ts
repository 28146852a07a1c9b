/**
 * A chat message's text as React elements: `**bold**`, `*italic*` and web addresses made links.
 * Everything else stays text — React escapes it — so a message can never inject markup: no HTML
 * string is built at any point.
 */
import { createElement, Fragment, type ReactNode } from "react";
import { LinkifyIt } from "linkify-it";

export type TextNode =
  | { kind: "text"; text: string }
  | { kind: "bold"; children: TextNode[] }
  | { kind: "italic"; children: TextNode[] }
  | { kind: "link"; text: string; href: string };

// Bare addresses ("example.com/x") are linked too; only web and mail addresses are: no `ftp:`,
// no protocol-relative `//host`.
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true }).add("ftp:", null).add("//", null);
const SAFE_HREF = /^(https?:|mailto:)/i;

interface LinkRange {
  start: number;
  end: number;
  text: string;
  href: string;
}

function findLinks(text: string): LinkRange[] {
  if (!linkify.test(text)) return [];
  return (linkify.match(text) ?? [])
    .filter((m) => SAFE_HREF.test(m.url))
    .map((m) => ({ start: m.index, end: m.lastIndex, text: m.text, href: m.url }));
}

const isSpace = (ch: string | undefined) => ch === undefined || /\s/u.test(ch);

/**
 * Parses `text[start, end)`. Emphasis markers are looked for outside links only (a `*` in an
 * address stays part of it); an opening marker must be followed, and a closing one preceded, by a
 * non-space, so `2 * 3 * 4` stays arithmetic.
 */
function parseRange(text: string, start: number, end: number, links: LinkRange[]): TextNode[] {
  const nodes: TextNode[] = [];
  let plain = "";
  const flush = () => {
    if (plain) nodes.push({ kind: "text", text: plain });
    plain = "";
  };
  const linkAt = (i: number) => links.find((l) => l.start === i && l.end <= end);
  /** The index of the closing `marker` for an opening at `from`, or -1. */
  const closing = (from: number, marker: string) => {
    for (let j = from + marker.length + 1; j + marker.length <= end; j++) {
      const link = links.find((l) => l.start === j);
      if (link) {
        j = link.end - 1;
        continue;
      }
      if (!text.startsWith(marker, j) || isSpace(text[j - 1])) continue;
      // `*a**` is not an italic closed by the first star of a `**`.
      if (marker === "*" && text[j + 1] === "*") {
        j++;
        continue;
      }
      return j;
    }
    return -1;
  };

  for (let i = start; i < end;) {
    const link = linkAt(i);
    if (link) {
      flush();
      nodes.push({ kind: "link", text: link.text, href: link.href });
      i = link.end;
      continue;
    }
    if (text[i] === "*") {
      const marker = text.startsWith("**", i) ? "**" : "*";
      if (!isSpace(text[i + marker.length])) {
        const close = closing(i, marker);
        if (close !== -1) {
          flush();
          const children = parseRange(text, i + marker.length, close, links);
          nodes.push({ kind: marker === "**" ? "bold" : "italic", children });
          i = close + marker.length;
          continue;
        }
      }
      plain += marker;
      i += marker.length;
      continue;
    }
    plain += text[i];
    i++;
  }
  flush();
  return nodes;
}

/** The message's structure: text, bold, italic and links, nested as written. */
export function parseMessageText(text: string): TextNode[] {
  return parseRange(text, 0, text.length, findLinks(text));
}

export const LINK_REL = "noopener noreferrer nofollow";

function toElements(nodes: TextNode[]): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.kind) {
      case "text":
        return createElement(Fragment, { key }, node.text);
      case "bold":
        return createElement("strong", { key }, ...toElements(node.children));
      case "italic":
        return createElement("em", { key }, ...toElements(node.children));
      case "link":
        return createElement(
          "a",
          { key, href: node.href, target: "_blank", rel: LINK_REL, className: "chat-message__link" },
          node.text,
        );
    }
  });
}

/** The message's text as React elements (text children only, never inner HTML). */
export function renderMessageText(text: string): ReactNode[] {
  return toElements(parseMessageText(text));
}
