import { renderToStaticMarkup } from "react-dom/server";
import { createElement, Fragment } from "react";
import { describe, expect, it } from "vitest";
import { parseMessageText, renderMessageText } from "./chat-text.ts";

const html = (text: string) => renderToStaticMarkup(createElement(Fragment, null, ...renderMessageText(text)));

describe("message text", () => {
  it("keeps markup as text: a script tag is escaped, never run or injected", () => {
    const out = html('<script>alert("x")</script><img src=x onerror=alert(1)>');
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<img");
    expect(out).toContain("&lt;script&gt;");
    expect(out).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("makes **bold** and *italic*, nested as written", () => {
    expect(html("**hi** there *you*")).toBe("<strong>hi</strong> there <em>you</em>");
    expect(html("**bold with *italic* inside**")).toBe("<strong>bold with <em>italic</em> inside</strong>");
    expect(html("**<b>x</b>**")).toBe("<strong>&lt;b&gt;x&lt;/b&gt;</strong>");
  });

  it("leaves stars that do not wrap words alone", () => {
    expect(html("2 * 3 * 4")).toBe("2 * 3 * 4");
    expect(html("** not bold **")).toBe("** not bold **");
    expect(html("a lone * star")).toBe("a lone * star");
    expect(html("**unclosed")).toBe("**unclosed");
  });

  it("links web addresses in a new tab without passing the page on", () => {
    const out = html("**hi** http://example.com");
    expect(out).toBe(
      '<strong>hi</strong> <a href="http://example.com" target="_blank" rel="noopener noreferrer nofollow" class="chat-message__link">http://example.com</a>',
    );
    expect(html("see example.org/a?b=1.")).toContain('href="http://example.org/a?b=1"');
  });

  it("keeps stars inside an address part of it, and can make a link bold", () => {
    expect(parseMessageText("https://x.com/a*b*c")).toEqual([
      { kind: "link", text: "https://x.com/a*b*c", href: "https://x.com/a*b*c" },
    ]);
    expect(html("**https://example.com**")).toContain('<strong><a href="https://example.com"');
  });

  it("never links a script address", () => {
    const out = html("javascript:alert(1) and data:text/html,<b>x</b>");
    expect(out).not.toContain("<a");
    expect(out).toContain("&lt;b&gt;");
  });
});
