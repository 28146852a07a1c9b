import { describe, expect, it } from "vitest";
import { parseOpml } from "../../lib/syndication/index.ts";
import { planFeeds } from "./plan.ts";

describe("the feeds an import checks", () => {
  it("merges a feed listed again (case, trailing slash, fragment, tracking parameters) into its first listing", () => {
    const plan = planFeeds(
      parseOpml(`<opml version="2.0"><body>
        <outline text="" xmlUrl="https://Blog.example/feed/"/>
        <outline text="Blog" xmlUrl="https://blog.example/feed#top"/>
        <outline text="Tech"><outline text="Blog again" xmlUrl="https://blog.example/feed?utm_source=feedly"/></outline>
        <outline text="Other" xmlUrl="https://other.example/rss"/>
      </body></opml>`),
    );
    expect(plan.merged).toBe(2);
    expect(plan.feeds).toEqual([
      { url: "https://Blog.example/feed/", title: "Blog", category: "Tech" },
      { url: "https://other.example/rss", title: "Other" },
    ]);
  });

  it("keeps an address that does not parse (its check says why), and skips an empty one", () => {
    const plan = planFeeds([
      { title: "Script", xmlUrl: "javascript:alert(1)" },
      { title: "Nothing", xmlUrl: "   " },
      { title: "Script again", xmlUrl: "JAVASCRIPT:alert(1)" },
    ]);
    expect(plan).toEqual({ feeds: [{ url: "javascript:alert(1)", title: "Script" }], merged: 1 });
  });

  it("cuts what a hostile file makes long", () => {
    const [feed] = planFeeds([
      { title: "t".repeat(1000), xmlUrl: `https://a.example/${"p".repeat(5000)}`, category: "c".repeat(500) },
    ]).feeds;
    expect(feed!.title).toHaveLength(300);
    expect(feed!.url).toHaveLength(2048);
    expect(feed!.category).toHaveLength(200);
  });
});
