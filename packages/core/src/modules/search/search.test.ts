import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tokenize } from "../../lib/matching/index.ts";
import { SizedLru } from "./cache.ts";
import { planUnits } from "./plan.ts";
import { parseQuery } from "./query.ts";
import { searchSegments } from "./rank.ts";
import { MAX_PAGE, PAGE_SIZE } from "./rules.ts";
import { buildSegment, loadSegment, mergeSegments, type SegmentArticle } from "./segment.ts";
import { propertyRuns } from "../../../../../tests/support/property-runs.ts";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2025, 2, 10, 12);

let serial = 0;
function article(title: string, summary: string, publishedAt: number, id = `a${++serial}`): SegmentArticle {
  return { articleId: id, title, summary, sourceName: "Source", link: `https://example.com/${id}`, publishedAt };
}

/** Day segments of `articles`, newest day first, as a search function holds them. */
function segmentsOf(articles: SegmentArticle[]) {
  const byDay = new Map<string, SegmentArticle[]>();
  for (const a of articles) {
    const day = new Date(a.publishedAt).toISOString().slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), a]);
  }
  return [...byDay.keys()]
    .sort()
    .reverse()
    .map((day) => loadSegment(buildSegment(byDay.get(day)!)));
}

const ids = (articles: SegmentArticle[], q: string, page = 1) =>
  searchSegments(segmentsOf(articles), q, page).results.map((r) => r.id);

describe("segments", () => {
  it("store a self-contained segment in a named, versioned format that opens from its bytes alone and finds what was indexed", () => {
    const bytes = buildSegment([article("Quantum computing explained", "A primer on qubits.", T0, "q1")]);
    expect(JSON.parse(gunzipSync(bytes).toString("utf8"))).toMatchObject({ format: "graph-segment", version: 1 });
    // A copy of the bytes, as a search function fetches them: nothing else is given to open it.
    const segment = loadSegment(Uint8Array.from(bytes));
    expect(segment.docs).toBe(1);
    const { results } = searchSegments([segment], "qubits");
    expect(results.map((r) => r.id)).toEqual(["q1"]);
    expect(results[0]).toMatchObject({ title: "Quantum computing explained", source: "Source" });
  });

  it("answer what each article needs to be shown", () => {
    const a = article("Café culture", "Espresso and more.", T0, "c1");
    const [hit] = searchSegments([loadSegment(buildSegment([a]))], "cafe").results;
    expect(hit).toEqual({
      id: "c1",
      title: "Café culture",
      source: "Source",
      link: "https://example.com/c1",
      publication_date: new Date(T0).toISOString(),
    });
  });
});

describe("ranking", () => {
  it("puts a word in the title above the same word in the body, even when older", () => {
    const corpus = [
      article("Weekly notes", "The aurora was bright tonight.", T0),
      article("Aurora over the fjord", "Photos from the trip.", T0 - 3 * DAY),
    ];
    expect(ids(corpus, "aurora")).toEqual([corpus[1]!.articleId, corpus[0]!.articleId]);
  });

  it("puts articles with all the words above those with some", () => {
    const corpus = [
      article("Glacier tours", "Ice and snow.", T0),
      article("A night at the observatory", "The glacier seen through a telescope.", T0 - 2 * DAY),
    ];
    expect(ids(corpus, "glacier telescope")).toEqual([corpus[1]!.articleId, corpus[0]!.articleId]);
  });

  it("puts the exact phrase above the same words scattered", () => {
    const corpus = [
      article("Notes", "A sail made for solar storms.", T0),
      article("Notes", "They tested a solar sail in orbit.", T0 - 5 * DAY),
    ];
    expect(ids(corpus, "solar sail")).toEqual([corpus[1]!.articleId, corpus[0]!.articleId]);
  });

  it("lets recency break ties", () => {
    const corpus = [0, 1, 2].map((n) => article("Tide tables", "Harbour times.", T0 - n * DAY));
    expect(ids(corpus, "tide tables")).toEqual(corpus.map((a) => a.articleId));
  });

  it("matches the last word as a prefix while typing, and a whole word above a longer one", () => {
    const corpus = [
      article("Quantum error correction", "Logical qubits.", T0),
      article("Quant funds", "Models and markets.", T0 - DAY),
    ];
    expect(ids(corpus, "quant")).toEqual([corpus[1]!.articleId, corpus[0]!.articleId]);
    expect(ids(corpus, "quantum err")).toEqual([corpus[0]!.articleId]);
  });

  it("folds case, accents and plurals like the topic matcher", () => {
    const corpus = [article("Neural Networks in Zürich", "Policies for cafés.", T0)];
    for (const q of ["neural network", "NETWORKS", "zurich", "policy", "café", "CAFES"])
      expect(ids(corpus, q)).toHaveLength(1);
  });

  it("reads any text as words: unicode, punctuation and symbols never fail", () => {
    const corpus = [
      article("C++ tips for 東京 developers", "Templates and more.", T0),
      article('"Quoted" words -minus (parens)', "Punctuation everywhere!", T0 - DAY),
    ];
    expect(ids(corpus, "c++")).toEqual([corpus[0]!.articleId]);
    expect(ids(corpus, "東京")).toEqual([corpus[0]!.articleId]);
    expect(ids(corpus, '"quoted" -minus (parens)')).toEqual([corpus[1]!.articleId]);
    for (const q of ["🚀🚀", "((", "\u0000\u0000", "\ud800x", "--", "..", "日本", "ÆØÅ", "x".repeat(5000)]) {
      expect(() => searchSegments(segmentsOf(corpus), q)).not.toThrow();
    }
  });

  it("refuses queries shorter than two characters", () => {
    expect(() => searchSegments([], " a ")).toThrow("Search needs at least 2 characters.");
    expect(searchSegments([], "ab")).toEqual({ results: [], page: 1, hasMore: false });
  });

  it("pages by 50, saying whether more follow", () => {
    const corpus = Array.from({ length: 120 }, (_, n) =>
      article(`Kestrel sighting ${n}`, "Birds.", T0 - n * 3_600_000),
    );
    const segments = segmentsOf(corpus);
    const pages = [1, 2, 3].map((page) => searchSegments(segments, "kestrel", page));
    expect(pages.map((p) => [p.results.length, p.hasMore])).toEqual([
      [50, true],
      [50, true],
      [20, false],
    ]);
    expect(pages.flatMap((p) => p.results.map((r) => r.id))).toEqual(corpus.map((a) => a.articleId));
    expect(searchSegments(segments, "kestrel", MAX_PAGE + 1)).toEqual({
      results: [],
      page: MAX_PAGE + 1,
      hasMore: false,
    });
  });

  it("counts the hits just past a page when tiers split there", () => {
    const inTitle = Array.from({ length: 50 }, (_, n) => article(`Osprey ${n}`, "Nest.", T0 - n * 3_600_000));
    const inBody = Array.from({ length: 20 }, (_, n) => article("Nest", `An osprey, ${n}.`, T0 + 60_000 + n * 60_000));
    const segments = segmentsOf([...inTitle, ...inBody]);
    const first = searchSegments(segments, "osprey", 1);
    expect(first.results.map((r) => r.id)).toEqual(inTitle.map((a) => a.articleId));
    expect(first.hasMore).toBe(true);
    expect(searchSegments(segments, "osprey", 2).results).toHaveLength(20);
  });

  it("answers what a plain reading of the rules answers, on any corpus and query, over day segments or merged ones", () => {
    const words = ["ant", "ants", "antenna", "bee", "bees", "beetle", "cat", "café", "cafe", "dog", "do", "東", "京"];
    const text = (n: number) =>
      fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: n }).map((w) => w.join(" "));
    const corpus = fc.uniqueArray(
      fc.record({ title: text(4), summary: text(10), hour: fc.integer({ min: 0, max: 24 * 6 }) }),
      { minLength: 30, maxLength: 220, selector: (a) => a.hour },
    );
    const query = fc
      .array(fc.oneof(fc.constantFrom(...words), fc.constantFrom("an", "be", "ca", "bee", "ante")), {
        minLength: 1,
        maxLength: 3,
      })
      .map((w) => w.join(" "))
      .filter((q) => q.trim().length >= 2);
    fc.assert(
      fc.property(corpus, query, fc.integer({ min: 1, max: 4 }), (rows, q, page) => {
        const articles = rows.map((r, i) => article(r.title, r.summary, T0 - r.hour * 3_600_000, `r${i}`));
        const expected = reference(articles, q);
        const start = (page - 1) * PAGE_SIZE;
        const want = { ids: expected.slice(start, start + PAGE_SIZE), hasMore: expected.length > start + PAGE_SIZE };
        const days = segmentsOf(articles);
        const layouts = [days, [mergeSegments(days)]];
        if (days.length > 2) layouts.push([days[0]!, mergeSegments(days.slice(1))]);
        for (const segments of layouts) {
          const got = searchSegments(segments, q, page);
          expect({ ids: got.results.map((r) => r.id), hasMore: got.hasMore }).toEqual(want);
        }
      }),
      { numRuns: propertyRuns(120) },
    );
  });

  it("answers the same on a corpus large enough to let go of hits that cannot reach the page", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const words = ["river", "rivers", "delta", "flood", "plain", "salt", "marsh", "tide", "reed", "heron"];
    const pick = (n: number) => Array.from({ length: n }, () => words[Math.floor(random() * words.length)]).join(" ");
    const articles = Array.from({ length: 12_000 }, (_, i) => article(pick(3), pick(12), T0 - i * 60_000, `big${i}`));
    const segments = segmentsOf(articles);
    for (const q of ["river", "flood plain", "salt marsh tide", "delta riv", "he"]) {
      const expected = reference(articles, q);
      for (const page of [1, 3]) {
        const got = searchSegments(segments, q, page);
        const start = (page - 1) * PAGE_SIZE;
        expect(got.results.map((r) => r.id)).toEqual(expected.slice(start, start + PAGE_SIZE));
        expect(got.hasMore).toBe(expected.length > start + PAGE_SIZE);
      }
    }
  });
});

/** The ranking rules read plainly: every article's tier from its words, then newest first. */
function reference(articles: SegmentArticle[], q: string): string[] {
  const { terms, tokens, prefixTerm } = parseQuery(q);
  const has = (words: string[], term: string) =>
    words.some((w) => w === term || (term === prefixTerm && w.startsWith(term)));
  const phraseAt = (words: string[]) =>
    words.some((_, i) =>
      tokens.every((t, j) => {
        const w = words[i + j];
        return w !== undefined && (w === t || (j === tokens.length - 1 && t === prefixTerm && w.startsWith(t)));
      }),
    );
  const scored = articles.flatMap((a) => {
    const title = tokenize(a.title);
    const body = tokenize(a.summary);
    const matched = terms.filter((t) => has(title, t) || has(body, t)).length;
    if (matched === 0) return [];
    const phrase = tokens.length >= 2 ? (phraseAt(title) ? 2 : phraseAt(body) ? 1 : 0) : 0;
    const inTitle = terms.filter((t) => has(title, t)).length;
    const whole = prefixTerm !== undefined && [...title, ...body].includes(prefixTerm) ? 1 : 0;
    return [{ id: a.articleId, key: [matched, phrase, inTitle, whole, a.publishedAt] }];
  });
  scored.sort((x, y) => {
    for (let i = 0; i < x.key.length; i++) if (x.key[i] !== y.key[i]) return y.key[i]! - x.key[i]!;
    return 0;
  });
  return scored.map((s) => s.id);
}

describe("search units", () => {
  it("leave recent days alone and merge older ones in aligned blocks", () => {
    const now = Date.UTC(2025, 0, 20, 12);
    const days = Array.from({ length: 40 }, (_, i) => ({
      day: new Date(now - i * DAY).toISOString().slice(0, 10),
      docs: 10,
    }));
    const units = planUnits(days, now);
    expect(units.slice(0, 2).map((u) => u.map((d) => d.day))).toEqual([["2025-01-20"], ["2025-01-19"]]);
    expect(units.flat()).toEqual(days);
    for (const unit of units.slice(2)) {
      const blocks = new Set(unit.map((d) => Math.floor(Date.parse(`${d.day}T00:00:00Z`) / DAY / 16)));
      expect(blocks.size).toBe(1);
    }
    expect(units.length).toBeLessThan(7);
  });
});

describe("the segment cache", () => {
  it("keeps the most recently used entries within its size", () => {
    const lru = new SizedLru<string>(10);
    lru.set("a", "A", 4);
    lru.set("b", "B", 4);
    expect(lru.get("a")).toBe("A");
    lru.set("c", "C", 4);
    expect(lru.keys()).toEqual(["a", "c"]);
    expect(lru.size).toBe(8);
    expect(lru.evictions).toBe(1);
    lru.set("huge", "H", 11);
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.size).toBeLessThanOrEqual(10);
  });
});
