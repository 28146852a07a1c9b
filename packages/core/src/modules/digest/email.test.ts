import { describe, expect, it } from "vitest";
import { digestEmail } from "./email.ts";

const pick = (id: string, group: string, topics: string[]) => ({
  id,
  title: `Article ${id} & more`,
  link: `https://example.org/${id}?a=1&b=2`,
  sourceName: `Source ${id}`,
  publishedAt: 0,
  topics,
  group,
});

const email = () =>
  digestEmail({
    to: "ann@example.org",
    username: "ann",
    dayLabel: "2026-06-01 at 18:00",
    groupOrder: ["Sourdough", "picks"],
    picks: [pick("a", "Sourdough", ["Sourdough"]), pick("b", "picks", ["Tide Tables"])],
    followingFeed: [
      { id: "c", title: "Shared <c>", link: "https://example.org/c", sourceName: "C", by: ["bob"], lastAt: 1 },
    ],
    followingLikes: [
      { id: "d", title: "Liked d", link: "https://example.org/d", sourceName: "D", by: ["bob", "cy"], lastAt: 2 },
      { id: "e", title: "Liked e", link: "https://example.org/e", sourceName: "E", by: ["cy"], lastAt: 3 },
    ],
    siteUrl: "https://graph.example",
    unsubscribeUrl: "https://graph.example/unsubscribe?token=t",
    oneClickUrl: "https://graph.example/api/digest/unsubscribe?token=t",
  });

const unescape = (html: string) =>
  html.replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"');

describe("the digest e-mail", () => {
  it("holds the same sections, articles and links in its HTML and its text", () => {
    const mail = email();
    const htmlLinks = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => unescape(m[1]!));
    const textLinks = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    expect(htmlLinks).toEqual(textLinks);
    expect(htmlLinks).toHaveLength(7);
    const htmlHeadings = [...mail.html.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => unescape(m[1]!));
    const textHeadings = [...mail.text.matchAll(/^== (.+) ==$/gm)].map((m) => m[1]);
    expect(htmlHeadings).toEqual(textHeadings);
    expect(textHeadings).toEqual([
      "Sourdough",
      "top picks",
      "from people you follow",
      "liked this week by people you follow",
    ]);
    for (const line of ["matched: Tide Tables", "shared by bob", "liked by 2 people you follow: bob, cy"]) {
      expect(mail.text).toContain(line);
      expect(unescape(mail.html)).toContain(line);
    }
    expect(mail.text).toContain("- Shared <c> (C)");
    expect(mail.html).toContain("Shared &lt;c&gt;");
    expect(mail.subject).toBe("your graph digest: 5 new articles");
    expect(mail.text.split("\n")[0]).toBe("your graph digest for 2026-06-01 at 18:00: 5 new articles for your topics.");
  });

  it("keeps the one-click unsubscribe: the headers and the link in both parts", () => {
    const mail = email();
    expect(mail.headers).toEqual([
      { name: "List-Unsubscribe", value: "<https://graph.example/api/digest/unsubscribe?token=t>" },
      { name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" },
    ]);
    expect(mail.text).toContain("unsubscribe from these e-mails: https://graph.example/unsubscribe?token=t");
    expect(mail.html).toContain('href="https://graph.example/unsubscribe?token=t"');
  });

  it("leaves out a section with nothing in it", () => {
    const mail = digestEmail({ ...emailInput(), followingFeed: [], followingLikes: [] });
    expect(mail.text).not.toContain("people you follow");
    expect(mail.html).not.toContain("people you follow");
  });
});

function emailInput() {
  return {
    to: "ann@example.org",
    username: "ann",
    dayLabel: "2026-06-01",
    groupOrder: ["picks"],
    picks: [pick("b", "picks", ["Tide Tables"])],
    siteUrl: "https://graph.example",
    unsubscribeUrl: "https://graph.example/unsubscribe?token=t",
    oneClickUrl: "https://graph.example/api/digest/unsubscribe?token=t",
  };
}
