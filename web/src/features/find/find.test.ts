import { describe, expect, it } from "vitest";
import { client } from "../../lib/client.ts";
import {
  type ArticleSearchPage,
  type ArticleSearchResult,
  FIND_MAX_CHARS,
  SEARCH_ERROR_TEXT,
  debounceFor,
  findView,
  flattenPages,
  formatResultDate,
  highlightName,
  highlightTitle,
  isTooShort,
  nextPageParam,
  noResultsText,
  parseFindType,
  profilePath,
  searchTerm,
  userInitial,
} from "./find.ts";

function result(id: string, over: Partial<ArticleSearchResult> = {}): ArticleSearchResult {
  return {
    id,
    title: `title ${id}`,
    source: "Example",
    link: `https://example.com/${id}`,
    publication_date: "2025-06-03T10:00:00.000Z",
    ...over,
  };
}

function page(n: number, ids: string[], hasMore: boolean): ArticleSearchPage {
  return { page: n, results: ids.map((id) => result(id)), hasMore };
}

describe("parseFindType", () => {
  it("is posts unless the parameter says users", () => {
    expect(parseFindType(null)).toBe("posts");
    expect(parseFindType("posts")).toBe("posts");
    expect(parseFindType("users")).toBe("users");
    expect(parseFindType("USERS")).toBe("posts");
    expect(parseFindType("people")).toBe("posts");
  });

  it("waits 300 ms for posts and 200 ms for people", () => {
    expect(debounceFor("posts")).toBe(300);
    expect(debounceFor("users")).toBe(200);
  });
});

describe("searchTerm", () => {
  it("sends nothing under two characters after trimming", () => {
    expect(searchTerm("")).toBeNull();
    expect(searchTerm(undefined)).toBeNull();
    expect(searchTerm("a")).toBeNull();
    expect(searchTerm("  a  ")).toBeNull();
    expect(searchTerm("   ")).toBeNull();
    expect(searchTerm("\t\n")).toBeNull();
  });

  it("sends two characters and more, trimmed", () => {
    expect(searchTerm("ab")).toBe("ab");
    expect(searchTerm("  rust  ")).toBe("rust");
    expect(searchTerm(" a b ")).toBe("a b");
  });

  it("makes inner runs of whitespace one space", () => {
    expect(searchTerm("neural \t  networks")).toBe("neural networks");
  });

  it("counts characters, not UTF-16 units", () => {
    expect(searchTerm("😀")).toBeNull();
    expect(searchTerm("é")).toBeNull();
    expect(searchTerm("猫")).toBeNull();
    expect(searchTerm("猫猫")).toBe("猫猫");
    expect(searchTerm("😀😀")).toBe("😀😀");
  });

  it("keeps unicode and punctuation as typed", () => {
    expect(searchTerm("C++")).toBe("C++");
    expect(searchTerm("café & crème")).toBe("café & crème");
    expect(searchTerm('"exact phrase"')).toBe('"exact phrase"');
  });

  it("cuts at the longest search the server reads", () => {
    const long = "x".repeat(FIND_MAX_CHARS + 20);
    expect(searchTerm(long)).toBe("x".repeat(FIND_MAX_CHARS));
    expect(Array.from(searchTerm("é".repeat(150)) ?? "")).toHaveLength(FIND_MAX_CHARS);
  });

  it("names a too-short field only when something is in it", () => {
    expect(isTooShort("")).toBe(false);
    expect(isTooShort("   ")).toBe(false);
    expect(isTooShort("a")).toBe(true);
    expect(isTooShort(" a ")).toBe(true);
    expect(isTooShort("ab")).toBe(false);
  });
});

describe("search paths", () => {
  // The typed client builds the address; what matters is that the server reads back the same term.
  const sent = (path: string) => Object.fromEntries(new URL(path, "http://graph.test").searchParams);

  it("encodes the term", () => {
    expect(client.api.rss.search.$path({ query: { q: "rust", page: "1" } })).toBe("/api/rss/search?q=rust&page=1");
    expect(sent(client.api.rss.search.$path({ query: { q: "c++ & café", page: "3" } }))).toEqual({
      q: "c++ & café",
      page: "3",
    });
    expect(client.api.users.search.$path({ query: { q: "ann#1" } })).toBe("/api/users/search?q=ann%231");
  });

  it("links a person to their profile", () => {
    expect(profilePath("ada")).toBe("/ada");
    expect(profilePath("a b")).toBe("/a%20b");
  });
});

describe("texts", () => {
  it("names the term when nothing was found", () => {
    expect(noResultsText("quantum knitting")).toBe('no results found for "quantum knitting"');
  });

  it("keeps the failure text exact", () => {
    expect(SEARCH_ERROR_TEXT).toBe("Error loading search results");
  });
});

describe("paging", () => {
  it("asks for the next page only while the server has more", () => {
    expect(nextPageParam(page(1, ["a"], true))).toBe(2);
    expect(nextPageParam(page(4, ["a"], true))).toBe(5);
    expect(nextPageParam(page(1, ["a"], false))).toBeUndefined();
    expect(nextPageParam(undefined)).toBeUndefined();
  });

  it("falls back to page 1 when the page number is unreadable", () => {
    expect(nextPageParam({ results: [], page: Number.NaN, hasMore: true })).toBe(2);
  });

  it("joins pages in order without repeating an article", () => {
    const list = flattenPages([page(1, ["a", "b", "c"], true), page(2, ["c", "d"], true), page(3, ["e"], false)]);
    expect(list.map((r) => r.id)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("leaves out malformed rows", () => {
    const bad = [null, { id: 7 }, { id: "x", title: "t" }] as unknown as ArticleSearchResult[];
    const list = flattenPages([{ page: 1, results: [...bad, result("ok")], hasMore: false }]);
    expect(list.map((r) => r.id)).toEqual(["ok"]);
    expect(flattenPages(undefined)).toEqual([]);
    expect(flattenPages([{ page: 1, results: undefined as unknown as ArticleSearchResult[], hasMore: false }])).toEqual(
      [],
    );
  });

  it("holds 50 a page across many pages", () => {
    const pages = Array.from({ length: 3 }, (_, p) =>
      page(
        p + 1,
        Array.from({ length: 50 }, (_, i) => `${p}-${i}`),
        p < 2,
      ),
    );
    expect(flattenPages(pages)).toHaveLength(150);
    expect(nextPageParam(pages[2])).toBeUndefined();
  });
});

describe("formatResultDate", () => {
  it("shows day, short month and year", () => {
    expect(formatResultDate("2025-06-03T10:00:00.000Z", "UTC")).toBe("3 Jun 2025");
    expect(formatResultDate("2024-12-31T23:30:00.000Z", "UTC")).toBe("31 Dec 2024");
  });

  it("follows the time zone", () => {
    expect(formatResultDate("2024-12-31T23:30:00.000Z", "Pacific/Auckland")).toBe("1 Jan 2025");
  });

  it("is empty when the date cannot be read", () => {
    expect(formatResultDate("", "UTC")).toBe("");
    expect(formatResultDate(null, "UTC")).toBe("");
    expect(formatResultDate("not a date", "UTC")).toBe("");
  });
});

describe("userInitial", () => {
  it("is the first letter or digit, upper-cased", () => {
    expect(userInitial("ada")).toBe("A");
    expect(userInitial("_zed")).toBe("Z");
    expect(userInitial("9lives")).toBe("9");
    expect(userInitial("émile")).toBe("É");
  });

  it("falls back to the first character, then a question mark", () => {
    expect(userInitial("__")).toBe("_");
    expect(userInitial("")).toBe("?");
    expect(userInitial(null)).toBe("?");
  });
});

describe("highlightTitle", () => {
  const marked = (title: string, term: string | null) =>
    highlightTitle(title, term)
      .filter((p) => p.match)
      .map((p) => p.text);
  const joined = (title: string, term: string | null) =>
    highlightTitle(title, term)
      .map((p) => p.text)
      .join("");

  it("marks words that begin with a search word, ignoring case", () => {
    expect(marked("Rust in the Linux kernel", "rust kernel")).toEqual(["Rust", "kernel"]);
    expect(marked("Rustaceans gather", "rust")).toEqual(["Rust"]);
  });

  it("does not mark a search word inside another word", () => {
    expect(marked("Trust and crust", "rust")).toEqual([]);
  });

  it("prefers the longer search word where two could match", () => {
    expect(marked("Neural networks", "net network")).toEqual(["network"]);
  });

  it("keeps the title whole", () => {
    for (const [title, term] of [
      ["Rust in the Linux kernel", "rust kernel"],
      ["C++ (and C) [2025]", "c++"],
      ["Café culture", "CAFÉ"],
      ["", "x"],
      ["no term", null],
    ] as const) {
      expect(joined(title, term)).toBe(title);
    }
  });

  it("reads only letters and digits from the search, so punctuation is safe", () => {
    expect(marked("C++ (and C) [2025]", "c++ (2025")).toEqual(["C", "C", "2025"]);
    expect(marked("a.b*c", ".*")).toEqual([]);
  });

  it("matches unicode letters", () => {
    expect(marked("Café culture in Zürich", "café zür")).toEqual(["Café", "Zür"]);
    expect(marked("東京の猫", "東京")).toEqual(["東京"]);
  });

  it("is the whole title unmarked without a search", () => {
    expect(highlightTitle("Rust", null)).toEqual([{ text: "Rust", match: false }]);
    expect(highlightTitle("", "rust")).toEqual([]);
  });
});

describe("highlightName", () => {
  it("marks where the search appears anywhere in the name", () => {
    expect(highlightName("MariaLopez", "lop")).toEqual([
      { text: "Maria", match: false },
      { text: "Lop", match: true },
      { text: "ez", match: false },
    ]);
    expect(highlightName("ada", "ada")).toEqual([{ text: "ada", match: true }]);
  });

  it("leaves the name unmarked when the search is not in it", () => {
    expect(highlightName("ada", "bob")).toEqual([{ text: "ada", match: false }]);
    expect(highlightName("ada", null)).toEqual([{ text: "ada", match: false }]);
    expect(highlightName("", "a")).toEqual([]);
  });
});

describe("findView", () => {
  const base = { term: "rust", text: "rust", pending: false, isError: false, isWaiting: false, count: 0 };

  it("hints while nothing is to be sent", () => {
    expect(findView({ ...base, term: null, text: "" })).toEqual({ kind: "idle" });
    expect(findView({ ...base, term: null, text: "r" })).toEqual({ kind: "too-short" });
  });

  it("is searching while the field has not settled or the answer has not come", () => {
    expect(findView({ ...base, term: null, text: "ru", pending: true })).toEqual({ kind: "searching" });
    expect(findView({ ...base, isWaiting: true })).toEqual({ kind: "searching" });
    expect(findView({ ...base, pending: true })).toEqual({ kind: "searching" });
  });

  it("names the term when the answer is empty", () => {
    expect(findView(base)).toEqual({ kind: "empty", term: "rust" });
  });

  it("shows the failure for the settled search", () => {
    expect(findView({ ...base, isError: true })).toEqual({ kind: "error" });
    expect(findView({ ...base, isError: true, pending: true })).toEqual({ kind: "searching" });
  });

  it("keeps rows on screen while the next answer is on its way", () => {
    expect(findView({ ...base, count: 3 })).toEqual({ kind: "results" });
    expect(findView({ ...base, count: 3, isWaiting: true })).toEqual({ kind: "results" });
    expect(findView({ ...base, count: 3, pending: true })).toEqual({ kind: "results" });
  });
});
