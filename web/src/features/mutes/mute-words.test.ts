import { describe, expect, it } from "vitest";
import { MUTE_LIMITS, canMute, cleanWord, limitsText, withWord, withoutWord, type MuteList } from "./mute-words.ts";

const list = (words: string[]): MuteList => ({ words, maxWords: 50, maxLength: 60 });

describe("the muted words list on the page", () => {
  it("states the server's limits", () => {
    expect(MUTE_LIMITS).toEqual({ maxWords: 50, maxLength: 60 });
    expect(limitsText(list([]))).toMatch(/^up to 50 words or phrases, each at most 60 characters\./);
  });

  it("sends a word only when there is one, within the length, with room left", () => {
    expect(cleanWord("  reality \n show ")).toBe("reality show");
    expect(canMute(list([]), "   ")).toBe(false);
    expect(canMute(list([]), "crypto")).toBe(true);
    expect(canMute(undefined, "crypto")).toBe(true);
    expect(canMute(list([]), "x".repeat(60))).toBe(true);
    expect(canMute(list([]), "x".repeat(61))).toBe(false);
    expect(canMute(list(Array.from({ length: 50 }, (_, i) => `w${i}`)), "crypto")).toBe(false);
  });

  it("adds a word in order, once, and removes it", () => {
    const added = withWord(list(["crypto", "spoilers"]), "election");
    expect(added.words).toEqual(["crypto", "election", "spoilers"]);
    expect(withWord(added, "CRYPTO").words).toEqual(added.words);
    expect(withWord(added, "Électión").words).toEqual(added.words);
    expect(withoutWord(added, "election").words).toEqual(["crypto", "spoilers"]);
    expect(withoutWord(added, "nothing").words).toEqual(added.words);
  });
});
