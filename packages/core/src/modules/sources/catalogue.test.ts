import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogueFromTsv } from "../../../../../scripts/catalogue/from-tsv.ts";
import { canonicalUrl } from "../../lib/syndication/identity.ts";
import { catalogueFeed, inferLanguage, sourceIdOf } from "./catalogue-file.ts";
import { productionCatalogue } from "./catalogue.ts";
import { SOURCE_TYPES } from "./rules.ts";

const PRODUCTION_CATALOGUE = await productionCatalogue();
const EARLIER_IDS = ["hacker-news", "arxiv-cs-ai", "nasa-breaking", "quanta", "github-blog", "nature-news"];

describe("the production catalogue", () => {
  it("lists each feed once by canonical address, and each source id once", () => {
    const addresses = PRODUCTION_CATALOGUE.map((e) => canonicalUrl(e.feedUrl));
    expect(new Set(addresses).size).toBe(PRODUCTION_CATALOGUE.length);
    expect(new Set(PRODUCTION_CATALOGUE.map((e) => e.sourceId)).size).toBe(PRODUCTION_CATALOGUE.length);
    expect(PRODUCTION_CATALOGUE.length).toBeGreaterThanOrEqual(763);
  });

  it("gives every feed a name, an http(s) address and site, a subject and a language", () => {
    for (const e of PRODUCTION_CATALOGUE) {
      expect(e.name.trim(), e.feedUrl).not.toBe("");
      expect(e.subject?.trim(), e.feedUrl).toBeTruthy();
      expect(e.language, e.feedUrl).toMatch(/^[a-z]{2,3}$/);
      expect(e.feedUrl).toBe(canonicalUrl(e.feedUrl));
      expect(new URL(e.feedUrl).protocol).toMatch(/^https?:$/);
      expect(new URL(e.siteUrl).protocol).toMatch(/^https?:$/);
      expect(SOURCE_TYPES).toContain(e.type);
    }
  });

  it("derives ids from the canonical address, except the earlier feeds', which keep theirs", () => {
    const ids = new Set(PRODUCTION_CATALOGUE.map((e) => e.sourceId));
    for (const id of EARLIER_IDS) expect(ids).toContain(id);
    for (const e of PRODUCTION_CATALOGUE.filter((e) => !EARLIER_IDS.includes(e.sourceId))) {
      expect(e.sourceId).toBe(sourceIdOf(e.feedUrl));
    }
  });

  it("has 34 subjects, 25 countries and national feeds in their languages", () => {
    expect(new Set(PRODUCTION_CATALOGUE.map((e) => e.subject)).size).toBe(34);
    expect(new Set(PRODUCTION_CATALOGUE.flatMap((e) => (e.country ? [e.country] : []))).size).toBe(25);
    const languageOf = (name: string) => PRODUCTION_CATALOGUE.find((e) => e.name === name)?.language;
    expect(languageOf("朝日新聞デジタル")).toBe("ja");
    expect(languageOf("Le Monde.fr - Actualités et Infos en France et dans le monde")).toBe("fr");
    expect(languageOf("Українська правда")).toBe("uk");
    expect(languageOf("The Moscow Times - Independent News From Russia")).toBe("en");
  });

  it("holds what the script writes from the list it was taken from", () => {
    const tsv = readFileSync(
      new URL("../../../../../scripts/catalogue/awesome-rss-feeds.tsv", import.meta.url),
      "utf8",
    );
    // Feeds imported from OPML since come on top.
    expect(PRODUCTION_CATALOGUE).toEqual(expect.arrayContaining(catalogueFromTsv(tsv).file.feeds));
  });
});

describe("a catalogue entry", () => {
  it("takes the site's origin when the list gives no site", () => {
    const feed = catalogueFeed({
      name: " A  feed ",
      feedUrl: "https://news.example/a/feed/?utm_source=x",
      subject: "News",
    });
    expect(feed).toMatchObject({
      name: "A feed",
      feedUrl: "https://news.example/a/feed",
      siteUrl: "https://news.example",
    });
  });

  it("refuses an address that is not http(s), and a missing subject", () => {
    expect(catalogueFeed({ name: "x", feedUrl: "ftp://x.example/rss", subject: "News" })).toEqual({
      error: "not http(s): ftp:",
    });
    expect(catalogueFeed({ name: "x", feedUrl: "https://x.example/rss", subject: " " })).toEqual({
      error: "no subject",
    });
  });

  it("infers the language by the stated rules", () => {
    expect(inferLanguage("Deutsche Welle", "https://rss.dw.com/rdf/rss-en-all", "Germany")).toBe("en");
    expect(inferLanguage("Цензор.НЕТ - Новости", "https://censor.net.ua/includes/news_ru.xml", "Ukraine")).toBe("ru");
    expect(inferLanguage("Новини", "https://tsn.ua/rss", "Ukraine")).toBe("uk");
    expect(inferLanguage("Газета", "https://x.example/rss", "Russia")).toBe("ru");
    expect(inferLanguage("عصر ايران", "https://x.example/rss", "Iran")).toBe("fa");
    expect(inferLanguage("ایکسپریس اردو", "https://x.example/rss", "Pakistan")).toBe("ur");
    expect(inferLanguage("প্রথম আলো", "https://x.example/rss", "Bangladesh")).toBe("bn");
    expect(inferLanguage("頭條日報", "https://x.example/rss", "Hong Kong SAR China")).toBe("zh");
    expect(inferLanguage("Mexico News Daily", "https://x.example/rss", "Mexico")).toBe("en");
    expect(inferLanguage("Reforma", "https://x.example/rss", "Mexico")).toBe("es");
    expect(inferLanguage("Japan Today", "https://x.example/rss", "Japan")).toBe("en");
    expect(inferLanguage("Smashing Magazine", "https://x.example/rss")).toBe("en");
  });
});
