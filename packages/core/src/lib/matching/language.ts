/**
 * Languages of articles: the language a text's script tells, and an article's language from what
 * its feed and source declare (tags reduced to primary subtags by `primaryLanguage`) and its text. Latin-script text is not guessed at (telling
 * French from English needs statistics that fail on a short title); its language stays unknown
 * unless its feed or source declares it.
 */

import { primaryLanguage, scriptOfLanguage } from "./rules.ts";

/**
 * Scripts whose letters name a language (or the first one to assume), in the order they are
 * tested. Han alone is Chinese; Han with any kana is Japanese.
 */
const SCRIPTS: Array<{ script: string; letters: RegExp; language: string }> = [
  { script: "Arabic", letters: /\p{Script=Arabic}/gu, language: "ar" },
  { script: "Hebrew", letters: /\p{Script=Hebrew}/gu, language: "he" },
  { script: "Kana", letters: /[\p{Script=Hiragana}\p{Script=Katakana}]/gu, language: "ja" },
  { script: "Han", letters: /\p{Script=Han}/gu, language: "zh" },
  { script: "Hangul", letters: /\p{Script=Hangul}/gu, language: "ko" },
  { script: "Cyrillic", letters: /\p{Script=Cyrillic}/gu, language: "ru" },
  { script: "Greek", letters: /\p{Script=Greek}/gu, language: "el" },
  { script: "Thai", letters: /\p{Script=Thai}/gu, language: "th" },
  { script: "Devanagari", letters: /\p{Script=Devanagari}/gu, language: "hi" },
  { script: "Bengali", letters: /\p{Script=Bengali}/gu, language: "bn" },
  { script: "Tamil", letters: /\p{Script=Tamil}/gu, language: "ta" },
  { script: "Telugu", letters: /\p{Script=Telugu}/gu, language: "te" },
  { script: "Armenian", letters: /\p{Script=Armenian}/gu, language: "hy" },
  { script: "Georgian", letters: /\p{Script=Georgian}/gu, language: "ka" },
  { script: "Ethiopic", letters: /\p{Script=Ethiopic}/gu, language: "am" },
  { script: "Khmer", letters: /\p{Script=Khmer}/gu, language: "km" },
  { script: "Lao", letters: /\p{Script=Lao}/gu, language: "lo" },
  { script: "Myanmar", letters: /\p{Script=Myanmar}/gu, language: "my" },
];
const LATIN = /\p{Script=Latin}/gu;

/** Letters only a language's own alphabet has, telling it from the script's usual language. */
const DISTINCT_LETTERS: Array<{ within: string; letters: RegExp; language: string }> = [
  { within: "ar", letters: /[ٹڈڑںےھ]/u, language: "ur" },
  { within: "ar", letters: /[پچژگی]/u, language: "fa" },
  { within: "ru", letters: /[іїєґ]/iu, language: "uk" },
  { within: "ru", letters: /[ўі]/iu, language: "be" },
];

/** The script most of a text's letters are in, and how many letters it has in all. */
function dominantScript(text: string): { script: string; language?: string } | undefined {
  const latin = text.match(LATIN)?.length ?? 0;
  let best: (typeof SCRIPTS)[number] | undefined;
  let bestCount = 0;
  let kana = 0;
  for (const entry of SCRIPTS) {
    const count = text.match(entry.letters)?.length ?? 0;
    if (entry.script === "Kana") kana = count;
    if (count > bestCount) [best, bestCount] = [entry, count];
  }
  if (!best || bestCount < latin) return latin > 0 ? { script: "Latin" } : undefined;
  // Japanese mixes kanji with kana: any kana beside Han makes it Japanese.
  if (best.script === "Han" && kana > 0) return { script: "Kana", language: "ja" };
  return { script: best.script, language: best.language };
}

/**
 * The language a text's script tells: 'ar' for Arabic script (or 'fa'/'ur' when letters only
 * those alphabets have occur), 'he', 'ja' for Han with kana, 'zh' for Han alone, 'ko', 'ru' (or
 * 'uk'/'be'), 'el', 'th', 'hi' for Devanagari, and so on. Undefined for Latin-script text (see the
 * module comment) and for text without letters. The script of most letters wins, so a Latin
 * brand name in an Arabic sentence changes nothing.
 */
export function detectLanguage(text: string): string | undefined {
  const found = dominantScript(text);
  if (!found?.language) return undefined;
  const distinct = DISTINCT_LETTERS.find((d) => d.within === found.language && d.letters.test(text));
  return distinct?.language ?? found.language;
}

/**
 * The language of an article: the one declared (by its feed, else its source), unless its text
 * is plainly in another script (a feed in Arabic declaring the 'en-us' its software defaults to),
 * else the one its script tells. A primary subtag, or undefined when unknown.
 */
export function articleLanguage(text: string, ...declared: Array<string | undefined>): string | undefined {
  const stated = declared.map((tag) => primaryLanguage(tag)).find((language) => language !== undefined);
  const found = dominantScript(text);
  if (!stated) return found?.language ? detectLanguage(text) : undefined;
  if (!found) return stated;
  const statedScript = scriptOfLanguage(stated);
  const fits =
    statedScript === found.script ||
    (found.script === "Han" && stated === "ja") ||
    (found.script === "Kana" && stated === "ja");
  return fits ? stated : (detectLanguage(text) ?? stated);
}
