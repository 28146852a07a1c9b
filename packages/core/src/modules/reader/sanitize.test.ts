import { describe, expect, it } from "vitest";
import { sanitize, type ImageHook } from "./sanitize.ts";

const BASE = "https://news.example/2026/pier";
const clean = (html: string, images?: ImageHook) => sanitize(html, BASE, images);

describe("the reader's sanitiser", () => {
  it("drops scripts, styles, frames, objects and templates with everything inside them", async () => {
    const out = await clean(
      `<p>kept</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.example"></iframe>` +
        `<object data="x.swf"><p>fallback</p></object><embed src="x"><template><p>t</p></template><noscript>n</noscript>`,
    );
    expect(out).toBe("<p>kept</p>");
  });

  it("drops every event handler, style, class and id attribute", async () => {
    const out = await clean(
      `<p onclick="x()" onmouseover="y()" style="color:red" class="lead" id="p1" data-x="1">text</p><h3 ONLOAD="z()">h</h3>`,
    );
    expect(out).toBe("<p>text</p><h3>h</h3>");
    expect(out).not.toMatch(/on\w+=|style=|class=|id=/i);
  });

  it("drops SVG and MathML, and what hides inside them", async () => {
    const out = await clean(
      `<p>a</p><svg onload="x()"><script>1</script><a href="javascript:alert(1)"><text>svg link</text></a></svg><math><mi>x</mi></math>`,
    );
    expect(out).toBe("<p>a</p>");
  });

  it("drops forms and their fields", async () => {
    const out = await clean(
      `<p>before</p><form action="https://steal.example"><label>Password <input type="password"></label><select><option>1</option></select><textarea>t</textarea><button>Go</button></form><p>after</p>`,
    );
    expect(out).toBe("<p>before</p><p>after</p>");
  });

  it("keeps the words of javascript:, data: and other non-web links, not their targets", async () => {
    const out = await clean(
      `<p><a href="javascript:alert(1)">one</a> <a href=" JaVa&#x0A;ScRiPt:alert(1)">two</a> <a href="data:text/html,<script>1</script>">three</a> <a href="vbscript:x">four</a> <a href="mailto:a@b.example">five</a> <a>six</a></p>`,
    );
    expect(out).toBe("<p>one two three four five six</p>");
  });

  it("makes links absolute and opens the publisher's page in a new tab without a referrer", async () => {
    const out = await clean(`<p><a href="/other?x=1&amp;y=2" target="_self" rel="opener">other</a></p>`);
    expect(out).toBe(
      `<p><a href="https://news.example/other?x=1&amp;y=2" target="_blank" rel="noopener noreferrer">other</a></p>`,
    );
  });

  it("drops images when the image hook gives nothing, and uses only a path on graph's origin from it", async () => {
    const page = `<p>x</p><img src="/pier.jpg" alt="pier" onerror="x()"><img src="data:image/png;base64,AAAA">`;
    expect(await clean(page)).toBe("<p>x</p>");
    const asked: string[] = [];
    const proxied: ImageHook = async (src) => {
      asked.push(src);
      return { src: `/media/pictures/abc.webp`, width: 800, height: 600 };
    };
    expect(await clean(page, proxied)).toBe(
      `<p>x</p><img src="/media/pictures/abc.webp" alt="pier" width="800" height="600" loading="lazy" decoding="async">`,
    );
    // Only http(s) addresses reach the hook, made absolute.
    expect(asked).toEqual(["https://news.example/pier.jpg"]);
    // A hook that answers a third party's address is not followed.
    const leaky: ImageHook = async (src) => ({ src });
    expect(await clean(page, leaky)).toBe("<p>x</p>");
    expect(await clean(page, async () => ({ src: "//cdn.example/p.webp" }))).toBe("<p>x</p>");
  });

  it("unwraps unknown elements, keeps the allow-list's structure and escapes text", async () => {
    const out = await clean(
      `<h1>Title</h1><section><span class="x">a &lt;b&gt; &amp; c</span></section><font color="red">f</font>` +
        `<table><tr><td colspan="2" rowspan="x">c</td></tr></table><ol start="3"><li>l</li></ol><pre><code>a &lt; b</code></pre>`,
    );
    expect(out).toBe(
      `<h2>Title</h2><div>a &lt;b&gt; &amp; c</div>f<table><tr><td colspan="2">c</td></tr></table><ol start="3"><li>l</li></ol><pre><code>a &lt; b</code></pre>`,
    );
  });

  it("escapes attribute values it keeps", async () => {
    const out = await clean(`<p><a href='https://x.example/"><script>1</script>'>q</a><abbr title='a"b'>ab</abbr></p>`);
    expect(out).not.toContain("<script>");
    expect(out).toContain(`href="https://x.example/%22%3E%3Cscript%3E1%3C/script%3E"`);
    expect(out).toContain(`<abbr title="a&quot;b">ab</abbr>`);
  });

  it("turns what is nested deeper than it walks into plain text", async () => {
    const deep = `${"<div>".repeat(500)}<script>x</script>deep<b>text</b>${"</div>".repeat(500)}`;
    const out = await clean(deep);
    expect(out).toContain("deep");
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<b>");
  });
});
