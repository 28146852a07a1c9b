import v8 from "node:v8";
import vm from "node:vm";
import { PhraseMatcher } from "@graph/core/lib/matching";
import { phraseKey, tokenize } from "@graph/core/lib/matching";
import { ratio, row, summary } from "./stats.ts";
import { mulberry32, zipf } from "./random.ts";

/**
 * Matching new articles against everyone's topics, side by side in one run:
 * (a) the phrase matcher against scanning every person's topics, (b) against one RegExp
 * alternation of the whole dictionary, (c) the dictionary's build time, memory and incremental
 * updates, and (d) the same at the dictionary's intended scale of a million phrases.
 */
export async function matchingBench(): Promise<void> {
  const world = buildWorld(0x5eed);
  const { phrases, people, articles } = world;
  console.log("\n## matching (articles against everyone's topics)");
  console.log(
    `${phrases.length.toLocaleString("en")} distinct phrases (1–3 words from ${world.vocabulary.length.toLocaleString("en")} words), ` +
      `${people.length.toLocaleString("en")} people × ${TOPICS_PER_PERSON} topics, ${articles.length.toLocaleString("en")} articles ` +
      `(~${Math.round(mean(articles.map((a) => tokenize(a.body).length)))} body tokens); rates from the median of ${ROUNDS} rounds after a warm-up`,
  );

  const built = buildMeasured(phrases);
  const { matcher } = built;
  const matcherRun = throughput(articles, (article) => matcher.matchArticle(article));

  naiveSection(world, matcher, matcherRun);
  regexSection(world, matcher);

  // (c) build, memory, incremental updates: rounds of 1,000 new phrases added then removed
  const addMs: number[] = [];
  const removeMs: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const extra = freshPhrases(world, 1000);
    const added = time(() => {
      for (const phrase of extra) matcher.add(phrase);
    });
    const removed = time(() => {
      for (const phrase of extra) matcher.remove(phrase);
    });
    if (round === 0) continue; // warm-up
    addMs.push(added);
    removeMs.push(removed);
  }
  const [adds, removes] = [median(addMs), median(removeMs)];
  console.log(`\n(c) dictionary of ${phrases.length.toLocaleString("en")} phrases`);
  console.log(
    `build ${built.ms.toFixed(1)} ms (${fmt((phrases.length / built.ms) * 1000)} phrases/s, each tokenised); ` +
      `heap +${mb(built.heap)}, typed arrays +${mb(built.arrays)}`,
  );
  console.log(
    `1,000 incremental adds ${adds.toFixed(2)} ms (${adds.toFixed(2)} µs each), 1,000 removes ${removes.toFixed(2)} ms ` +
      `(${removes.toFixed(2)} µs each), median of ${ROUNDS} rounds; size back to ${matcher.size.toLocaleString("en")}`,
  );

  // (d) the intended scale: a million distinct phrases
  const big = millionPhrases(0xb16);
  const bigBuilt = buildMeasured(big);
  const bigRun = throughput(articles, (article) => bigBuilt.matcher.matchArticle(article));
  console.log(
    `\n(d) dictionary of ${bigBuilt.matcher.size.toLocaleString("en")} phrases (1–6 words from a 60,000-word vocabulary)`,
  );
  console.log(
    `build ${(bigBuilt.ms / 1000).toFixed(2)} s; heap +${mb(bigBuilt.heap)}, typed arrays +${mb(bigBuilt.arrays)} ` +
      `(${((bigBuilt.heap + bigBuilt.arrays) / bigBuilt.matcher.size).toFixed(0)} bytes a phrase)`,
  );
  console.log(row(`matcher.matchArticle, ${articles.length} articles`, bigRun.summary));
  console.log(
    `matcher ${fmt(bigRun.rate)} articles/s at 1M phrases vs ${fmt(matcherRun.rate)} at ${phrases.length.toLocaleString("en")}`,
  );
}

/** (a) The matcher against looping over every person's every topic. */
function naiveSection(world: World, matcher: PhraseMatcher, matcherRun: Run): void {
  const { phrases, people, articles } = world;
  const subset = articles.slice(0, NAIVE_ARTICLES);
  const personKeys = people.map((topics) => topics.map((i) => ` ${phrases[i]} `));
  let hits = 0;
  const found = new Set<string>();
  const naive = throughput(
    subset,
    (article) => {
      const title = ` ${tokenize(article.title).join(" ")} `;
      const body = ` ${tokenize(article.body).join(" ")} `;
      for (const keys of personKeys) {
        for (const key of keys) {
          const inTitle = title.includes(key);
          if (inTitle || body.includes(key)) {
            hits++;
            found.add(key.trim());
          }
        }
      }
    },
    1,
    false,
  );
  // Both must find the same followed phrases in the subset.
  const followed = new Set(people.flatMap((topics) => topics.map((i) => phrases[i]!)));
  const matched = new Set(
    subset.flatMap((a) => matcher.matchArticle(a).map((m) => m.phrase)).filter((p) => followed.has(p)),
  );

  console.log(
    `\n(a) matcher vs scanning each person's topics (${(people.length * TOPICS_PER_PERSON).toLocaleString("en")} topic checks per article, ` +
      `' ' + phrase + ' ' in the normalised title and body)`,
  );
  console.log(row(`matcher.matchArticle, ${articles.length} articles`, matcherRun.summary));
  console.log(row(`naive per-person scan, first ${subset.length} articles`, naive.summary));
  console.log(
    `matcher ${fmt(matcherRun.rate)} articles/s, naive ${fmt(naive.rate)} articles/s: matcher is ${ratio(matcherRun.rate, naive.rate)} the naive scan ` +
      `(naive: ${hits.toLocaleString("en")} person-topic hits; the same ${found.size} distinct phrases as the matcher: ${sameSet(found, matched) ? "yes" : "NO"})`,
  );
}

/** (b) The matcher against one RegExp alternation of the dictionary over the same articles. */
function regexSection(world: World, full: PhraseMatcher): void {
  const { phrases, articles } = world;
  const { regex, alternatives, note } = largestAlternation(phrases);
  const matcher = alternatives < phrases.length ? subMatcher(phrases.slice(0, alternatives)) : full;
  const runRegex = (text: string) => {
    let n = 0;
    regex.lastIndex = 0;
    while (regex.exec(text) !== null) n++;
    return n;
  };
  // Whole articles: both sides normalise the title and body first.
  const whole = compare(
    articles,
    (article) => matcher.matchArticle(article),
    (article) => runRegex(tokenize(article.title).join(" ")) + runRegex(tokenize(article.body).join(" ")),
  );
  // Already-normalised text: the matching alone.
  const prepared = articles.map((a) => {
    const [title, body] = [tokenize(a.title), tokenize(a.body)];
    return { title, body, titleText: title.join(" "), bodyText: body.join(" ") };
  });
  const bare = compare(
    prepared,
    (p) => [matcher.match(p.title), matcher.match(p.body)],
    (p) => runRegex(p.titleText) + runRegex(p.bodyText),
  );
  let regexHits = 0;
  let matcherHits = 0;
  for (const p of prepared) {
    regexHits += runRegex(p.titleText) + runRegex(p.bodyText);
    for (const found of [matcher.match(p.title), matcher.match(p.body)])
      for (const starts of found.values()) matcherHits += starts.length;
  }

  console.log(
    `\n(b) matcher vs one RegExp alternation of ${alternatives.toLocaleString("en")} phrases (\\b(?:p1|p2|…)\\b over the normalised text, built once; ` +
      `rounds interleaved)${note}`,
  );
  console.log(row(`matcher.matchArticle, ${articles.length} articles`, whole.a.summary));
  console.log(row(`tokenize + RegExp, ${articles.length} articles`, whole.b.summary));
  console.log(row(`matcher.match on tokens, ${articles.length} articles`, bare.a.summary));
  console.log(row(`RegExp on normalised text, ${articles.length} articles`, bare.b.summary));
  console.log(
    `whole articles: matcher ${fmt(whole.a.rate)} articles/s, RegExp ${fmt(whole.b.rate)} articles/s: matcher is ${ratio(whole.a.rate, whole.b.rate)} the RegExp`,
  );
  console.log(
    `matching alone (text already tokenised): matcher ${fmt(bare.a.rate)} articles/s, RegExp ${fmt(bare.b.rate)} articles/s: ${ratio(bare.a.rate, bare.b.rate)}`,
  );
  console.log(
    `occurrences found: matcher ${matcherHits.toLocaleString("en")}, RegExp ${regexHits.toLocaleString("en")} (a RegExp reports no nested or overlapping phrases)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Synthetic world: a vocabulary, a dictionary of phrases over it, people following them, articles.

const TOPICS_PER_PERSON = 100;
const NAIVE_ARTICLES = 10;
const ROUNDS = 5;
const PEOPLE = 10_000;
const PHRASES = 30_000;
const ARTICLES = 1_000;

const BASE_WORDS = `
ai machine learning neural network deep model data science quantum computing robotics climate energy solar
battery electric vehicle space rocket mars moon satellite biology genetics crispr protein brain health
medicine vaccine cancer nutrition fitness running cycling football tennis basketball chess music jazz
guitar piano film cinema television book novel poetry history philosophy economics finance market stock
crypto bitcoin blockchain startup venture capital design typography architecture urban planning housing
coffee tea wine cooking baking bread pasta pizza travel japan europe africa ocean forest wildlife bird
photography camera art painting sculpture museum fashion game video open source software rust python
javascript database cloud security privacy law policy election democracy education school university
language linguistics psychology sleep meditation garden farming food chemistry physics astronomy galaxy
telescope ocean volcano earthquake weather storm drone chip semiconductor hardware mobile phone web browser
search engine social media podcast newsletter writing journalism comedy theater dance opera festival
`
  .trim()
  .split(/\s+/);

const FILLER = `the a an of and to in on for with at by from that this it is was are be as or but not
have has had will would can could about into over after before more most new first one two some all
their they we you he she its our his her which what when where who how than then also just very`
  .trim()
  .split(/\s+/);

const SYLLABLES = "ka ro mi tu se la no vi pe da zo ri fu ne ma lo ti be su go ra me ko li pa".split(" ");
const CODAS = ["", "", "", "n", "r", "l", "t", "x", "m", "k"];

interface World {
  vocabulary: string[];
  phrases: string[];
  people: number[][];
  articles: Array<{ title: string; body: string }>;
  random: () => number;
}

function buildWorld(seed: number): World {
  const random = mulberry32(seed);
  const vocabulary = [...new Set([...BASE_WORDS, ...pseudoWords(random, 4_000)])];
  const word = zipf(vocabulary.length, 0.9, random);
  const phraseSet = new Set<string>();
  while (phraseSet.size < PHRASES) {
    const length = 1 + pick(random, [0.2, 0.55, 0.25]);
    const words = Array.from({ length }, () => vocabulary[word()]!);
    phraseSet.add(phraseKey(words.join(" ")));
  }
  const phrases = [...phraseSet];
  const popular = zipf(phrases.length, 1.0, random);
  const people = Array.from({ length: PEOPLE }, () => {
    const topics = new Set<number>();
    while (topics.size < TOPICS_PER_PERSON) topics.add(popular());
    return [...topics];
  });
  const articles = Array.from({ length: ARTICLES }, () => ({
    title: sentence(random, vocabulary, phrases, word, popular, 8 + Math.floor(random() * 6), true),
    body: sentence(random, vocabulary, phrases, word, popular, 140 + Math.floor(random() * 20), false),
  }));
  return { vocabulary, phrases, people, articles, random };
}

/** Text of about `length` words: filler, vocabulary words and whole dictionary phrases, some in the plural. */
function sentence(
  random: () => number,
  vocabulary: string[],
  phrases: string[],
  word: () => number,
  popular: () => number,
  length: number,
  title: boolean,
): string {
  const out: string[] = [];
  while (out.length < length) {
    const roll = random();
    if (roll < 0.5) out.push(FILLER[Math.floor(random() * FILLER.length)]!);
    else if (roll < 0.9) out.push(vocabulary[word()]!);
    else out.push(...phrases[popular()]!.split(" "));
    if (random() < 0.1) out[out.length - 1] += "s";
    if (random() < 0.08) out[out.length - 1] += random() < 0.5 ? "," : ".";
  }
  return (title ? out.map((w) => w[0]!.toUpperCase() + w.slice(1)) : out).join(" ");
}

function pseudoWords(random: () => number, count: number): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    const syllables = 2 + Math.floor(random() * 2);
    let w = "";
    for (let i = 0; i < syllables; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    w += CODAS[Math.floor(random() * CODAS.length)];
    words.add(w);
  }
  return [...words];
}

function freshPhrases(world: World, count: number): string[] {
  const known = new Set(world.phrases);
  const out: string[] = [];
  while (out.length < count) {
    const p = phraseKey(
      Array.from(
        { length: 2 + Math.floor(world.random() * 2) },
        () => world.vocabulary[Math.floor(world.random() * world.vocabulary.length)]!,
      ).join(" "),
    );
    if (!known.has(p)) {
      known.add(p);
      out.push(p);
    }
  }
  return out;
}

function millionPhrases(seed: number): string[] {
  const random = mulberry32(seed);
  const vocabulary = [...new Set([...BASE_WORDS, ...pseudoWords(random, 60_000)])];
  const word = zipf(vocabulary.length, 0.8, random);
  const out = new Set<string>();
  while (out.size < 1_000_000) {
    const length = 1 + pick(random, [0.1, 0.45, 0.3, 0.1, 0.03, 0.02]);
    out.add(phraseKey(Array.from({ length }, () => vocabulary[word()]!).join(" ")));
  }
  return [...out];
}

/** The largest prefix of `phrases` V8 compiles as one alternation, halving from the whole. */
function largestAlternation(phrases: string[]): { regex: RegExp; alternatives: number; note: string } {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  let count = phrases.length;
  let firstError = "";
  for (;;) {
    try {
      const regex = new RegExp(`\\b(?:${phrases.slice(0, count).map(escape).join("|")})\\b`, "g");
      regex.test("warm up the compiler");
      const note =
        count === phrases.length
          ? ""
          : ` — the full ${phrases.length.toLocaleString("en")} failed (${firstError}); the largest that compiled is used, with a matcher over the same phrases`;
      return { regex, alternatives: count, note };
    } catch (error) {
      firstError ||= error instanceof Error ? error.message : String(error);
      count = Math.floor(count / 2);
    }
  }
}

function subMatcher(phrases: string[]): PhraseMatcher {
  const m = new PhraseMatcher();
  for (const p of phrases) m.add(p);
  return m;
}

// ---------------------------------------------------------------------------------------------

function exposeGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

/** Builds a matcher over `phrases`, with the time taken and the memory it holds afterwards. */
function buildMeasured(phrases: string[]): { matcher: PhraseMatcher; ms: number; heap: number; arrays: number } {
  const gc = exposeGc();
  gc();
  gc();
  const before = process.memoryUsage();
  const start = performance.now();
  const matcher = new PhraseMatcher();
  for (const phrase of phrases) matcher.add(phrase);
  const ms = performance.now() - start;
  gc();
  gc();
  const after = process.memoryUsage();
  return { matcher, ms, heap: after.heapUsed - before.heapUsed, arrays: after.arrayBuffers - before.arrayBuffers };
}

interface Run {
  rate: number;
  summary: ReturnType<typeof summary>;
}

/** Articles per second over `items`: one warm-up round, then `rounds` rounds; the median round counts. */
function throughput<T>(items: T[], work: (item: T) => unknown, rounds = ROUNDS, warmup = true): Run {
  if (warmup) for (const item of items) work(item);
  const roundMs: number[] = [];
  const perItem: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const roundStart = performance.now();
    for (const item of items) perItem.push(time(() => work(item)));
    roundMs.push(performance.now() - roundStart);
  }
  return { rate: (items.length / median(roundMs)) * 1000, summary: summary(perItem) };
}

/** Two contenders over the same items, their rounds interleaved so both see the same machine. */
function compare<T>(items: T[], a: (item: T) => unknown, b: (item: T) => unknown, rounds = ROUNDS): { a: Run; b: Run } {
  for (const item of items) a(item);
  for (const item of items) b(item);
  const runs = {
    a: { rounds: [] as number[], times: [] as number[] },
    b: { rounds: [] as number[], times: [] as number[] },
  };
  for (let r = 0; r < rounds; r++) {
    for (const [run, work] of [
      [runs.a, a],
      [runs.b, b],
    ] as const) {
      const start = performance.now();
      for (const item of items) run.times.push(time(() => work(item)));
      run.rounds.push(performance.now() - start);
    }
  }
  const toRun = (run: { rounds: number[]; times: number[] }): Run => ({
    rate: (items.length / median(run.rounds)) * 1000,
    summary: summary(run.times),
  });
  return { a: toRun(runs.a), b: toRun(runs.b) };
}

function time(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString("en") : n.toFixed(2));

function sameSet(a: Set<string>, b: Set<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/** Index drawn from weights (need not sum to 1). */
function pick(random: () => number, weights: number[]): number {
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i++) if ((r -= weights[i]!) < 0) return i;
  return weights.length - 1;
}
