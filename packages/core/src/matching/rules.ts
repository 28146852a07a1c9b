/**
 * Text normalisation shared by topics and articles. A topic matches an article when the topic's
 * tokens occur as adjacent tokens of the article, so both sides must go through `tokenize`:
 *
 * - compatibility forms are unfolded (NFKD: 'ﬁ' → 'fi', full-width 'Ａ' → 'A'), text is lowercased
 *   and Latin/Greek/Cyrillic diacritics are dropped ('Café' → 'cafe', 'Zürich' → 'zurich');
 *   marks that carry meaning in other scripts (Devanagari vowel signs, kana voicing) are kept;
 * - a token is a run of letters and digits; everything else splits ('node.js' → 'node', 'js';
 *   'machine-learning' → 'machine', 'learning'), except that an apostrophe inside a word joins it
 *   ("don't" → 'dont') and a possessive "'s" goes away ("OpenAI's" → 'openai');
 * - 'C++', 'C#' and 'F#' become 'cpp', 'csharp' and 'fsharp', so those topics do not collapse
 *   into the letter 'c' (which would match 'Vitamin C');
 * - Han, Hiragana and Katakana are written without spaces, so each of those characters is a token
 *   of its own and a Japanese or Chinese topic matches as a run of adjacent characters;
 * - English plurals fold to one form ('networks' → 'network', 'policies' → 'policy',
 *   'boxes' → 'box', 'classes' → 'class'), leaving words shorter than four letters and words like
 *   'news', 'analysis', 'physics', 'virus' alone. The folded form is a matching key, not always
 *   the dictionary word ('movies' → 'movie' but 'databases' → 'database').
 *
 * `tokenize` is idempotent on its own output: `tokenize(tokens.join(' '))` answers `tokens`, so a
 * stored phrase key can be normalised again without changing.
 */

/** Characters of scripts written without spaces; each one is a token. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const UNSPACED_G = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** Combining diacritics (the blocks Latin, Greek and Cyrillic letters decompose into). */
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;
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
const NON_ASCII = /[^\x00-\x7f]/;
const ASCII_SPLIT = /[^a-z0-9]+/;
const UNICODE_SPLIT = /[^\p{L}\p{N}\p{M}]+/u;
const APOSTROPHE = /['’ʼ]/;
/** An apostrophe inside or ending a word, with a possessive s: removed so the word stays whole. */
const WORD_APOSTROPHE = /(?<=[\p{L}\p{N}])['’ʼ](?:s(?![\p{L}\p{N}]))?/gu;
const ASCII_WORD_APOSTROPHE = /(?<=[a-z0-9])'(?:s(?![a-z0-9]))?/g;
const SYMBOL_NAMES = /(?<![\p{L}\p{N}])(?:c\+\+|c#|f#)(?![\p{L}\p{N}+#])/gu;
const SYMBOL_WORDS: Record<string, string> = { "c++": " cpp ", "c#": " csharp ", "f#": " fsharp " };

function symbolName(symbol: string): string {
  return SYMBOL_WORDS[symbol]!;
}

/** The tokens of `text`, normalised for matching (see the module comment). */
export function tokenize(text: string): string[] {
  if (!text) return [];
  const ascii = !NON_ASCII.test(text);
  let s = ascii
    ? text.toLowerCase()
    : text
        .normalize("NFKD")
        .toLowerCase()
        .replace(DIACRITICS, "")
        .normalize("NFC")
        .replace(FOLDABLE_LETTERS, (c) => LETTER_FOLDS[c]!);
  if (APOSTROPHE.test(s)) s = s.replace(ascii ? ASCII_WORD_APOSTROPHE : WORD_APOSTROPHE, "");
  if (s.includes("+") || s.includes("#")) s = s.replace(SYMBOL_NAMES, symbolName);

  const pieces = s.split(ascii ? ASCII_SPLIT : UNICODE_SPLIT);
  const tokens: string[] = [];
  const unspaced = !ascii && UNSPACED.test(s);
  for (const piece of pieces) {
    if (!piece) continue;
    if (ascii) tokens.push(foldPlural(piece));
    else if (unspaced && UNSPACED.test(piece)) splitUnspaced(piece, tokens);
    else pushWord(piece, tokens);
  }
  return tokens;
}

/** 'ai研究者です' → 'ai', '研', '究', '者', 'で', 'す'. */
function splitUnspaced(piece: string, out: string[]): void {
  let last = 0;
  for (const m of piece.matchAll(UNSPACED_G)) {
    const at = m.index;
    if (at > last) pushWord(piece.slice(last, at), out);
    // A following voicing mark or other combining mark stays with its character.
    let end = at + m[0].length;
    while (end < piece.length && MARK.test(piece[end]!)) end++;
    out.push(piece.slice(at, end));
    last = end;
  }
  if (last < piece.length) pushWord(piece.slice(last), out);
}

const LEADING_MARKS = /^\p{M}+/u;
const MARK = /\p{M}/u;

/** Adds a word, without any marks it starts with (a run of marks with no letter is no word). */
function pushWord(word: string, out: string[]): void {
  const trimmed = MARK.test(word[0]!) ? word.replace(LEADING_MARKS, "") : word;
  if (trimmed) out.push(foldPlural(trimmed));
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
