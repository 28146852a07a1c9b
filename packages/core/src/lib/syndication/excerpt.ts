/**
 * What a card shows of an item's text: a short excerpt, and how long the whole reads. Both work
 * on plain text (the parser has removed the markup and decoded the entities already).
 */

/** An excerpt is at most this long: three lines of a card on a desktop, a few more on a phone (clamped there). */
export const MAX_EXCERPT_LENGTH = 280;
/**
 * Below this many words an item carries a teaser, not the article, so no reading time is given:
 * 150 words is under a minute's reading, and teasers (a paragraph and "Continue reading") are
 * shorter than that.
 */
export const MIN_READING_WORDS = 150;
/** Words a minute an adult reads on a screen (the common estimate, as other readers use). */
const WORDS_PER_MINUTE = 230;
/** Chinese and Japanese characters are counted as half a word each (about 500 characters a minute). */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g;

/**
 * The sentences feed software appends to every item, which say nothing of the article:
 * WordPress's "The post … appeared first on …", "Continue reading …", "Read more", "[…]".
 */
const BOILERPLATE = [
  /\bThe post\b[\s\S]{1,400}?\bappeared first on\b[\s\S]{0,200}?(?:[.!]|$)/gi,
  /\bThis (?:post|article|entry) (?:was )?(?:originally )?(?:appeared|published) (?:first )?on\b[^\n.]{0,200}[.]?/gi,
  /\b(?:Continue|Keep) reading\b[^\n]{0,200}?(?:→|»|…|\.\.\.|$)/gi,
  /\bRead (?:more|the (?:full|rest of the) (?:article|story|post))\b\s*(?:→|»|…|\.\.\.)?/gi,
  /\[(?:…|\.\.\.|&hellip;)\]/g,
];

/** Text without the feed software's boilerplate, whitespace collapsed. */
export function withoutBoilerplate(text: string): string {
  let out = text;
  for (const pattern of BOILERPLATE) out = out.replace(pattern, " ");
  return out.replace(/\s+/g, " ").trim();
}

/**
 * Two or three lines of plain text for a card: boilerplate dropped, cut at a word with '…' when
 * longer. Undefined when nothing is left, or when it only repeats the title.
 */
export function excerptOf(summary: string, title = ""): string | undefined {
  const text = withoutBoilerplate(summary);
  if (!text) return undefined;
  const same = (a: string) => a.toLowerCase().replace(/[\s\p{P}]+/gu, "");
  if (same(text) === same(title)) return undefined;
  if (text.length <= MAX_EXCERPT_LENGTH) return text;
  let cut = text.slice(0, MAX_EXCERPT_LENGTH - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(" ");
  if (space >= MAX_EXCERPT_LENGTH * 0.6) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.-]+$/u, "")}…`;
}

/** Words in a text, a Chinese or Japanese character counting as half of one. */
export function wordCount(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const words = text
    .replace(CJK, " ")
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return words + Math.round(cjk / 2);
}

/**
 * Minutes the whole text takes to read (at least 1), when the item carries enough of it: at
 * least `MIN_READING_WORDS` words, and not a teaser that ends in "…" or "Continue reading".
 */
export function readingMinutes(text: string): number | undefined {
  const trimmed = text.trim();
  if (
    /(?:…|\.\.\.|\[…\]|\[\.\.\.\]|(?:continue|keep) reading\W*|read more\W*)$/i.test(
      withoutTrailingBoilerplate(trimmed),
    )
  )
    return undefined;
  const words = wordCount(withoutBoilerplate(trimmed));
  if (words < MIN_READING_WORDS) return undefined;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** The text before a trailing "The post … appeared first on …" (which follows a teaser's "…"). */
function withoutTrailingBoilerplate(text: string): string {
  return text.replace(/\s*\bThe post\b[\s\S]{1,400}?\bappeared first on\b[\s\S]*$/i, "").trim();
}
