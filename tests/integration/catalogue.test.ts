import { describe, expect, it } from "vitest";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { CatalogueVersionEntity } from "../../packages/core/src/modules/sources/catalogue-version.entity.ts";
import { NEVER } from "../../packages/core/src/modules/sources/catalogue-load.ts";
import { SourceEntity } from "../../packages/core/src/modules/sources/source.entity.ts";
import * as Sources from "@graph/core/modules/sources";
import { storedArticle } from "../support/articles.ts";

// Every load is of a whole catalogue: each test lists the sources it needs, and checks only those.
const entry = (id: string, extra: Partial<Sources.CatalogueEntry> = {}): Sources.CatalogueEntry => ({
  sourceId: `${id}-source`,
  name: `${id} feed`,
  siteUrl: `https://${id}.example`,
  feedUrl: `https://${id}.example/feed.xml`,
  type: "rss",
  subject: "Science",
  language: "en",
  ...extra,
});
const source = async (id: string) => Sources.get(`${id}-source`);
const dueIds = async (now: number) => (await Sources.readDue(now, 5000)).map((s) => s.sourceId);

describe("loading the catalogue", () => {
  it("adds every entry once, with its subject, country and language, and loads again only when it changed", async () => {
    const now = Date.now();
    const entries = [entry("alpha"), entry("beta", { subject: "News", country: "France", language: "fr" })];
    const first = await Sources.loadCatalogue(entries, now);
    expect(first).toMatchObject({ loaded: true, added: 2, updated: 0, retired: 0 });
    expect(await source("beta")).toMatchObject({
      subject: "News",
      country: "France",
      language: "fr",
      origin: "catalogue",
      trusted: true,
      nextFetchAt: now,
    });

    // Fetched meanwhile: a second load of the same catalogue reads one item and writes nothing.
    await SourceEntity.patch({ sourceId: "alpha-source" })
      .set({ nextFetchAt: now + 3_600_000 })
      .go();
    expect(await Sources.loadCatalogue([...entries].reverse(), now + 1000)).toEqual({
      loaded: false,
      reason: "current",
    });
    expect((await source("alpha"))?.nextFetchAt).toBe(now + 3_600_000);

    // A changed entry is updated in place; an unchanged one keeps its turn.
    const renamed = await Sources.loadCatalogue([entries[0]!, { ...entries[1]!, name: "Beta renamed" }], now + 2000);
    expect(renamed).toMatchObject({ loaded: true, added: 0, updated: 1, retired: 0 });
    expect((await source("beta"))?.name).toBe("Beta renamed");
    expect((await source("alpha"))?.nextFetchAt).toBe(now + 3_600_000);
  });

  it("creates each source once when loads start at once, and only one of them loads", async () => {
    const now = Date.now();
    const entries = Array.from({ length: 60 }, (_, i) => entry(`many${i}`));
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => Sources.loadCatalogue(entries, now)));
    expect(outcomes.filter((o) => o.loaded)).toHaveLength(1);
    expect(outcomes.find((o) => o.loaded)).toMatchObject({ added: 60 });
    const stored = (await Sources.all()).filter((s) => s.sourceId.startsWith("many"));
    expect(stored).toHaveLength(60);
    const { data: version } = await CatalogueVersionEntity.get({ name: "catalogue" }).go();
    expect(version).toMatchObject({ hash: Sources.catalogueHash(entries), count: 60 });
    expect(version?.loadingUntil).toBeUndefined();
  });

  it("waits for a load under way, and loads once a crashed load's claim has lapsed", async () => {
    const now = Date.now();
    await CatalogueVersionEntity.update({ name: "catalogue" })
      .set({ loadingHash: "crashed", loadingUntil: now + 1000 })
      .go();
    expect(await Sources.loadCatalogue([entry("late")], now)).toEqual({ loaded: false, reason: "busy" });
    expect(await source("late")).toBeUndefined();
    expect(await Sources.loadCatalogue([entry("late")], now + 1001)).toMatchObject({ loaded: true, added: 1 });
  });

  it("retires a source that leaves the catalogue, keeping its articles, and un-retires it when it is back", async () => {
    const now = Date.now();
    await Sources.loadCatalogue([entry("stay"), entry("gone")], now);
    const articleId = await storedArticle("gone", "An article worth keeping");
    // As a fetch under way reads it, before it is retired.
    const beingFetched = (await source("gone"))!;

    const without = await Sources.loadCatalogue([entry("stay")], now + 1000);
    expect(without).toMatchObject({ loaded: true, retired: 1 });
    expect(await source("gone")).toMatchObject({ retiredAt: now + 1000, nextFetchAt: NEVER });
    expect((await ArticleEntity.get({ articleId }).go()).data?.title).toBe("An article worth keeping");
    const later = now + 365 * 24 * 3_600_000;
    expect(await dueIds(later)).toContain("stay-source");
    expect(await dueIds(later)).not.toContain("gone-source");

    // A fetch under way as it was retired records its outcome: it is still not due.
    await Sources.recordFetched(beingFetched, now + 1500, 3600);
    await Sources.recordFailure(beingFetched, now + 1500, "the feed went away");
    expect(await dueIds(later)).not.toContain("gone-source");

    const back = await Sources.loadCatalogue([entry("stay"), entry("gone")], now + 2000);
    expect(back).toMatchObject({ loaded: true, restored: 1, added: 0, retired: 0 });
    const returned = await source("gone");
    expect(returned?.retiredAt).toBeUndefined();
    expect(returned?.nextFetchAt).toBe(now + 2000);
    expect(await dueIds(now + 2000)).toContain("gone-source");
  });

  it("never retires a suggested source", async () => {
    const now = Date.now();
    await SourceEntity.create({
      sourceId: "suggested-source",
      name: "Suggested",
      siteUrl: "https://suggested.example",
      feedUrl: "https://suggested.example/feed.xml",
      type: "rss",
      origin: "suggested",
      nextFetchAt: now,
      createdAt: now,
    }).go();
    await Sources.loadCatalogue([entry("one")], now);
    await Sources.loadCatalogue([entry("two")], now + 1000);
    expect((await source("one"))?.retiredAt).toBe(now + 1000);
    const suggested = await source("suggested");
    expect(suggested?.retiredAt).toBeUndefined();
    expect(suggested?.nextFetchAt).toBe(now);
  });

  it("loads the production catalogue", async () => {
    const catalogue = await Sources.productionCatalogue();
    const outcome = await Sources.loadCatalogue(catalogue);
    expect(outcome).toMatchObject({ loaded: true, added: catalogue.length });
    expect(await Sources.get("hacker-news")).toMatchObject({ subject: "Tech", language: "en", origin: "catalogue" });
    expect(await Sources.loadCatalogue(catalogue)).toEqual({ loaded: false, reason: "current" });
  });
});
