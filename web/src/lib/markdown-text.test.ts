import { describe, expect, it } from "vitest";
import { markdownToText } from "./markdown-text.ts";

describe("markdownToText", () => {
  it("drops emphasis marks and keeps the words", () => {
    expect(markdownToText("a **bold** move")).toBe("a bold move");
    expect(markdownToText("an *italic* aside and _another_ one")).toBe("an italic aside and another one");
    expect(markdownToText("__strong__ and ~~gone~~")).toBe("strong and gone");
    expect(markdownToText("***both***")).toBe("both");
    expect(markdownToText("**bold with *italic* inside**")).toBe("bold with italic inside");
  });

  it("keeps a link's and an image's text, and code's content", () => {
    expect(markdownToText("read [the essay](https://example.com/e) today")).toBe("read the essay today");
    expect(markdownToText("![a heron](https://example.com/h.png)")).toBe("a heron");
    expect(markdownToText("run `npm test` first")).toBe("run npm test first");
  });

  it("drops heading and quote marks, and turns bullets into dots", () => {
    expect(markdownToText("# Notes\n> quoted\n- one\n* two")).toBe("Notes\nquoted\n• one\n• two");
  });

  it("leaves stars and underscores that mark nothing", () => {
    expect(markdownToText("2 * 3 * 4 = 24")).toBe("2 * 3 * 4 = 24");
    expect(markdownToText("snake_case_name and a_b")).toBe("snake_case_name and a_b");
    expect(markdownToText("** not bold **")).toBe("** not bold **");
    expect(markdownToText("rated 5*")).toBe("rated 5*");
  });

  it("returns markup as the text it is: React shows it, it never becomes elements", () => {
    expect(markdownToText("<img src=x onerror=alert(1)> **hi**")).toBe("<img src=x onerror=alert(1)> hi");
  });
});
