import { describe, expect, it } from "vitest";
import { hiddenAmong, muteMatcher } from "./matcher.ts";

const hides = (words: string[], title: string, summary?: string, language?: string) =>
  muteMatcher(words).hides({ title, ...(summary !== undefined ? { summary } : {}), ...(language ? { language } : {}) });

describe("muted words", () => {
  it("fold case", () => {
    expect(hides(["crypto"], "CRYPTO winter is here")).toBe(true);
    expect(hides(["CRYPTO"], "A crypto winter")).toBe(true);
  });

  it("fold English plurals both ways", () => {
    expect(hides(["election"], "Three elections in one week")).toBe(true);
    expect(hides(["Elections"], "The election is over")).toBe(true);
    expect(hides(["policy"], "New policies for cities")).toBe(true);
  });

  it("fold accents both ways", () => {
    expect(hides(["cafe"], "The best café in Lisbon")).toBe(true);
    expect(hides(["Zürich"], "Flights to Zurich resume")).toBe(true);
    expect(hides(["straße"], "Die Strasse ist gesperrt", undefined, "de")).toBe(true);
  });

  it("match a phrase only as adjacent words", () => {
    expect(hides(["reality show"], "A new Reality Show tonight")).toBe(true);
    expect(hides(["reality show"], "Reality bites; the show goes on")).toBe(false);
    expect(hides(["reality show"], "Reality, show!")).toBe(true); // punctuation splits words only
  });

  it("never match part of a word", () => {
    expect(hides(["art"], "The article about smart homes")).toBe(false);
    expect(hides(["cat"], "Category theory for beginners")).toBe(false);
    expect(hides(["art"], "Modern art in Paris")).toBe(true);
  });

  it("look in the summary as well as the title, and not across the two", () => {
    expect(hides(["football"], "Weekend plans", "Mostly football and rain.")).toBe(true);
    expect(hides(["weekend football"], "Plans for the weekend", "Football and rain.")).toBe(false);
  });

  it("fold plurals as the article's language does (as topics match)", () => {
    // French text keeps its -s endings: 'dans' is no plural of 'dan'.
    expect(hides(["dan"], "Il est dans la maison", undefined, "fr")).toBe(false);
    expect(hides(["dan"], "Dan is in the house", undefined, "en")).toBe(true);
  });

  it("hide nothing when no word is muted, and say which articles they hide", () => {
    expect(muteMatcher([]).size).toBe(0);
    expect(hides([], "Anything at all")).toBe(false);
    const matcher = muteMatcher(["spoiler", "  ", "Crypto"]);
    expect(matcher.size).toBe(2);
    const hidden = hiddenAmong(matcher, [
      { articleId: "a", title: "No spoilers here" },
      { articleId: "b", title: "Gardening tips" },
      { articleId: "c", title: "Markets", summary: "Crypto prices fell." },
    ]);
    expect([...hidden].sort()).toEqual(["a", "c"]);
  });
});
