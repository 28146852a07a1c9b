import { describe, expect, it } from "vitest";
import { FEED_KEYS, feedKeyAction, isTypingTarget } from "./use-feed-keys-map.ts";

const press = (key: string, more: Partial<Parameters<typeof feedKeyAction>[0]> = {}) =>
  feedKeyAction({ key, ctrlKey: false, metaKey: false, altKey: false, target: { tagName: "BODY" }, ...more });

describe("the feed's keys", () => {
  it("maps each key to its action", () => {
    expect(press("j")).toBe("next");
    expect(press("k")).toBe("previous");
    expect(press("o")).toBe("open");
    expect(press("Enter")).toBe("open");
    expect(press("v")).toBe("visit");
    expect(press("l")).toBe("like");
    expect(press("s")).toBe("silence");
    expect(press("r")).toBe("refresh");
    expect(press("/")).toBe("find");
    expect(press("?", { target: { tagName: "LI" } })).toBe("help");
  });

  it("ignores other keys and capitals", () => {
    for (const key of ["J", "K", "x", "Escape", " ", "ArrowDown", "Tab"]) expect(press(key), key).toBeNull();
  });

  it("never acts with Ctrl, Meta or Alt held, or while an input method composes", () => {
    expect(press("j", { ctrlKey: true })).toBeNull();
    expect(press("r", { metaKey: true })).toBeNull();
    expect(press("l", { altKey: true })).toBeNull();
    expect(press("k", { isComposing: true })).toBeNull();
  });

  it("lists every action once, each with a label and what it does", () => {
    const actions = FEED_KEYS.map((entry) => entry.action);
    expect(new Set(actions).size).toBe(actions.length);
    const keys = FEED_KEYS.flatMap((entry) => entry.keys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const entry of FEED_KEYS) {
      expect(entry.label.length).toBeGreaterThan(0);
      expect(entry.does.length).toBeGreaterThan(0);
    }
  });
});

describe("the typing guard", () => {
  it("holds the keys back in text inputs, textareas, selects and editable text", () => {
    for (const target of [
      { tagName: "INPUT", type: "text" },
      { tagName: "INPUT", type: "search" },
      { tagName: "INPUT", type: "email" },
      { tagName: "INPUT" },
      { tagName: "TEXTAREA" },
      { tagName: "SELECT" },
      { tagName: "DIV", isContentEditable: true },
    ]) {
      expect(isTypingTarget(target), JSON.stringify(target)).toBe(true);
      expect(press("j", { target }), JSON.stringify(target)).toBeNull();
      expect(press("?", { target }), JSON.stringify(target)).toBeNull();
    }
  });

  it("lets the keys through on the page, cards, buttons and inputs that take no typing", () => {
    for (const target of [
      { tagName: "BODY" },
      { tagName: "LI" },
      { tagName: "BUTTON" },
      { tagName: "A" },
      { tagName: "INPUT", type: "checkbox" },
      { tagName: "INPUT", type: "radio" },
      { tagName: "DIV", isContentEditable: false },
    ]) {
      expect(isTypingTarget(target), JSON.stringify(target)).toBe(false);
      expect(press("j", { target }), JSON.stringify(target)).toBe("next");
    }
    expect(isTypingTarget(null)).toBe(false);
  });
});
