/**
 * Text written with markdown's marks, shown as plain text without them: `**bold**` → "bold",
 * `[a link](https://…)` → "a link". For the places that show a line or a short block of what
 * someone wrote, inside a control (a profile item is a button, which may hold no link) or cut to
 * a few characters (the inbox's preview), where emphasis and links cannot be shown as such and
 * their marks would only get in the way. The result is a string, which React renders as text:
 * nothing of it is ever markup.
 */

/** An emphasis mark's content: starts and ends with a non-space, so `2 * 3 * 4` stays arithmetic. */
const INNER = String.raw`(\S(?:.*?\S)?)`;
/** The same for a single star, whose content neither starts nor ends with another. */
const INNER_STAR = String.raw`([^\s*](?:.*?[^\s*])?)`;

const RULES: Array<[RegExp, string]> = [
  // Images and links keep their text: ![alt](src), [text](href).
  [/!\[([^\]\n]*)\]\([^)\s]*(?:\s+"[^"]*")?\)/gu, "$1"],
  [/\[([^\]\n]+)\]\([^)\s]*(?:\s+"[^"]*")?\)/gu, "$1"],
  // Inline code keeps what it quotes.
  [/`([^`\n]+)`/gu, "$1"],
  // Strong before emphasis, so `**a**` is not read as `*` around `*a*`.
  [new RegExp(String.raw`\*\*${INNER}\*\*`, "gu"), "$1"],
  [new RegExp(String.raw`(^|[^\p{L}\p{N}_])__${INNER}__(?![\p{L}\p{N}_])`, "gu"), "$1$2"],
  [new RegExp(String.raw`~~${INNER}~~`, "gu"), "$1"],
  [new RegExp(String.raw`(^|[^*])\*${INNER_STAR}\*(?!\*)`, "gu"), "$1$2"],
  // A lone underscore pair only around words: snake_case_names stay as they are.
  [new RegExp(String.raw`(^|[^\p{L}\p{N}_])_${INNER}_(?![\p{L}\p{N}_])`, "gu"), "$1$2"],
  // Line starts: headings, quotes, list bullets.
  [/^[ \t]{0,3}#{1,6}[ \t]+/gmu, ""],
  [/^[ \t]{0,3}>[ \t]?/gmu, ""],
  [/^([ \t]*)[*+-][ \t]+/gmu, "$1• "],
];

/** `text` without markdown's marks, its words and line breaks kept. */
export function markdownToText(text: string): string {
  let plain = text;
  for (const [pattern, replacement] of RULES) plain = plain.replace(pattern, replacement);
  return plain;
}
