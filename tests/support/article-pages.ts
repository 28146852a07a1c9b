/**
 * Real-shaped article pages for the reader view's tests and benchmark, served on loopback: the
 * chrome real sites wrap an article in (navigation, cookie banners, share buttons, related links,
 * trackers, comment forms, inline scripts and styles) around text of a real article's length.
 */

const sentences = [
  "The harbour council met on Tuesday evening to decide how the old pier should be rebuilt after the winter storms.",
  "Engineers had surveyed the pilings in January and found that most of the timber below the waterline had rotted through.",
  "Residents who fish from the pier every morning asked that the new deck keep its wide benches and the lamp at the far end.",
  "A steel frame would last longer, the report said, but it would cost nearly twice as much as a timber one and take a year longer to build.",
  "The council's treasurer pointed out that the town had set money aside for exactly this kind of repair ten years ago.",
  "Several speakers wondered whether the ferry company, which uses the pier twice a day in summer, should pay a share.",
];

/** `count` paragraphs of article prose (about 20 words a sentence, 4 sentences a paragraph). */
export function prose(count: number, offset = 0): string {
  return Array.from({ length: count }, (_, i) => {
    const start = (i + offset) % sentences.length;
    const text = [0, 1, 2, 3].map((k) => sentences[(start + k) % sentences.length]).join(" ");
    return `<p>${text}</p>`;
  }).join("\n");
}

const chrome = (body: string, head = "") => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>The pier will be rebuilt in timber | Harbour Gazette</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta property="og:title" content="The pier will be rebuilt in timber">
<link rel="stylesheet" href="/assets/site.css">
<style>body { font-family: serif } .ad { display: block }</style>
<script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments)}</script>
<script async src="https://tracker.example/analytics.js"></script>
${head}
</head>
<body class="article-page">
<div class="cookie-banner" id="consent"><p>We use cookies.</p><button onclick="accept()">Accept</button></div>
<header class="site-header"><a href="/" class="logo">Harbour Gazette</a>
<nav><ul><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li><li><a href="/opinion">Opinion</a></li><li><a href="/weather">Weather</a></li></ul></nav>
<form class="search" action="/search"><input name="q" placeholder="Search"><button>Go</button></form>
</header>
<main>
${body}
</main>
<aside class="related"><h2>Related</h2><ul>${Array.from({ length: 8 }, (_, i) => `<li><a href="/news/${i}">Another story number ${i}</a></li>`).join("")}</ul></aside>
<footer class="site-footer"><p>© Harbour Gazette</p><ul><li><a href="/about">About</a></li><li><a href="/privacy">Privacy</a></li></ul></footer>
<script>document.querySelectorAll('a').forEach(a => a.addEventListener('click', track))</script>
</body>
</html>`;

/** A news report: byline, a lead picture, pull quote, an embedded video frame, share buttons and a newsletter form. */
export function newsPage(): string {
  return chrome(`<article class="story">
<h1>The pier will be rebuilt in timber</h1>
<p class="byline">By <a href="/authors/ann" rel="author">Ann Lee</a>, <time datetime="2026-11-27T09:00:00Z">27 November 2026</time></p>
<figure class="lead"><img src="/images/pier.jpg" srcset="/images/pier-2x.jpg 2x" alt="The old pier at dusk" width="1200" height="800" onerror="this.remove()"><figcaption>The old pier at dusk.</figcaption></figure>
<div class="share"><button onclick="share('twitter')">Share</button><button onclick="share('mail')">E-mail</button></div>
${prose(6)}
<blockquote class="pull"><p>"We owe it to the people who fish here every morning," said the mayor.</p></blockquote>
${prose(5, 2)}
<iframe src="https://video.example/embed/123" width="560" height="315" allowfullscreen></iframe>
<div class="ad" data-slot="mid"><script>renderAd('mid')</script></div>
${prose(5, 4)}
<form class="newsletter" action="https://mail.example/subscribe"><label>Get the morning briefing<input type="email" name="email"></label><button type="submit">Sign up</button></form>
</article>`);
}

/** A personal blog post: headings, a code block, a table, a list and a comments section. */
export function blogPage(): string {
  return chrome(`<article class="post h-entry">
<h1 class="p-name">What I learned rebuilding a jetty</h1>
<p class="meta">Posted by <span class="p-author">Sam</span></p>
${prose(4)}
<h2>Measuring the pilings</h2>
${prose(3, 1)}
<pre><code>depth = survey.readings.map(r =&gt; r.metres)
average = sum(depth) / depth.length</code></pre>
<h2>Costs</h2>
<table><thead><tr><th scope="col">Material</th><th scope="col">Cost</th></tr></thead><tbody><tr><td>Timber</td><td>£40,000</td></tr><tr><td colspan="2" style="color:red">Steel would be £75,000</td></tr></tbody></table>
<ul><li>Oak for the deck</li><li>Greenheart for the piles</li><li>Galvanised bolts</li></ul>
${prose(4, 3)}
<section class="comments"><h3>Comments</h3><form action="/comment"><textarea name="c"></textarea><button>Post</button></form></section>
</article>`);
}

/** A recipe page: a long story before the recipe, ingredient and method lists, a JSON-LD block and a print button. */
export function recipePage(): string {
  return chrome(
    `<article class="recipe">
<h1>Harbour fish stew</h1>
${prose(5)}
<button class="print" onclick="window.print()">Print recipe</button>
<h2>Ingredients</h2>
<ul class="ingredients"><li>600 g white fish</li><li>2 onions</li><li>4 tomatoes</li><li>1 litre fish stock</li><li>A handful of parsley</li></ul>
<h2>Method</h2>
<ol class="method"><li>Soften the onions in olive oil for ten minutes.</li><li>Add the tomatoes and stock and simmer for twenty minutes.</li><li>Add the fish for the last five minutes and scatter with parsley.</li></ol>
<svg class="rating" viewBox="0 0 10 10"><script>alert(1)</script><circle r="4"/></svg>
${prose(2, 4)}
</article>`,
    `<script type="application/ld+json">{"@type":"Recipe","name":"Harbour fish stew"}</script>`,
  );
}

/** A paywall's stub: the headline and a teaser paragraph, the rest behind a subscription form. */
export function paywallStub(): string {
  return chrome(`<article class="story locked">
<h1>The pier will be rebuilt in timber</h1>
<p class="standfirst">The council chose timber over steel after a long evening's debate.</p>
<div class="paywall"><p>Subscribe to read the full story.</p><form action="/subscribe"><button>Subscribe</button></form></div>
</article>`);
}

/**
 * A hostile article: every way a page tries to run code or reach out inside the text itself —
 * scripts, frames, event handlers, `javascript:` and `data:` links, inline styles, SVG, forms.
 */
export function hostileArticle(title = "The pier will be rebuilt in timber"): string {
  return chrome(`<article class="story">
<h1>${title}</h1>
${prose(3)}
<p onmouseover="window.hostile = 'mouseover'" style="background:url(https://tracker.example/pixel.gif)">A paragraph with handlers and a <a href="javascript:window.hostile='link'">script link</a>, a <a href="data:text/html,<script>alert(1)</script>">data link</a> and <a href="/news/follow-up" onclick="window.hostile='click'">a follow-up</a>.</p>
<script>window.hostile = "script"</script>
<iframe src="https://tracker.example/frame" data-testid="hostile-frame"></iframe>
<img src="https://tracker.example/pixel.gif" onerror="window.hostile = 'onerror'" alt="pixel">
<svg onload="window.hostile = 'svg'"><a href="javascript:alert(1)"><text>svg link</text></a></svg>
<form action="https://tracker.example/steal"><input name="password" type="password"><button>Log in</button></form>
<object data="https://tracker.example/flash.swf"></object>
${prose(4, 2)}
</article>`);
}

/**
 * A news report at a big site's weight (about 600 KB): the same article inside a mega-menu of
 * links, a framework's inline state, a reader comment thread and a wall of related stories.
 */
export function heavyNewsPage(): string {
  const menu = Array.from({ length: 600 }, (_, i) => `<li><a href="/section/${i}">Section ${i}</a></li>`).join("");
  const state = JSON.stringify(
    Array.from({ length: 1500 }, (_, i) => ({
      id: i,
      headline: `Story ${i} headline text`,
      url: `/news/${i}`,
      tags: ["a", "b", "c"],
    })),
  );
  const comments = Array.from(
    { length: 80 },
    (_, i) =>
      `<li class="comment"><p class="who">reader${i}</p><p>${sentences[i % sentences.length]}</p><button onclick="reply(${i})">Reply</button></li>`,
  ).join("");
  const related = Array.from(
    { length: 300 },
    (_, i) =>
      `<div class="card"><a href="/news/r${i}"><img src="/thumbs/${i}.jpg" alt=""><h3>Related story ${i}</h3></a><p>Teaser text for the related story.</p></div>`,
  ).join("");
  return newsPage()
    .replace('<header class="site-header">', `<header class="site-header"><ul class="mega-menu">${menu}</ul>`)
    .replace("</head>", `<script id="__STATE__" type="application/json">${state}</script></head>`)
    .replace(
      "</main>",
      `</main><section class="comments"><ol>${comments}</ol></section><section class="more">${related}</section>`,
    );
}
