import { describe, expect, it } from "vitest";
import { articleLanguage, detectLanguage } from "./language.ts";
import { primaryLanguage } from "./rules.ts";

describe("primaryLanguage", () => {
  it("reduces a declared tag to its primary subtag, lowercased", () => {
    expect(primaryLanguage("en-US")).toBe("en");
    expect(primaryLanguage(" ZH_cn ")).toBe("zh");
    expect(primaryLanguage("ja")).toBe("ja");
    expect(primaryLanguage("yue-Hant-HK")).toBe("yue");
  });

  it("renames deprecated codes", () => {
    expect(primaryLanguage("iw")).toBe("he");
    expect(primaryLanguage("in-ID")).toBe("id");
  });

  it("answers nothing for what names no language", () => {
    for (const tag of ["", "English", "x-klingon", "und", "mul", "12", undefined, null]) {
      expect(primaryLanguage(tag)).toBeUndefined();
    }
  });
});

describe("detectLanguage", () => {
  it("tells the language from the script of most letters", () => {
    expect(detectLanguage("الذكاء الاصطناعي يغير العالم")).toBe("ar");
    expect(detectLanguage("בינה מלאכותית משנה את העולם")).toBe("he");
    expect(detectLanguage("東京で機械学習を学ぶ")).toBe("ja");
    expect(detectLanguage("人工智能正在改变世界")).toBe("zh");
    expect(detectLanguage("인공지능이 세상을 바꾼다")).toBe("ko");
    expect(detectLanguage("Искусственный интеллект")).toBe("ru");
    expect(detectLanguage("Τεχνητή νοημοσύνη")).toBe("el");
    expect(detectLanguage("ปัญญาประดิษฐ์")).toBe("th");
    expect(detectLanguage("कृत्रिम बुद्धिमत्ता")).toBe("hi");
  });

  it("tells a language by the letters only its alphabet has", () => {
    expect(detectLanguage("هوش مصنوعی جهان را تغییر می‌دهد")).toBe("fa");
    expect(detectLanguage("Штучний інтелект змінює світ")).toBe("uk");
  });

  it("is not moved by a few letters of another script", () => {
    expect(detectLanguage("شركة Apple تطلق هاتفاً جديداً في الأسواق")).toBe("ar");
    expect(detectLanguage("iPhone 16 の新しいカメラ機能について詳しく解説します")).toBe("ja");
  });

  it("does not guess at Latin-script text or text without letters", () => {
    expect(detectLanguage("Le chat est sur la table")).toBeUndefined();
    expect(detectLanguage("The cat sat on the mat")).toBeUndefined();
    expect(detectLanguage("2024 — 42 %")).toBeUndefined();
    expect(detectLanguage("")).toBeUndefined();
  });
});

describe("articleLanguage", () => {
  it("takes the first declared language", () => {
    expect(articleLanguage("Le chat est sur la table", "fr-FR", "en")).toBe("fr");
    expect(articleLanguage("Le chat est sur la table", undefined, "fr")).toBe("fr");
    expect(articleLanguage("東京で機械学習を学ぶ", "ja")).toBe("ja");
    expect(articleLanguage("东京", "ja")).toBe("ja");
  });

  it("falls back on the script when nothing usable is declared", () => {
    expect(articleLanguage("الذكاء الاصطناعي", undefined, undefined)).toBe("ar");
    expect(articleLanguage("الذكاء الاصطناعي", "English")).toBe("ar");
    expect(articleLanguage("The cat sat on the mat")).toBeUndefined();
  });

  it("believes the text over a declaration in another script (software defaults to en-us)", () => {
    expect(articleLanguage("בינה מלאכותית משנה את העולם", "en-us")).toBe("he");
    expect(articleLanguage("機械学習の入門", "en", "en")).toBe("ja");
    // Same script: the declaration stands (Persian is written in Arabic letters).
    expect(articleLanguage("الذكاء الاصطناعي", "fa")).toBe("fa");
  });
});
