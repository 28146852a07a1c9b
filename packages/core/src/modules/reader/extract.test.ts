import { describe, expect, it } from "vitest";
import { extract } from "./extract.ts";

const story = Array.from(
  { length: 8 },
  (_, i) =>
    `<p>Paragraph ${i}: the harbour council met on Tuesday evening to decide how the old pier should be rebuilt after the winter storms, and chose timber.</p>`,
).join("");
const page = (head: string, body: string) =>
  `<!doctype html><html><head><title>The pier | Gazette</title>${head}</head><body><nav><a href="/">Home</a></nav><article>${body}</article></body></html>`;

describe("extracting an article", () => {
  it("answers the sanitised text, its words and reading time, without a heading that repeats the title", async () => {
    const reading = await extract({
      html: page(`<meta name="author" content="Ann Lee">`, `<h1>The Pier!</h1>${story}<script>x()</script>`),
      url: "https://news.example/pier",
      title: "The pier",
    });
    expect(reading).toMatchObject({ kind: "article", minutes: 1, byline: "Ann Lee" });
    if (reading.kind !== "article") return;
    expect(reading.html).not.toContain("<h2>The Pier!</h2>");
    expect(reading.html).toContain("Paragraph 7");
    expect(reading.html).not.toContain("<script");
    expect(reading.words).toBeGreaterThan(150);
  });

  it("does not read a page that asks not to be archived, by header or meta tag", async () => {
    const html = page("", story);
    expect(await extract({ html, url: "https://news.example/a", robotsTag: "noarchive" })).toEqual({
      kind: "not-archived",
    });
    expect(
      await extract({ html: page(`<meta name="robots" content="noindex">`, story), url: "https://news.example/a" }),
    ).toEqual({
      kind: "not-archived",
    });
  });

  it("calls a page with too little text a stub", async () => {
    expect(
      await extract({ html: page("", "<p>Subscribe to read the rest.</p>"), url: "https://news.example/a" }),
    ).toEqual({
      kind: "too-small",
    });
  });
});

describe("a page too large to read", () => {
  it("is not read past the element cap", async () => {
    const filler = "<span>x</span>".repeat(100_001);
    expect(await extract({ html: page("", `${story}${filler}`), url: "https://news.example/a" })).toEqual({
      kind: "failed",
    });
  });
});
