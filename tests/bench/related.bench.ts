import { PhraseMatcher, phraseKey } from "@graph/core/lib/matching";
import { matchArticle, RelatedMatcher, type StrongTerm } from "@graph/core/modules/vocabulary";
import { corpus } from "../../packages/core/src/modules/vocabulary/fixtures/corpus.ts";
import { evaluate } from "../../packages/core/src/modules/vocabulary/fixtures/evaluate.ts";
import { mulberry32, zipf } from "./random.ts";
import { ratio, row, summary, type Summary } from "./stats.ts";

/**
 * Related-term matching: matching new articles against everyone's topics with related terms on
 * (the phrase matcher, then the article's terms against every phrase's 50 strong terms) and
 * off (the phrase matcher alone), rounds interleaved in one run; then the precision and recall
 * of the picks on the labelled corpus.
 */
export async function relatedBench(): Promise<void> {
  const random = mulberry32(0x22);
  const vocabulary = Array.from({ length: VOCABULARY }, (_, i) => wordOf(i));
  const draw = zipf(VOCABULARY, 1.05, random);
  // A field: a run of FIELD_WORDS words below the commonest COMMON_RANKS (strong terms are never
  // common words), its own words drawn near its start more often.
  const inField = zipf(FIELD_WORDS, 0.7, random);
  const fieldWord = (field: number) =>
    vocabulary[COMMON_RANKS + ((field * 997 + inField()) % (VOCABULARY - COMMON_RANKS))]!;
  const phrases = new Set<string>();
  while (phrases.size < PHRASES) {
    const words = 1 + Math.floor(random() * 3);
    phrases.add(Array.from({ length: words }, () => vocabulary[draw()]!).join(" "));
  }
  const matcher = new PhraseMatcher();
  const related = new RelatedMatcher();
  for (const phrase of phrases) matcher.add(phrase);
  // Each phrase's 50 strong terms come from one field, as a topic's vocabulary does.
  for (const phrase of phrases) {
    const field = Math.floor(random() * FIELDS);
    const terms = new Map<string, StrongTerm>();
    while (terms.size < 50) {
      const term = fieldWord(field);
      terms.set(term, { term, score: 1, weight: Math.log(4) + random() * 4 });
    }
    related.set(phraseKey(phrase), [...terms.values()]);
  }
  const labelled = corpus();
  // An article: common words and stopwords, a few of its field's words, some others.
  const text = (length: number, field: number) =>
    Array.from({ length }, () => {
      const r = random();
      return r < 0.35
        ? FILLER[Math.floor(random() * FILLER.length)]!
        : r < 0.55
          ? fieldWord(field)
          : vocabulary[draw()]!;
    }).join(" ");
  const articles = [
    ...labelled.articles.map((a) => ({ title: a.title, body: a.summary })),
    ...Array.from({ length: ARTICLES }, () => {
      const field = Math.floor(random() * FIELDS);
      return { title: text(10, field), body: text(60, field) };
    }),
  ];
  let relatedFound = 0;
  const off = (a: { title: string; body: string }) => matcher.matchArticle(a);
  // As ingest matches an article (postings' `indexArticles`): tokenised once for both matchers.
  const on = (a: { title: string; body: string }) => {
    const found = matchArticle({ title: a.title, summary: a.body }, matcher, related);
    relatedFound += found.related.length;
    return found;
  };
  const { a: offRun, b: onRun } = compare(articles, off, on);

  console.log("\n## related terms (matching through each phrase's strong terms)");
  console.log(
    `${phrases.size.toLocaleString("en")} phrases, each with 50 strong terms from one of ${FIELDS.toLocaleString("en")} fields of ${FIELD_WORDS} words (a vocabulary of ${VOCABULARY.toLocaleString("en")} words, the ${COMMON_RANKS.toLocaleString("en")} commonest never strong); ` +
      `${articles.length.toLocaleString("en")} articles (~70 words each); rates from the median of ${ROUNDS} interleaved rounds after a warm-up`,
  );
  console.log(row(`related terms off (phrase matcher alone)`, offRun.summary));
  console.log(row(`related terms on (matcher + terms + related)`, onRun.summary));
  console.log(
    `related terms on ${fmt(onRun.rate)} articles/s, off ${fmt(offRun.rate)} articles/s: on is ${ratio(onRun.rate, offRun.rate)} off ` +
      `(${onRun.rate >= GOAL ? "at least" : "BELOW"} ${fmt(GOAL)} articles/s; ${Math.round((relatedFound / (ROUNDS + 1) / articles.length) * 100) / 100} related matches an article)`,
  );

  const result = evaluate(labelled);
  const counts = (kind: string) => labelled.articles.filter((a) => a.kind === kind).length;
  console.log(
    `labelled corpus: ${labelled.topics.length} topics, ${labelled.articles.length} articles (${counts("naming")} naming their topic, ` +
      `${counts("related")} about a topic they never name, ${counts("unrelated")} unrelated, ${counts("trap")} traps)`,
  );
  console.log(
    `precision of the picks ${result.precision.toFixed(3)} (related picks alone ${result.relatedPrecision.toFixed(3)}); ` +
      `recall of the never-naming articles ${result.recall.toFixed(3)}; traps matched through related terms: ${result.trapsMatched.length}`,
  );
}

/** Articles a second matched with related terms on, at least (the goal, not asserted). */
const GOAL = 15_000;
const VOCABULARY = 200_000;
const FIELDS = 2_000;
const FIELD_WORDS = 1_500;
const PHRASES = 30_000;
const ARTICLES = 3_000;
const ROUNDS = 5;
const COMMON_RANKS = 2_000;
const FILLER = "the of and to in for with on that this from by at as are was said new more about".split(" ");

/** A word of letters only (terms hold no digits): 'bcaa', 'bcab', … */
function wordOf(i: number): string {
  let word = "";
  for (let n = i + 26 ** 3; n > 0; n = Math.floor(n / 26)) word = String.fromCharCode(97 + (n % 26)) + word;
  return word;
}

interface Run {
  rate: number;
  summary: Summary;
}

/** Two contenders over the same items, their rounds interleaved so both see the same machine. */
function compare<T>(items: T[], a: (item: T) => unknown, b: (item: T) => unknown): { a: Run; b: Run } {
  for (const item of items) a(item);
  for (const item of items) b(item);
  const runs = {
    a: { rounds: [] as number[], times: [] as number[] },
    b: { rounds: [] as number[], times: [] as number[] },
  };
  for (let r = 0; r < ROUNDS; r++) {
    for (const [run, work] of [
      [runs.a, a],
      [runs.b, b],
    ] as const) {
      const start = performance.now();
      for (const item of items) {
        const at = performance.now();
        work(item);
        run.times.push(performance.now() - at);
      }
      run.rounds.push(performance.now() - start);
    }
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const toRun = (run: { rounds: number[]; times: number[] }): Run => ({
    rate: (items.length / median(run.rounds)) * 1000,
    summary: summary(run.times),
  });
  return { a: toRun(runs.a), b: toRun(runs.b) };
}

const fmt = (n: number) => Math.round(n).toLocaleString("en");
