import { describe, expect, it } from "vitest";
import { filtersOf, passes, storedOf, type StoredFilters } from "./filters.ts";

const kept = (filters: Partial<StoredFilters>): StoredFilters => ({ ...storedOf(undefined), changedAt: 1, ...filters });
const article = {
  title: "Quokka selfies go viral",
  sourceId: "s",
  sourceType: "rss",
  language: "en",
  topics: ["Kimberley"],
};

describe("whether an article passes a person's filters", () => {
  it("applies nothing on a plan without filters, and says they are paused", () => {
    const free = filtersOf(kept({ words: ["selfies"], kinds: ["youtube"] }), "free");
    expect(free).toMatchObject({ active: false, paused: true });
    expect(passes(free, article)).toBe(true);
    expect(passes(filtersOf(kept({ words: ["selfies"] }), "pro"), article)).toBe(false);
  });

  it("shows only the kinds and languages chosen; what it cannot tell passes", () => {
    const onlyVideo = filtersOf(kept({ kinds: ["youtube"] }), "pro");
    expect(passes(onlyVideo, article)).toBe(false);
    expect(passes(onlyVideo, { ...article, sourceType: "youtube" })).toBe(true);
    // Atom and other feeds are web.
    expect(passes(filtersOf(kept({ kinds: ["web"] }), "pro"), { ...article, sourceType: "atom" })).toBe(true);
    const french = filtersOf(kept({ languages: ["fr"] }), "pro");
    expect(passes(french, article)).toBe(false);
    expect(passes(french, { ...article, language: "fr-CA" })).toBe(true);
    expect(passes(french, { ...article, language: undefined })).toBe(true);
  });

  it("mutes a word within a topic only for articles that topic matched", () => {
    const within = filtersOf(kept({ topicWords: [{ topic: "Kimberley", word: "Selfie" }] }), "team");
    expect(passes(within, article)).toBe(false);
    expect(passes(within, { ...article, topics: ["kimberley"] })).toBe(false);
    expect(passes(within, { ...article, topics: ["Wombat"] })).toBe(true);
    expect(passes(within, { ...article, title: "Quokka diet notes" })).toBe(true);
  });

  it("leaves out sources of a country or subject, by name case and accents aside, and keeps a source of none", () => {
    const base = filtersOf(kept({ kinds: ["web", "youtube", "bluesky"] }), "pro");
    const filters = {
      ...base,
      countries: new Set(["cote d'ivoire"]),
      subjects: new Set(["pets"]),
      sources: {
        countries: new Map([["ci", "Côte d'Ivoire"]]),
        subjects: new Map([["pet", "Pets"]]),
      },
    };
    expect(passes(filters, { ...article, sourceId: "ci" })).toBe(false);
    expect(passes(filters, { ...article, sourceId: "pet" })).toBe(false);
    expect(passes(filters, { ...article, sourceId: "elsewhere" })).toBe(true);
  });
});
