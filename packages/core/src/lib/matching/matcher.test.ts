import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PhraseMatcher } from "./matcher.ts";
import { phraseKey, tokenize } from "./rules.ts";
import { propertyRuns } from "../../../../../tests/support/property-runs.ts";

function matcherOf(...topics: string[]): PhraseMatcher {
  const matcher = new PhraseMatcher();
  for (const topic of topics) matcher.add(phraseKey(topic));
  return matcher;
}

const matchText = (matcher: PhraseMatcher, text: string) => Object.fromEntries(matcher.match(tokenize(text)));

describe("PhraseMatcher.match", () => {
  it("finds a single-word topic and reports start positions", () => {
    expect(matchText(matcherOf("Robotics"), "robotics news: robotics")).toEqual({ robotics: [0, 2] });
  });

  it("matches multi-word topics only as adjacent words", () => {
    const matcher = matcherOf("Machine Learning");
    expect(matchText(matcher, "machine learning in practice")).toEqual({ "machine learning": [0] });
    expect(matchText(matcher, "a machine that is learning")).toEqual({});
    expect(matchText(matcher, "learning machine")).toEqual({});
    expect(matchText(matcher, "machine-learning")).toEqual({ "machine learning": [0] });
  });

  it("matches plurals, case and diacritics against the topic", () => {
    const matcher = matcherOf("Neural Network", "Policy", "Box", "Café", "Zürich");
    expect(matchText(matcher, "NEURAL NETWORKS and Policies, Boxes, cafes in zurich")).toEqual({
      "neural network": [0],
      policy: [3],
      box: [4],
      cafe: [5],
      zurich: [7],
    });
  });

  it("reports nested and overlapping topics together", () => {
    const matcher = matcherOf("Neural Network", "Network", "Deep Neural", "New York", "York Times", "New York Times");
    expect(matchText(matcher, "deep neural networks")).toEqual({
      "deep neural": [0],
      "neural network": [1],
      network: [2],
    });
    expect(matchText(matcher, "the new york times")).toEqual({
      "new york": [1],
      "york time": [2],
      "new york time": [1],
    });
  });

  it("counts every occurrence, including back-to-back repeats", () => {
    const matcher = matcherOf("ha ha", "rust");
    expect(matchText(matcher, "ha ha ha, Rust rust RUST")).toEqual({ "ha ha": [0, 1], rust: [3, 4, 5] });
  });

  it("keeps punctuation-joined names apart from their parts", () => {
    const matcher = matcherOf("C++", "Node.js", "Vitamin C");
    expect(matchText(matcher, "Learning C++ with node.js")).toEqual({ cpp: [1], "node js": [3] });
    expect(matchText(matcher, "vitamin c, not c++")).toEqual({ "vitamin c": [0], cpp: [3] });
    expect(matchText(matcher, "c is not c++")).toEqual({ cpp: [3] });
  });

  it("answers nothing for empty input or an empty dictionary", () => {
    expect(matchText(matcherOf("ai"), "")).toEqual({});
    expect(matchText(new PhraseMatcher(), "ai everywhere")).toEqual({});
    expect(new PhraseMatcher().matchArticle({ title: "", body: "" })).toEqual([]);
  });

  it("handles very long input", () => {
    const matcher = matcherOf("large language model", "model");
    const tokens = tokenize("Large language models and filler words. ".repeat(40_000));
    const found = matcher.match(tokens);
    expect(tokens).toHaveLength(240_000);
    expect(found.get("large language model")).toHaveLength(40_000);
    expect(found.get("model")).toHaveLength(40_000);
    expect(found.get("large language model")![39_999]).toBe(239_994);
  });

  it("matches unicode topics, including unspaced Japanese", () => {
    const matcher = matcherOf("機械学習", "東京", "Zürich", "Москва");
    expect(matchText(matcher, "東京で機械学習を学ぶ")).toEqual({ "東 京": [0], "機 械 学 習": [3] });
    expect(matchText(matcher, "ZURICH und Москва")).toEqual({ zurich: [0], москва: [2] });
    expect(() => matcher.match(tokenize("これは日本語のテキストです。絵文字も🎉ありますか？"))).not.toThrow();
  });
});

describe("PhraseMatcher.matchArticle", () => {
  it("reports title and body counts separately", () => {
    const matcher = matcherOf("Neural Network", "Network", "Robotics");
    const matches = matcher.matchArticle({
      title: "Neural networks for robotics",
      body: "A network of neural networks. More networks.",
    });
    expect(matches).toEqual([
      { phrase: "neural network", inTitle: true, titleCount: 1, bodyCount: 1 },
      { phrase: "network", inTitle: true, titleCount: 1, bodyCount: 3 },
      { phrase: "robotics", inTitle: true, titleCount: 1, bodyCount: 0 },
    ]);
  });

  it("marks phrases found only in the body as not in the title", () => {
    const matcher = matcherOf("Quantum Computing", "Physics");
    expect(matcher.matchArticle({ title: "A new chip", body: "Quantum computing meets quantum computing." })).toEqual([
      { phrase: "quantum computing", inTitle: false, titleCount: 0, bodyCount: 2 },
    ]);
  });

  it("does not match a phrase across the end of the title and the start of the body", () => {
    const matcher = matcherOf("Open Source");
    expect(matcher.matchArticle({ title: "Why we went open", body: "Source code is here" })).toEqual([]);
  });
});

describe("PhraseMatcher add/remove", () => {
  it("stops matching a removed phrase and keeps the phrases sharing its words", () => {
    const matcher = matcherOf("Neural", "Neural Network", "Neural Network Pruning", "Network");
    expect(matcher.size).toBe(4);
    matcher.remove("neural network");
    expect(matcher.size).toBe(3);
    expect(matcher.has("neural network")).toBe(false);
    expect(matchText(matcher, "neural network pruning")).toEqual({
      neural: [0],
      "neural network pruning": [0],
      network: [1],
    });
    matcher.remove("neural network pruning");
    expect(matchText(matcher, "neural network pruning")).toEqual({ neural: [0], network: [1] });
    matcher.remove("neural");
    expect(matchText(matcher, "neural network pruning")).toEqual({ network: [1] });
  });

  it("matches a phrase again after it is re-added", () => {
    const matcher = matcherOf("Edge Computing");
    matcher.remove("edge computing");
    expect(matchText(matcher, "edge computing")).toEqual({});
    expect(matcher.size).toBe(0);
    matcher.add("edge computing");
    expect(matchText(matcher, "edge computing")).toEqual({ "edge computing": [0] });
  });

  it("reports the right phrase after a removed phrase's place is reused", () => {
    const matcher = matcherOf("alpha beta");
    expect(matchText(matcher, "alpha beta")).toEqual({ "alpha beta": [0] });
    matcher.remove("alpha beta");
    matcher.add("gamma delta");
    expect(matchText(matcher, "alpha beta gamma delta")).toEqual({ "gamma delta": [2] });
  });

  it("counts a phrase once however often it is added and ignores removing an absent one", () => {
    const matcher = matcherOf("ai", "AI", " ai ");
    expect(matcher.size).toBe(1);
    matcher.remove("robotics");
    matcher.remove("ai safety");
    expect(matcher.size).toBe(1);
    expect(matcher.has("ai")).toBe(true);
  });

  it("ignores phrases without tokens", () => {
    const matcher = matcherOf("", "   ", "!!!");
    expect(matcher.size).toBe(0);
    expect(matcher.has("")).toBe(false);
  });

  it("normalises raw keys, so a topic and its phrase key name the same phrase", () => {
    const matcher = new PhraseMatcher();
    matcher.add("Neural Networks");
    expect(matcher.has("neural network")).toBe(true);
    expect(matchText(matcher, "neural networks")).toEqual({ "neural network": [0] });
    matcher.remove("NEURAL NETWORK");
    expect(matcher.size).toBe(0);
  });

  it("tracks the longest phrase as phrases come and go", () => {
    const matcher = matcherOf("a b c d e f", "a b", "x");
    expect(matcher.maxPhraseLength).toBe(6);
    matcher.remove("a b c d e f");
    expect(matcher.maxPhraseLength).toBe(2);
    matcher.remove("a b");
    matcher.remove("x");
    expect(matcher.maxPhraseLength).toBe(0);
  });

  it("keeps thousands of phrases correct through interleaved adds and removes", () => {
    const words = Array.from({ length: 300 }, (_, i) => `w${i.toString(36)}x`);
    let seed = 42;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const phrase = () =>
      Array.from({ length: 1 + Math.floor(random() * 4) }, () => words[Math.floor(random() * words.length)]).join(" ");
    const matcher = new PhraseMatcher();
    const live = new Set<string>();
    const order: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      if (random() < 0.35 && order.length > 0) {
        const at = Math.floor(random() * order.length);
        const victim = order[at]!;
        order[at] = order[order.length - 1]!;
        order.pop();
        matcher.remove(victim);
        live.delete(victim);
      } else {
        const p = phrase();
        matcher.add(p);
        if (!live.has(p)) order.push(p);
        live.add(p);
      }
    }
    expect(matcher.size).toBe(live.size);
    expect(live.size).toBeGreaterThan(3000);
    for (const p of live) expect(matcher.has(p)).toBe(true);
    for (const p of live) expect(matcher.match(p.split(" ")).get(p)).toContain(0);
    for (const p of [...live].slice(0, 2000)) matcher.remove(p);
    expect(matcher.size).toBe(live.size - 2000);
    for (const p of [...live].slice(0, 2000)) expect(matcher.has(p)).toBe(false);
    for (const p of [...live].slice(2000)) expect(matcher.has(p)).toBe(true);
  });
});

describe("PhraseMatcher against a reference", () => {
  const word = fc.constantFrom("a", "b", "c", "d", "e");
  const phrase = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(" "));
  const op = fc.record({ remove: fc.boolean(), phrase });

  it("finds exactly the adjacent occurrences of the current phrases", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.array(word, { maxLength: 30 }), (ops, text) => {
        const matcher = new PhraseMatcher();
        const live = new Set<string>();
        for (const { remove, phrase: p } of ops) {
          if (remove) {
            matcher.remove(p);
            live.delete(p);
          } else {
            matcher.add(p);
            live.add(p);
          }
        }
        const expected = new Map<string, number[]>();
        for (const p of live) {
          const parts = p.split(" ");
          for (let i = 0; i + parts.length <= text.length; i++) {
            if (parts.every((t, k) => text[i + k] === t)) expected.set(p, [...(expected.get(p) ?? []), i]);
          }
        }
        const sorted = (m: Map<string, number[]>) => [...m].sort(([x], [y]) => x.localeCompare(y));
        expect(sorted(matcher.match(text))).toEqual(sorted(expected));
        expect(matcher.size).toBe(live.size);
        expect(matcher.maxPhraseLength).toBe(Math.max(0, ...[...live].map((p) => p.split(" ").length)));
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it("counts an article's title and body occurrences as matching each alone does, call after call", () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 40 }),
        fc.array(fc.record({ title: fc.array(word, { maxLength: 8 }), body: fc.array(word, { maxLength: 30 }) }), {
          maxLength: 4,
        }),
        (ops, articles) => {
          const matcher = new PhraseMatcher();
          for (const { remove, phrase: p } of ops) {
            if (remove) matcher.remove(p);
            else matcher.add(p);
          }
          for (const { title, body } of articles) {
            const inTitle = matcher.match(title);
            const inBody = matcher.match(body);
            // Phrases of the title first, then the body's others, each in order of first occurrence.
            const order = [...inTitle.keys(), ...[...inBody.keys()].filter((p) => !inTitle.has(p))];
            const expected = order.map((p) => ({
              phrase: p,
              inTitle: inTitle.has(p),
              titleCount: inTitle.get(p)?.length ?? 0,
              bodyCount: inBody.get(p)?.length ?? 0,
            }));
            expect(matcher.matchTokens({ title, body })).toEqual(expected);
            expect(matcher.matchArticle({ title: title.join(" "), body: body.join(" ") })).toEqual(expected);
          }
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });
});

describe("PhraseMatcher per language", () => {
  const found = (matcher: PhraseMatcher, title: string, language?: string) =>
    matcher.matchArticle({ title, body: "", language }).map((m) => m.phrase);

  it("folds English plurals in English text and text of unknown language", () => {
    const matcher = matcherOf("Neural Network", "Pie");
    expect(found(matcher, "Neural networks and pies", "en")).toEqual(["neural network", "pie"]);
    expect(found(matcher, "Neural networks and pies", "en-GB")).toEqual(["neural network", "pie"]);
    expect(found(matcher, "Neural networks and pies")).toEqual(["neural network", "pie"]);
  });

  it("does not fold the -s endings of other Latin-script languages into English topics", () => {
    const matcher = matcherOf("Dan", "Mai", "Pie", "San", "Ante");
    expect(found(matcher, "Il est dans la maison, mais sans clé", "fr")).toEqual([]);
    expect(found(matcher, "Me duelen los pies antes de correr", "es")).toEqual([]);
    // The same words read as English do fold: the rule is the language's.
    expect(found(matcher, "pies", "en")).toEqual(["pie"]);
  });

  it("still matches other languages' topics word for word, accents and case folded", () => {
    const matcher = matcherOf("Intelligence Artificielle", "Straße", "Inteligencia Artificial");
    expect(found(matcher, "L'INTELLIGENCE ARTIFICIELLE en France", "fr")).toEqual(["intelligence artificielle"]);
    expect(found(matcher, "Die Strasse ist gesperrt", "de")).toEqual(["strasse"]);
    expect(found(matcher, "La inteligencia artificial avanza", "es")).toEqual(["inteligencia artificial"]);
  });

  it("folds the English words of text in a non-Latin script", () => {
    const matcher = matcherOf("GPU");
    expect(found(matcher, "إطلاق GPUs جديدة", "ar")).toEqual(["gpu"]);
    expect(found(matcher, "新しいGPUsの性能", "ja")).toEqual(["gpu"]);
  });

  it("matches Arabic and Hebrew words with or without vowel marks, and whole words only", () => {
    const matcher = matcherOf("الذكاء الاصطناعي", "כתב");
    expect(found(matcher, "مستقبل الذَّكَاءُ الاصْطِنَاعِيّ في المنطقة", "ar")).toEqual(["الذكاء الاصطناعي"]);
    expect(found(matcher, "الــذكــاء الاصطناعي", "ar")).toEqual(["الذكاء الاصطناعي"]);
    expect(found(matcher, "כָּתַב העיתון", "he")).toEqual(["כתב"]);
    // a prefix written onto the word makes another word: no match inside it
    expect(found(matcher, "מכתב ארוך", "he")).toEqual([]);
  });

  it("folds the hamza forms of alif in Arabic", () => {
    const matcher = matcherOf("أمن");
    expect(found(matcher, "امن المعلومات", "ar")).toEqual(["امن"]);
    expect(found(matcher, "إمن", "ar")).toEqual(["امن"]);
  });

  it("never matches a Latin-script topic in Japanese, Chinese, Arabic or Hebrew text", () => {
    const matcher = matcherOf("ai", "art", "go", "car", "news", "a", "i");
    for (const [text, language] of [
      ["人工知能が芸術を変える。囲碁と自動車のニュース", "ja"],
      ["人工智能正在改变艺术、围棋和汽车", "zh"],
      ["الذكاء الاصطناعي والفن والسيارات", "ar"],
      ["בינה מלאכותית, אמנות ומכוניות", "he"],
      ["ปัญญาประดิษฐ์และศิลปะ", "th"],
      ["인공지능과 예술", "ko"],
    ]) {
      expect(found(matcher, text!, language)).toEqual([]);
      expect(found(matcher, text!)).toEqual([]);
    }
  });

  it("matches a topic in an unspaced script as adjacent characters, inside longer words too", () => {
    const matcher = matcherOf("機械学習", "京都", "ปัญญาประดิษฐ์", "人工智能");
    expect(found(matcher, "東京で機械学習を学ぶ", "ja")).toEqual(["機 械 学 習"]);
    // no word boundaries in the text: the characters in a row are what is matched
    expect(found(matcher, "東京都の天気", "ja")).toEqual(["京 都"]);
    expect(found(matcher, "人工智能正在改变世界", "zh")).toEqual(["人 工 智 能"]);
    expect(found(matcher, "ข่าวปัญญาประดิษฐ์วันนี้", "th")).toEqual([phraseKey("ปัญญาประดิษฐ์")]);
    // characters that are not adjacent do not match
    expect(found(matcher, "機械の学習", "ja")).toEqual([]);
    expect(found(matcher, "ปัญญา และ ประดิษฐ์", "th")).toEqual([]);
  });

  it("matches Latin words written into Japanese text as the words they are", () => {
    const matcher = matcherOf("AI", "Go");
    expect(found(matcher, "ＡＩ研究とGo言語", "ja")).toEqual(["ai", "go"]);
  });

  it("matches Hangul word by word", () => {
    const matcher = matcherOf("인공지능", "한국");
    expect(found(matcher, "인공지능 연구", "ko")).toEqual(["인공지능"]);
    // a particle written onto the word makes another word
    expect(found(matcher, "한국은 인공지능이", "ko")).toEqual([]);
  });
});
