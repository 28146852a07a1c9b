import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { SourceEntity } from "../../packages/core/src/modules/sources/source.entity.ts";
import { postingsFor } from "@graph/core/modules/articles";
import { ingestSource } from "@graph/core/workflows/ingest";
import { phraseKey } from "@graph/core/lib/matching";
import * as Sources from "@graph/core/modules/sources";
import { startFeedServer } from "../support/feeds.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
let cookie: string;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
const local = { allowPrivateFeeds: false } as const;

/**
 * `text` in a legacy encoding Node can decode but not encode: every character is looked up in
 * the decoder's own table (one byte, or two for Shift_JIS), so the bytes are what a server in
 * that encoding sends.
 */
function encodeLegacy(text: string, encoding: "windows-1256" | "shift_jis"): Buffer {
  const decoder = new TextDecoder(encoding, { fatal: true });
  const table = new Map<string, number[]>();
  const learn = (bytes: number[]) => {
    try {
      const char = decoder.decode(Uint8Array.from(bytes));
      if ([...char].length === 1 && !table.has(char)) table.set(char, bytes);
    } catch {
      // not a character in this encoding
    }
  };
  for (let b = 0x80; b <= 0xff; b++) learn([b]);
  if (encoding === "shift_jis") {
    for (let lead = 0x81; lead <= 0xfc; lead++) {
      if (lead > 0x9f && lead < 0xe0) continue;
      for (let trail = 0x40; trail <= 0xfc; trail++) learn([lead, trail]);
    }
  }
  const out: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else if (table.has(char)) out.push(...table.get(char)!);
    else throw new Error(`${char} (U+${code.toString(16)}) is not in ${encoding}`);
  }
  return Buffer.from(out);
}

const HOUR = 3_600_000;
const date = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);

// Arabic, RSS, windows-1256 declared only in the XML prolog, <language>ar-SA</language>.
const arabic = {
  withTopic: {
    title: "الذكاء الاصطناعي يغيّر صناعة السيارات",
    summary: "تقرير عن الفن والسيارات، وكيف يدخل الذكاءُ الاصطناعيُّ إلى المصانع.",
  },
  without: {
    title: "معرض للفن المعاصر في الرياض",
    summary: "لوحات ومنحوتات وسيارة قديمة في قاعة العرض.",
  },
};
const arabicFeed = `<?xml version="1.0" encoding="windows-1256"?>
<rss version="2.0"><channel><title>أخبار التقنية</title><link>https://tech-ar.example/</link><language>ar-SA</language>
<item><title>${arabic.withTopic.title}</title><link>https://tech-ar.example/ai-cars</link><description>${arabic.withTopic.summary}</description><pubDate>${date(2).toUTCString()}</pubDate></item>
<item><title>${arabic.without.title}</title><link>https://tech-ar.example/art</link><description>${arabic.without.summary}</description><pubDate>${date(3).toUTCString()}</pubDate></item>
</channel></rss>`;

// Japanese, Atom, Shift_JIS declared only in the HTTP header, xml:lang="ja-JP" on the feed.
const japanese = {
  withTopic: {
    title: "機械学習で変わる東京の交通",
    summary: "車の流れを機械学習で予測する。囲碁の名人も愛用するアートな地図。",
  },
  without: {
    title: "京都の秋、紅葉の名所",
    summary: "愛車で巡る古都のアートと囲碁の旅。",
  },
};
const japaneseFeed = `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ja-JP"><title>テック日報</title><id>urn:tech-ja</id><link href="https://tech-ja.example/"/><updated>${date(1).toISOString()}</updated>
<entry><title>${japanese.withTopic.title}</title><id>urn:tech-ja:1</id><link href="https://tech-ja.example/ml"/><updated>${date(2).toISOString()}</updated><summary>${japanese.withTopic.summary}</summary></entry>
<entry><title>${japanese.without.title}</title><id>urn:tech-ja:2</id><link href="https://tech-ja.example/kyoto"/><updated>${date(3).toISOString()}</updated><summary>${japanese.without.summary}</summary></entry>
</feed>`;

// Hebrew, RSS in UTF-8 that declares no language: the script tells it.
const hebrew = {
  title: "בינה מלאכותית בבתי החולים",
  summary: "אמנות, מכוניות ובינה מלאכותית: סיכום השבוע.",
};
const hebrewFeed = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>חדשות</title><link>https://news-he.example/</link>
<item><title>${hebrew.title}</title><link>https://news-he.example/ai</link><description>${hebrew.summary}</description><pubDate>${date(2).toUTCString()}</pubDate></item>
</channel></rss>`;

// French, no language in the feed: its source's catalogue language applies.
const frenchFeed = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Actualités</title><link>https://actu-fr.example/</link>
<item><title>Il est dans la course, mais sans voiture</title><link>https://actu-fr.example/course</link><description>Les pieds dans l'eau.</description><pubDate>${date(2).toUTCString()}</pubDate></item>
</channel></rss>`;

const LATIN_TOPICS = ["ai", "art", "go", "car", "Dan", "Mai", "Pie"];
const OWN_TOPICS = ["الذكاء الاصطناعي", "機械学習", "京都", "בינה מלאכותית", "Course"];

const entry = (sourceId: string, path: string) => ({
  sourceId,
  name: `Source ${sourceId}`,
  siteUrl: `https://${sourceId}.example`,
  feedUrl: `${feeds.url}${path}`,
  type: "rss" as const,
});

async function articlesOf(sourceId: string) {
  const { data } = await ArticleEntity.query.bySource({ sourceId }).go({ pages: "all" });
  return new Map(data.map((a) => [a.link, a]));
}

/** Article ids posted under each topic. */
async function postedUnder(topics: string[]): Promise<Map<string, string[]>> {
  const keys = topics.map(phraseKey);
  const postings = await postingsFor(keys, 0, 1000);
  return new Map(topics.map((topic, i) => [topic, (postings.get(keys[i]!) ?? []).map((p) => p.articleId)]));
}

beforeAll(async () => {
  feeds = await startFeedServer();
  const person = await signedIn(api);
  cookie = person.cookie;
  const added = await api
    .client({ cookie: person.cookie })
    .gpt.to_db.$post({ json: { keyTopicsArray: [...LATIN_TOPICS, ...OWN_TOPICS] } });
  expect(added.status).toBe(200);
  await api.runtime.dispatcher.idle();

  feeds.set("/ar.xml", { body: encodeLegacy(arabicFeed, "windows-1256"), contentType: "application/rss+xml" });
  feeds.set("/ja.xml", {
    body: encodeLegacy(japaneseFeed, "shift_jis"),
    contentType: "application/atom+xml; charset=Shift_JIS",
  });
  feeds.set("/he.xml", { body: hebrewFeed });
  feeds.set("/fr.xml", { body: frenchFeed });
  await Sources.ensureCatalogue([
    entry("tech-ar", "/ar.xml"),
    entry("tech-ja", "/ja.xml"),
    entry("news-he", "/he.xml"),
    entry("actu-fr", "/fr.xml"),
  ]);
  await SourceEntity.patch({ sourceId: "actu-fr" }).set({ language: "fr" }).go();
  for (const sourceId of ["tech-ar", "tech-ja", "news-he", "actu-fr"]) {
    expect(await ingestSource(sourceId, local)).toMatchObject({ status: "ok" });
  }
});
afterAll(() => feeds?.close());

describe("feeds in other languages and scripts, ingested", () => {
  it("stores an Arabic feed in windows-1256 (declared in the prolog) without mojibake, as Arabic", async () => {
    const stored = await articlesOf("tech-ar");
    expect(stored.get("https://tech-ar.example/ai-cars")).toMatchObject({ ...arabic.withTopic, language: "ar" });
    expect(stored.get("https://tech-ar.example/art")).toMatchObject({ ...arabic.without, language: "ar" });
  });

  it("stores a Japanese feed in Shift_JIS (declared in the HTTP header) without mojibake, as Japanese", async () => {
    const stored = await articlesOf("tech-ja");
    expect(stored.get("https://tech-ja.example/ml")).toMatchObject({ ...japanese.withTopic, language: "ja" });
    expect(stored.get("https://tech-ja.example/kyoto")).toMatchObject({ ...japanese.without, language: "ja" });
  });

  it("takes the language from the script when neither feed nor source declares one", async () => {
    const stored = await articlesOf("news-he");
    expect(stored.get("https://news-he.example/ai")).toMatchObject({ ...hebrew, language: "he" });
  });

  it("takes the source's language when the feed declares none and the script cannot tell", async () => {
    const stored = await articlesOf("actu-fr");
    expect(stored.get("https://actu-fr.example/course")?.language).toBe("fr");
  });

  it("matches none of them to Latin-script topics, nor French words to English plurals", async () => {
    const posted = await postedUnder(LATIN_TOPICS);
    for (const topic of LATIN_TOPICS) expect(posted.get(topic), topic).toEqual([]);
  });

  it("matches topics in their own language and script by the stated rules", async () => {
    const ar = await articlesOf("tech-ar");
    const ja = await articlesOf("tech-ja");
    const he = await articlesOf("news-he");
    const fr = await articlesOf("actu-fr");
    const posted = await postedUnder(OWN_TOPICS);
    // Arabic: whole words, the vowel marks of the summary ignored.
    expect(posted.get("الذكاء الاصطناعي")).toEqual([ar.get("https://tech-ar.example/ai-cars")!.articleId]);
    // Japanese: characters in a row, only in the article that has them in a row.
    expect(posted.get("機械学習")).toEqual([ja.get("https://tech-ja.example/ml")!.articleId]);
    expect(posted.get("京都")).toEqual([ja.get("https://tech-ja.example/kyoto")!.articleId]);
    expect(posted.get("בינה מלאכותית")).toEqual([he.get("https://news-he.example/ai")!.articleId]);
    expect(posted.get("Course")).toEqual([fr.get("https://actu-fr.example/course")!.articleId]);
  });

  it("gives the feed card each article's language", async () => {
    const response = await api.client({ cookie }).rss.articles.$get({ query: {} });
    expect(response.status).toBe(200);
    const shown = Object.values((await response.json()).groups).flat();
    const byTitle = new Map(shown.map((a) => [a.title, a.language]));
    expect(byTitle.get(arabic.withTopic.title)).toBe("ar");
    expect(byTitle.get(japanese.withTopic.title)).toBe("ja");
    expect(byTitle.get(hebrew.title)).toBe("he");
  });
});
