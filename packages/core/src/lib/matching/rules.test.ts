import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayTopic, foldPlural, phraseKey, tokenize, tokenizeArticle } from "./rules.ts";
import { propertyRuns } from "../../../../../tests/support/property-runs.ts";

describe("tokenize", () => {
  it("keeps words as written when asked, one token for each folded token", () => {
    const text = "Bees and Café Hives";
    expect(tokenize(text)).toEqual(["bee", "and", "cafe", "hive"]);
    expect(tokenize(text, { foldPlurals: false })).toEqual(["bees", "and", "cafe", "hives"]);
  });

  it("lowercases and splits on anything that is not a letter or digit", () => {
    expect(tokenize("Hello, World! GPT-4 (2024)")).toEqual(["hello", "world", "gpt", "4", "2024"]);
    expect(tokenize("node.js")).toEqual(["node", "js"]);
    expect(tokenize("machine-learning/AI")).toEqual(["machine", "learning", "ai"]);
    expect(tokenize("  tabs\tand\nnewlines  ")).toEqual(["tab", "and", "newline"]);
  });

  it("answers no tokens for empty, blank or punctuation-only text", () => {
    expect(tokenize("")).toEqual([]);
    expect(tokenize("   \n\t ")).toEqual([]);
    expect(tokenize("!?…—–·.,;:()[]{}")).toEqual([]);
  });

  it("folds regular plurals to the singular", () => {
    expect(tokenize("networks models ideas videos days")).toEqual(["network", "model", "idea", "video", "day"]);
    expect(tokenize("policies companies")).toEqual(["policy", "company"]);
    expect(tokenize("boxes taxes classes glasses businesses")).toEqual(["box", "tax", "class", "glass", "business"]);
    expect(tokenize("churches dishes beaches coaches")).toEqual(["church", "dish", "beach", "coach"]);
    expect(tokenize("viruses buses campuses")).toEqual(["virus", "bus", "campus"]);
    expect(tokenize("heroes potatoes shoes canoes")).toEqual(["hero", "potato", "shoe", "canoe"]);
    expect(tokenize("APIs GPUs LLMs menus 1990s")).toEqual(["api", "gpu", "llm", "menu", "1990"]);
  });

  it("folds a plural and its singular to the same key when the singular ends in e or ie", () => {
    for (const [plural, singular] of [
      ["databases", "database"],
      ["courses", "course"],
      ["houses", "house"],
      ["causes", "cause"],
      ["caches", "cache"],
      ["headaches", "headache"],
      ["sizes", "size"],
      ["movies", "movie"],
      ["cookies", "cookie"],
      ["games", "game"],
      ["archives", "archive"],
    ]) {
      expect(tokenize(plural!), plural).toEqual(tokenize(singular!));
    }
  });

  it("leaves short words and words that only look plural alone", () => {
    for (const word of [
      "news",
      "gas",
      "bus",
      "analysis",
      "physics",
      "economics",
      "series",
      "species",
      "virus",
      "status",
      "class",
      "tennis",
      "crisis",
      "its",
      "ads",
      "lens",
      "chaos",
      "macos",
      "nodejs",
    ]) {
      expect(tokenize(word), word).toEqual([word]);
    }
    expect(tokenize("analyses crises lenses")).toEqual(["analysis", "crisis", "lens"]);
  });

  it("drops diacritics and folds letters without a decomposition", () => {
    expect(tokenize("Café")).toEqual(["cafe"]);
    expect(tokenize("Zürich São Paulo naïve Ångström")).toEqual(["zurich", "sao", "paulo", "naive", "angstrom"]);
    expect(tokenize("Straße Ærø Łódź")).toEqual(["strasse", "aero", "lodz"]);
    expect(tokenize("İstanbul")).toEqual(["istanbul"]);
  });

  it("unfolds compatibility characters (full-width letters, ligatures)", () => {
    expect(tokenize("ＡＢＣ ﬁle")).toEqual(["abc", "file"]);
  });

  it("keeps words with apostrophes whole and drops a possessive s", () => {
    expect(tokenize("OpenAI's models don't")).toEqual(["openai", "model", "dont"]);
    expect(tokenize("OpenAI’s")).toEqual(["openai"]);
    expect(tokenize("the students' union")).toEqual(["the", "student", "union"]);
  });

  it("names C++, C# and F# instead of reducing them to a letter", () => {
    expect(tokenize("C++ and C# and F#")).toEqual(["cpp", "and", "csharp", "and", "fsharp"]);
    expect(tokenize("Vitamin C")).toEqual(["vitamin", "c"]);
    expect(tokenize("c++17")).toEqual(["c", "17"]);
  });

  it("tokenises unspaced scripts character by character and keeps other scripts' words whole", () => {
    expect(tokenize("東京の天気")).toEqual(["東", "京", "の", "天", "気"]);
    expect(tokenize("AI研究")).toEqual(["ai", "研", "究"]);
    expect(tokenize("한국어 텍스트")).toEqual(["한국어", "텍스트"]);
    expect(tokenize("हिन्दी भाषा")).toEqual(["हिन्दी", "भाषा"]);
    expect(tokenize("Москва, Россия")).toEqual(["москва", "россия"]);
  });

  it("keeps marks that change a letter's meaning in other scripts", () => {
    expect(tokenize("ガ")).not.toEqual(tokenize("カ"));
    expect(tokenize("हिन्दी")).not.toEqual(tokenize("हनद"));
  });

  it("tokenises long text", () => {
    const text = "Neural networks, again. ".repeat(50_000);
    const tokens = tokenize(text);
    expect(tokens).toHaveLength(150_000);
    expect(tokens.slice(0, 3)).toEqual(["neural", "network", "again"]);
  });

  it("is idempotent on its own output", () => {
    const words = fc.constantFrom(
      "networks",
      "policies",
      "classes",
      "databases",
      "movies",
      "houses",
      "viruses",
      "news",
      "analyses",
      "Café",
      "Zürich",
      "C++",
      "東京",
      "don't",
      "APIs",
      "heroes",
      "shoes",
      "caches",
      "beaches",
      "courses",
    );
    const text = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.array(words, { maxLength: 6 }).map((w) => w.join(" ")),
    );
    fc.assert(
      fc.property(text, (t) => {
        const tokens = tokenize(t);
        expect(tokenize(tokens.join(" "))).toEqual(tokens);
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it("tokenises ASCII text the same way whether or not other characters are present", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."aBcS's+#.- 19zY'".split("")), maxLength: 30 }), (t) => {
        expect(tokenize(`${t} é`)).toEqual([...tokenize(t), "e"]);
      }),
      { numRuns: propertyRuns(1000) },
    );
  });
});

describe("tokenizeArticle", () => {
  it("tokenises the title and the body apart, in the article's language", () => {
    expect(tokenizeArticle({ title: "Les réseaux", body: "des ruches", language: "fr-FR" })).toEqual({
      title: tokenize("Les réseaux", { language: "fr" }),
      body: tokenize("des ruches", { language: "fr" }),
    });
    expect(tokenizeArticle({ title: "Networks", body: "Hives", language: "en" })).toEqual({
      title: ["network"],
      body: ["hive"],
    });
    expect(tokenizeArticle({ title: "Networks" })).toEqual({ title: ["network"], body: [] });
  });
});

describe("foldPlural", () => {
  it("is idempotent for any lowercase word", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,12}$/), (word) => {
        const once = foldPlural(word);
        expect(foldPlural(once)).toBe(once);
      }),
      { numRuns: propertyRuns(2000) },
    );
  });
});

describe("phraseKey", () => {
  it("joins a topic's tokens with one space", () => {
    expect(phraseKey("  Neural   Networks ")).toBe("neural network");
    expect(phraseKey("Neural Network")).toBe(phraseKey("neural networks"));
    expect(phraseKey("Machine-Learning")).toBe("machine learning");
  });

  it("answers '' for a topic without tokens", () => {
    expect(phraseKey("")).toBe("");
    expect(phraseKey(" -- ")).toBe("");
  });

  it("does not change an existing key", () => {
    for (const topic of ["Neural Networks", "Policies", "C#", "Café Society", "Databases"]) {
      const key = phraseKey(topic);
      expect(phraseKey(key)).toBe(key);
    }
  });
});

describe("displayTopic", () => {
  it("trims, collapses white space and capitalises each word", () => {
    expect(displayTopic("neural  networks")).toBe("Neural Networks");
    expect(displayTopic("  machine\tlearning \n")).toBe("Machine Learning");
  });

  it("keeps the rest of each word as typed", () => {
    expect(displayTopic("AI safety")).toBe("AI Safety");
    expect(displayTopic("iPhone apps")).toBe("IPhone Apps");
    expect(displayTopic("gpt-4 models")).toBe("Gpt-4 Models");
  });

  it("capitalises letters outside ASCII", () => {
    expect(displayTopic("élan vital")).toBe("Élan Vital");
    expect(displayTopic("zürich")).toBe("Zürich");
    expect(displayTopic("東京 food")).toBe("東京 Food");
  });

  it("answers '' for blank input", () => {
    expect(displayTopic("")).toBe("");
    expect(displayTopic("   ")).toBe("");
  });
});

describe("tokenize per language", () => {
  it("folds English plurals only for English, unknown or non-Latin-script text", () => {
    expect(tokenize("dans les pies")).toEqual(["dan", "les", "pie"]);
    expect(tokenize("dans les pies", { language: "en" })).toEqual(["dan", "les", "pie"]);
    expect(tokenize("dans les pies", { language: "fr-FR" })).toEqual(["dans", "les", "pies"]);
    expect(tokenize("GPUs", { language: "ja" })).toEqual(["gpu"]);
    expect(tokenize("GPUs", { language: "not a tag" })).toEqual(["gpu"]);
  });

  it("splits French, Italian and Catalan elisions, and joins English contractions", () => {
    expect(tokenize("L'intelligence artificielle", { language: "fr" })).toEqual(["l", "intelligence", "artificielle"]);
    expect(tokenize("dell’arte", { language: "it" })).toEqual(["dell", "arte"]);
    expect(tokenize("don't stop", { language: "en" })).toEqual(["dont", "stop"]);
  });

  it("tokenises Thai character by character, vowel and tone marks kept on their letter", () => {
    expect(tokenize("ปัญญา")).toEqual(["ปั", "ญ", "ญ", "า"]);
    const tokens = tokenize("ข่าวปัญญาประดิษฐ์ AI");
    expect(tokens.at(-1)).toBe("ai");
    expect(tokenize(tokens.join(" "))).toEqual(tokens);
  });

  it("drops Arabic and Hebrew vowel marks and the tatweel", () => {
    expect(tokenize("الذَّكَاءُ الاصْطِنَاعِيّ")).toEqual(["الذكاء", "الاصطناعي"]);
    expect(tokenize("العـــربية")).toEqual(["العربية"]);
    expect(tokenize("שָׁלוֹם")).toEqual(["שלום"]);
  });
});
