/**
 * Text normalisation shared by topics and articles. A topic matches an article when the topic's
 * tokens occur as adjacent tokens of the article, so both sides must go through `tokenize`. What
 * it does, language by language:
 *
 * Every script
 * - compatibility forms are unfolded (NFKD: 'ﬁ' → 'fi', full-width 'Ａ' → 'A', Arabic
 *   presentation forms → letters), text is lowercased (Latin, Greek, Cyrillic, Armenian…);
 * - a token is a run of letters, digits and combining marks; everything else splits ('node.js'
 *   → 'node', 'js'; 'machine-learning' → 'machine', 'learning'), except that an apostrophe inside
 *   a word joins it ("don't" → 'dont') and a possessive "'s" goes away ("OpenAI's" → 'openai'),
 *   save in French, Italian and Catalan text, where it marks an elided word and splits
 *   ("l'intelligence" → 'l', 'intelligence'; "dell'arte" → 'dell', 'arte').
 *   So a topic matches whole words only: 'art' never matches 'article' or 'smart', in any script.
 *
 * Accents and vowel marks (dropped on both sides, so a topic matches with or without them)
 * - Latin, Greek and Cyrillic diacritics ('Café' → 'cafe', 'Zürich' → 'zurich', 'ά' → 'α',
 *   'й' → 'и'), and ß æ œ ø ł đ ð þ ı spelt out ('Straße' → 'strasse');
 * - Arabic short vowels and other tashkeel, the dagger alif, the hamza on alif, waw and yeh
 *   ('أ' 'إ' 'آ' → 'ا') and the tatweel; Hebrew niqqud and cantillation;
 * - marks that carry meaning are kept: Devanagari and other Indic vowel signs, Thai vowels and
 *   tone marks, kana voicing ('が' stays 'が', not 'か').
 *
 * Scripts written without spaces (Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar)
 * - each character, with the marks that follow it, is a token of its own, so a topic in these
 *   scripts matches wherever its characters occur in a row ('機械学習' in '東京で機械学習を学ぶ').
 *   The texts mark no word boundaries, and a dictionary segmenter's boundaries move with the
 *   context (a topic could fail to match text in which it plainly stands), so recall wins: a
 *   topic also matches inside a longer word ('京都' in '東京都'), as a person searching the text
 *   for it would find it. Longer topics make that rarer.
 * - letters of other scripts in such text stay whole words: 'AI研究' → 'ai', '研', '究', so the
 *   topic 'AI' matches there (it is the word AI), while a Latin-script topic never matches
 *   characters of these scripts, which never fold to Latin letters.
 * - Hangul is written with spaces and matches word by word like Latin; a particle written onto a
 *   word ('한국은') makes it another word, so the topic '한국' does not match it (no false
 *   match, a missed one). The same holds for Arabic and Hebrew prefixes ('الذكاء', 'ה...').
 *
 * Symbols
 * - 'C++', 'C#' and 'F#' become 'cpp', 'csharp' and 'fsharp', so those topics do not collapse
 *   into the letter 'c' (which would match 'Vitamin C').
 *
 * English plurals (the only per-language rule)
 * - English plurals fold to one form ('networks' → 'network', 'policies' → 'policy',
 *   'boxes' → 'box', 'classes' → 'class'), leaving words shorter than four letters and words like
 *   'news', 'analysis', 'physics', 'virus' alone. The folded form is a matching key, not always
 *   the dictionary word ('movies' → 'movie' but 'databases' → 'database').
 * - Topics have no language, so their keys always fold. Article text folds when its language is
 *   English, unknown, or written in another script than Latin (the Latin words of Arabic or
 *   Japanese text are mostly English names and terms). Text in another Latin-script language
 *   (French, Spanish, German…) does not fold: its -s and -es endings are its own words, and
 *   folding them made false matches (French 'dans' → topic 'Dan', 'mais' → 'Mai'; Spanish
 *   'pies' (feet) → 'Pie'). The price: a topic typed in the plural ('Redes') has a folded key
 *   ('rede') and matches such text only where the folded form is written.
 *
 * `tokenize` is idempotent on its own output: `tokenize(tokens.join(' '))` answers `tokens`, so a
 * stored phrase key can be normalised again without changing.
 */

/** Characters of scripts written without spaces; each one is a token. */
const UNSPACED_CLASS = String.raw`(?!\p{M})[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]`;
const UNSPACED = new RegExp(UNSPACED_CLASS, "u");
const UNSPACED_G = new RegExp(UNSPACED_CLASS, "gu");
/**
 * Marks dropped: combining diacritics (the blocks Latin, Greek and Cyrillic letters decompose
 * into), Hebrew points and cantillation, Arabic tashkeel, Quranic marks and the tatweel.
 */
const DIACRITICS =
  // eslint-disable-next-line no-misleading-character-class -- a class of lone combining marks, each removed alone
  /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u0640\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e8\u06ea-\u06ed]/g;
/** Letters NFKD leaves whole. */
const LETTER_FOLDS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};
const FOLDABLE_LETTERS = /[ßæœøłđðþı]/g;
const NON_ASCII = /[\u0080-\uffff]/;
const ASCII_SPLIT = /[^a-z0-9]+/;
const UNICODE_SPLIT = /[^\p{L}\p{N}\p{M}]+/u;
const APOSTROPHE = /['’ʼ]/;
const APOSTROPHES = /['’ʼ]/g;
/** Languages whose apostrophe marks an elided word ("l'intelligence", "dell'arte"): it splits. */
const ELIDING = new Set(["fr", "it", "ca"]);
/** An apostrophe inside or ending a word, with a possessive s: removed so the word stays whole. */
const WORD_APOSTROPHE = /(?<=[\p{L}\p{N}])['’ʼ](?:s(?![\p{L}\p{N}]))?/gu;
const ASCII_WORD_APOSTROPHE = /(?<=[a-z0-9])'(?:s(?![a-z0-9]))?/g;
const SYMBOL_NAMES = /(?<![\p{L}\p{N}])(?:c\+\+|c#|f#)(?![\p{L}\p{N}+#])/gu;
const SYMBOL_WORDS: Record<string, string> = { "c++": " cpp ", "c#": " csharp ", "f#": " fsharp " };

function symbolName(symbol: string): string {
  return SYMBOL_WORDS[symbol]!;
}

export interface TokenizeOptions {
  /**
   * The text's language (a BCP 47 tag, see `primaryLanguage`). Only whether English plurals fold
   * depends on it (see the module comment); unknown folds, as do topics, which have none.
   */
  language?: string;
  /**
   * Fold English plurals even so (the default follows `language`). `false` keeps each word as
   * written (lowercased, accents removed), one token for each folded token, in the same order.
   */
  foldPlurals?: boolean;
}

/** Whether English plural folding applies to text in `language` (see the module comment). */
export function foldsPlurals(language: string | undefined): boolean {
  const primary = primaryLanguage(language);
  return primary === undefined || primary === "en" || scriptOfLanguage(primary) !== "Latin";
}

/** The tokens of `text`, normalised for matching (see the module comment). */
export function tokenize(text: string, options?: TokenizeOptions): string[] {
  if (!text) return [];
  const language = options?.language === undefined ? undefined : primaryLanguage(options.language);
  const fold = (options?.foldPlurals ?? true) && (language === undefined || foldsPlurals(language));
  const ascii = !NON_ASCII.test(text);
  let s = ascii
    ? text.toLowerCase()
    : text
        .normalize("NFKD")
        .toLowerCase()
        .replace(DIACRITICS, "")
        .normalize("NFC")
        .replace(FOLDABLE_LETTERS, (c) => LETTER_FOLDS[c]!);
  if (APOSTROPHE.test(s)) {
    s =
      language !== undefined && ELIDING.has(language)
        ? s.replace(APOSTROPHES, " ")
        : s.replace(ascii ? ASCII_WORD_APOSTROPHE : WORD_APOSTROPHE, "");
  }
  if (s.includes("+") || s.includes("#")) s = s.replace(SYMBOL_NAMES, symbolName);

  const pieces = s.split(ascii ? ASCII_SPLIT : UNICODE_SPLIT);
  const tokens: string[] = [];
  const unspaced = !ascii && UNSPACED.test(s);
  for (const piece of pieces) {
    if (!piece) continue;
    if (ascii) tokens.push(fold ? foldPlural(piece) : piece);
    else if (unspaced && UNSPACED.test(piece)) splitUnspaced(piece, tokens, fold);
    else pushWord(piece, tokens, fold);
  }
  return tokens;
}

/** An article's text as tokens (see `tokenize`), its title and body apart. */
export interface ArticleTokens {
  title: readonly string[];
  body: readonly string[];
}

/**
 * An article's title and body tokenised once, each on its own, the article's language (a BCP 47
 * tag, when known) deciding plural folding: what the phrase matcher and an article's terms both
 * read, so an article is tokenised once however many matchers look at it.
 */
export function tokenizeArticle(article: { title?: string; body?: string; language?: string }): ArticleTokens {
  const options = article.language === undefined ? undefined : { language: article.language };
  return { title: tokenize(article.title ?? "", options), body: tokenize(article.body ?? "", options) };
}

/** 'ai研究者です' → 'ai', '研', '究', '者', 'で', 'す'. */
function splitUnspaced(piece: string, out: string[], fold: boolean): void {
  let last = 0;
  for (const m of piece.matchAll(UNSPACED_G)) {
    const at = m.index;
    if (at > last) pushWord(piece.slice(last, at), out, fold);
    // A following voicing mark or other combining mark stays with its character.
    let end = at + m[0].length;
    while (end < piece.length && MARK.test(piece[end]!)) end++;
    out.push(piece.slice(at, end));
    last = end;
  }
  if (last < piece.length) pushWord(piece.slice(last), out, fold);
}

const LEADING_MARKS = /^\p{M}+/u;
const MARK = /\p{M}/u;

/** Adds a word, without any marks it starts with (a run of marks with no letter is no word). */
function pushWord(word: string, out: string[], fold: boolean): void {
  const trimmed = MARK.test(word[0]!) ? word.replace(LEADING_MARKS, "") : word;
  if (trimmed) out.push(fold ? foldPlural(trimmed) : trimmed);
}

/** The dictionary key of a topic: its tokens joined by one space ('' if it has none). */
export function phraseKey(topic: string): string {
  return tokenize(topic).join(" ");
}

/**
 * How a topic is shown: trimmed, runs of white space collapsed to one space and each word
 * starting with a capital ('neural  networks' → 'Neural Networks'). The rest of each word is kept
 * as typed, so 'AI', 'NASA' and 'GPT-4' keep their capitals.
 */
export function displayTopic(raw: string): string {
  return raw
    .normalize("NFC")
    .split(/\s+/u)
    .filter((word) => word.length > 0)
    .map(capitalise)
    .join(" ");
}

function capitalise(word: string): string {
  const first = word.codePointAt(0)!;
  const head = String.fromCodePoint(first);
  return head.toUpperCase() + word.slice(head.length);
}

// ---------------------------------------------------------------------------------------------
// Plural folding

/** Words ending in s that are not plurals (or whose plural reading would collide). */
// prettier-ignore
const INVARIANT = new Set([
  "news", "series", "species", "means", "lens", "bias", "alias", "atlas", "canvas", "christmas",
  "texas", "kansas", "arkansas", "dallas", "vegas", "pancreas", "chaos", "cosmos", "ethos",
  "kudos", "pathos", "macos", "thermos", "asbestos", "lagos", "carlos", "santos", "barbados",
  "always", "perhaps", "whereas", "mumps", "measles", "rabies", "herpes", "diabetes", "mars",
  "james", "charles", "wales", "athens", "jones", "reuters", "hermes", "mercedes", "cannes",
  "brussels", "achilles", "hercules", "moses", "ares", "aries", "sometimes", "towards",
]);

/** Plurals the suffix rules get wrong, and their folded forms. */
// prettier-ignore
const IRREGULAR = new Map<string, string>([
  ["lenses", "lens"], ["gases", "gas"], ["biases", "bias"], ["aliases", "alias"],
  ["atlases", "atlas"], ["canvases", "canvas"], ["analyses", "analysis"], ["crises", "crisis"],
  ["theses", "thesis"], ["hypotheses", "hypothesis"], ["diagnoses", "diagnosis"],
  ["prognoses", "prognosis"], ["syntheses", "synthesis"], ["parentheses", "parenthesis"],
  ["emphases", "emphasis"], ["oases", "oasis"], ["uses", "use"], ["abuses", "abuse"],
  ["misuses", "misuse"], ["excuses", "excuse"], ["fuses", "fuse"], ["muses", "muse"],
  ["refuses", "refuse"], ["ruses", "ruse"], ["quizzes", "quiz"], ["niches", "niche"],
  ["cliches", "cliche"], ["quiches", "quiche"], ["psyches", "psyche"], ["avalanches", "avalanche"],
  ["wolves", "wolf"], ["knives", "knife"], ["leaves", "leaf"], ["lives", "life"],
  ["wives", "wife"], ["halves", "half"], ["shelves", "shelf"], ["thieves", "thief"],
  ["calves", "calf"], ["loaves", "loaf"], ["elves", "elf"], ["goes", "go"], ["does", "do"],
]);

/** Words whose folded form is fixed: the irregular plurals and the invariant words. */
const SPECIAL = new Map<string, string>([...IRREGULAR, ...[...INVARIANT].map((w): [string, string] => [w, w])]);

/** Singular words ending in -ie, whose plural is -ies but not from -y. */
// prettier-ignore
const IE_WORDS = new Set([
  "movie", "cookie", "zombie", "rookie", "selfie", "hoodie", "brownie", "smoothie", "calorie",
  "prairie", "genie", "indie", "freebie", "goalie", "newbie", "techie", "foodie", "auntie",
  "pixie", "magpie", "sortie", "birdie", "collie", "hippie", "yuppie", "junkie", "groupie",
  "veggie", "beanie", "budgie", "roadie", "talkie", "walkie", "coterie", "menagerie",
  "reverie", "rotisserie", "pinkie", "cutie", "bookie", "lingerie", "boogie", "eerie",
]);

/** Singular words ending in -oe, whose plural is -oes but not from -o. */
const OE_WORDS = new Set(["shoe", "canoe", "oboe", "tiptoe", "throe", "floe", "sloe"]);

/** Plurals in -is (most words in -is are singular: analysis, tennis, paris). */
// prettier-ignore
const PLURAL_IS = new Set([
  "apis", "kiwis", "emojis", "taxis", "wikis", "skis", "bikinis", "martinis", "safaris", "yetis",
  "alibis", "sushis", "semis", "rabbis", "minis", "unis", "maxis", "tikis", "khakis", "salamis",
  "tsunamis", "zucchinis", "bonsais", "israelis", "iraqis", "pakistanis", "saudis", "somalis",
  "nepalis", "bengalis", "kuwaitis", "qataris", "yemenis", "omanis", "emiratis", "punjabis",
  "jedis", "kpis", "guis",
]);

/** Plurals in -us (most words in -us are singular: virus, campus, famous). */
// prettier-ignore
const PLURAL_US = new Set([
  "cpus", "gpus", "tpus", "npus", "vpus", "dpus", "qpus", "apus", "mcus", "skus", "menus", "gurus",
  "emus", "gnus", "haikus", "tutus", "sudokus", "tofus", "snafus", "bayous", "kudzus", "zebus",
  "tabus", "impromptus", "jiujitsus",
]);

// prettier-ignore
const S = 115, U = 117, I = 105, E = 101, J = 106, C = 99, X = 120, Z = 122, H = 104, O = 111, A = 97;

/** Folds an English plural to the form its singular folds to. Idempotent. */
export function foldPlural(w: string): string {
  const n = w.length;
  if (n < 4 || w.charCodeAt(n - 1) !== S) return w;
  const special = SPECIAL.get(w);
  if (special !== undefined) return special;
  const p = w.charCodeAt(n - 2);
  if (p === S || p === J) return w; // class, nodejs
  if (p === U) return PLURAL_US.has(w) ? w.slice(0, -1) : w; // virus, famous; gpus, menus
  if (p === I) return PLURAL_IS.has(w) ? w.slice(0, -1) : w; // analysis, tennis; apis
  if (p === C && w.charCodeAt(n - 3) === I) return w; // physics, economics
  if (p !== E) return w.slice(0, -1); // networks, ideas, videos, days
  const q = w.charCodeAt(n - 3);
  switch (q) {
    case I: // policies → policy, movies → movie, ties → tie
      if (n === 4) return w.slice(0, -1);
      return IE_WORDS.has(w.slice(0, -3) + "ie") ? w.slice(0, -1) : w.slice(0, -3) + "y";
    case X: // boxes → box
      return w.slice(0, -2);
    case S: {
      const r = w.charCodeAt(n - 4);
      if (r === S) return w.slice(0, -2); // classes → class
      if (r === U) {
        const before = w.charCodeAt(n - 5);
        return before === O || before === A ? w.slice(0, -1) : w.slice(0, -2); // houses, causes; viruses, buses
      }
      return w.slice(0, -1); // bases → base, courses → course
    }
    case Z: // quizzes handled above; buzzes → buzz, sizes → size
      return w.charCodeAt(n - 4) === Z ? w.slice(0, -2) : w.slice(0, -1);
    case H: {
      const r = w.charCodeAt(n - 4);
      if (r === S) return w.slice(0, -2); // dishes → dish
      if (r !== C) return w.slice(0, -1);
      // churches → church, but caches → cache and headaches → headache
      if (w.endsWith("aches")) {
        const before = n > 5 ? w.charCodeAt(n - 6) : 0;
        if (before !== E && before !== O) return w.slice(0, -1);
      }
      return w.slice(0, -2);
    }
    case O: // heroes → hero, shoes → shoe
      if (n === 4 || w.endsWith("shoes") || OE_WORDS.has(w.slice(0, -1))) return w.slice(0, -1);
      return w.slice(0, -2);
    default: // games → game, curves → curve
      return w.slice(0, -1);
  }
}

// ---------------------------------------------------------------------------------------------
// Language tags

/** Deprecated ISO 639 codes some feeds still send, and their current ones. */
const RENAMED: Record<string, string> = { iw: "he", in: "id", ji: "yi", jw: "jv", mo: "ro" };
/** Tags that name no language. */
const NO_LANGUAGE = new Set(["und", "mul", "zxx", "mis"]);

/**
 * The BCP 47 primary language subtag of a declared language ('en-US' → 'en', 'ZH_cn' → 'zh',
 * 'iw' → 'he'), or undefined for anything that is not a language tag ('English', 'x-klingon',
 * 'und', '').
 */
export function primaryLanguage(tag: string | undefined | null): string | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/, 1)[0];
  if (!primary || !/^[a-z]{2,3}$/.test(primary) || NO_LANGUAGE.has(primary)) return undefined;
  return RENAMED[primary] ?? primary;
}

/** The languages each non-Latin script is written in (primary subtags); any other is taken as Latin-script. */
const LANGUAGES_OF_SCRIPT: Record<string, string[]> = {
  Arabic: ["ar", "fa", "ur", "ps", "ku", "sd", "ug"],
  Hebrew: ["he", "yi"],
  Kana: ["ja"],
  Han: ["zh", "ja", "yue"],
  Hangul: ["ko"],
  Cyrillic: ["ru", "uk", "be", "bg", "mk", "sr", "kk", "ky", "mn", "tg", "tt", "ba"],
  Greek: ["el"],
  Thai: ["th"],
  Devanagari: ["hi", "mr", "ne", "sa"],
  Bengali: ["bn", "as"],
  Tamil: ["ta"],
  Telugu: ["te"],
  Armenian: ["hy"],
  Georgian: ["ka"],
  Ethiopic: ["am", "ti"],
  Khmer: ["km"],
  Lao: ["lo"],
  Myanmar: ["my"],
};
const SCRIPT_OF_LANGUAGE = new Map<string, string>();
for (const [script, languages] of Object.entries(LANGUAGES_OF_SCRIPT)) {
  for (const language of languages) if (!SCRIPT_OF_LANGUAGE.has(language)) SCRIPT_OF_LANGUAGE.set(language, script);
}

/** The script a language (a primary subtag) is written in: 'Latin' for any this table does not name. */
export function scriptOfLanguage(language: string): string {
  return SCRIPT_OF_LANGUAGE.get(language) ?? "Latin";
}
