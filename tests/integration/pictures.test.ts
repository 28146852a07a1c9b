import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Articles from "@graph/core/modules/articles";
import * as Pictures from "@graph/core/modules/pictures";
import * as Sources from "@graph/core/modules/sources";
import { ingestSource } from "@graph/core/workflows/ingest";
import { hugePng } from "../../packages/core/src/modules/pictures/hostile-pictures.ts";
import { startFeedServer } from "../support/feeds.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";

const api = useTestApi();
let site: Awaited<ReturnType<typeof startFeedServer>>;

const TOPIC = "Tidal Lagoons";
const picture = (width: number, height: number, format: "jpeg" | "png") =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 160 } } })
    .toFormat(format)
    .toBuffer();
const words = (n: number) => Array.from({ length: n }, (_, i) => `lagoon${i}`).join(" ");

/** A feed whose items carry each kind of picture, and two hostile ones. */
function feed(base: string) {
  const item = (slug: string, extra: string, description = `A note on ${TOPIC.toLowerCase()} and ${slug}.`) =>
    `<item><title>${TOPIC} ${slug}</title><link>${base}/pages/${slug}</link><guid>${slug}</guid><description>${description}</description>${extra}<pubDate>${new Date(Date.now() - 3_600_000).toUTCString()}</pubDate></item>`;
  return `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Lagoon Log</title><link>${base}/</link>
  ${item("thumbnail", `<media:thumbnail url="${base}/pics/thumb.jpg"/>`, `&lt;p&gt;Salt &amp;amp; silt, &lt;b&gt;measured&lt;/b&gt;.&lt;/p&gt; The post Tidal appeared first on Lagoon Log.`)}
  ${item("page", "", words(460))}
  ${item("svg", `<enclosure url="${base}/pics/evil.svg" type="image/svg+xml" length="1"/>`)}
  ${item("bomb", `<media:content url="${base}/pics/bomb.png" medium="image"/>`)}
  </channel></rss>`;
}

beforeAll(async () => {
  site = await startFeedServer();
  site.set("/feed.xml", { body: feed(site.url) });
  site.set("/pics/thumb.jpg", { body: await picture(1200, 800, "jpeg"), contentType: "image/jpeg" });
  site.set("/pics/og.png", { body: await picture(500, 250, "png"), contentType: "image/png" });
  site.set("/pics/evil.svg", {
    body: `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
    contentType: "image/svg+xml",
  });
  site.set("/pics/bomb.png", { body: hugePng(40_000, 40_000), contentType: "image/png" });
  site.set("/pages/page", {
    body: `<!doctype html><html><head><meta property="og:image" content="/pics/og.png"></head><body>hi</body></html>`,
    contentType: "text/html; charset=utf-8",
  });
  for (const slug of ["thumbnail", "svg", "bomb"]) {
    site.set(`/pages/${slug}`, { body: "<!doctype html><title>x</title>", contentType: "text/html" });
  }
});
afterAll(() => site?.close());

/** A public address on the site's origin, fetched from the runtime, which serves /media like the CDN. */
const fetchPublic = (url: string) => fetch(`${api.runtime.url}${new URL(url, "http://graph.test").pathname}`);

describe("article pictures", () => {
  it("finds, checks, keeps and serves each card's picture from graph's origin, refusing hostile ones", async () => {
    const person = await signedIn(api);
    const added = await api.client({ cookie: person.cookie }).gpt.to_db.$post({ json: { keyTopicsArray: [TOPIC] } });
    expect(added.status).toBe(200);
    const sourceId = "pictures-lagoon-log";
    await Sources.ensureCatalogue([
      { sourceId, name: "Lagoon Log", siteUrl: site.url, feedUrl: `${site.url}/feed.xml`, type: "rss" },
    ]);
    const report = await ingestSource(sourceId, { allowPrivateFeeds: false });
    expect(report).toMatchObject({ status: "ok", added: 4 });
    await api.runtime.dispatcher.idle();

    const stored = new Map((await Articles.ofSource(sourceId)).map((a) => [a.guid, a]));
    expect(stored.get("thumbnail")?.picture).toMatchObject({ width: 640, height: 427 });
    expect(stored.get("page")?.picture).toMatchObject({ width: 500, height: 250 });
    expect(stored.get("svg")?.picture).toBeUndefined();
    expect(stored.get("bomb")?.picture).toBeUndefined();
    // Each page was read at most once, and only where the feed named no picture.
    expect(site.hits("/pages/page")).toBe(1);
    expect(site.hits("/pages/thumbnail")).toBe(0);
    expect(stored.get("thumbnail")?.excerpt).toBe("Salt & silt, measured.");
    expect(stored.get("page")?.readingMinutes).toBe(2);

    await api.runtime.dispatcher.idle();
    const response = await api.client({ cookie: person.cookie }).rss.articles.$get({ query: {} });
    expect(response.status).toBe(200);
    const cards = new Map(
      Object.values((await response.json()).groups)
        .flat()
        .map((card) => [card.link.split("/").pop(), card]),
    );
    const card = cards.get("thumbnail");
    expect(card?.excerpt).toBe("Salt & silt, measured.");
    expect(card?.picture).toMatchObject({ width: 640, height: 427 });
    expect(cards.get("page")?.readingMinutes).toBe(2);
    expect(cards.get("svg")?.picture).toBeUndefined();

    const large = await fetchPublic(card!.picture!.src);
    expect(large.status).toBe(200);
    expect(large.headers.get("content-type")).toBe("image/webp");
    expect(large.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await sharp(Buffer.from(await large.arrayBuffer())).metadata()).toMatchObject({
      format: "webp",
      width: 640,
      height: 427,
    });
    const small = /(\S+) 320w/.exec(card!.picture!.srcset)?.[1];
    expect(small).toBeDefined();
    // Origin-relative: on graph's own origin, whichever address the site is reached at.
    expect(card!.picture!.src).toMatch(/^\/media\/pictures\//);
    expect(small).toMatch(/^\/media\/pictures\//);
    const smallBody = await fetchPublic(small!);
    expect((await sharp(Buffer.from(await smallBody.arrayBuffer())).metadata()).width).toBe(320);

    // The reader view's way in: the same picture through the proxy is the one kept, not fetched again.
    expect(site.hits("/pics/thumb.jpg")).toBe(1);
    const again = await Pictures.proxiedPicture(`${site.url}/pics/thumb.jpg`, {
      referer: `${site.url}/pages/thumbnail`,
      allowPrivate: true,
    });
    expect(again).toEqual(card!.picture);
    expect(site.hits("/pics/thumb.jpg")).toBe(1);
    expect(await Pictures.proxiedPicture(`${site.url}/pics/evil.svg`, { allowPrivate: true })).toBeUndefined();
    expect(site.hits("/pics/evil.svg")).toBe(1);
    // Without the local runtime's exception, a loopback picture is refused.
    expect(await Pictures.proxiedPicture(`${site.url}/pics/og.png?private`)).toBeUndefined();

    // A denser list without pictures, kept per person; bad input changes nothing.
    const as = api.client({ cookie: person.cookie });
    expect(await (await as.rss.card_layout.$get()).json()).toEqual({ compactCards: false });
    const bad = await api.request("PUT", "/api/rss/card_layout", { cookie: person.cookie, body: { compact: "yes" } });
    expect(bad.status).toBe(400);
    expect(await (await as.rss.card_layout.$get()).json()).toEqual({ compactCards: false });
    expect((await api.request("PUT", "/api/rss/card_layout", { body: { compact: true } })).status).toBe(401);
    expect((await as.rss.card_layout.$put({ json: { compact: true } })).status).toBe(200);
    expect(await (await as.rss.card_layout.$get()).json()).toEqual({ compactCards: true });
    const compact = await (await as.rss.articles.$get({ query: {} })).json();
    expect(compact.compactCards).toBe(true);
    const compactCards = Object.values(compact.groups).flat();
    expect(compactCards.length).toBe(cards.size);
    expect(compactCards.filter((c) => c.picture)).toEqual([]);
    expect(compactCards.find((c) => c.link.endsWith("/thumbnail"))?.excerpt).toBe("Salt & silt, measured.");
  });
});

describe("outside pictures named in answers (covers, posters, album art, thumbnails)", () => {
  /** The route's query of a signed address: the address graph gave, as the browser asks for it. */
  const routeOf = (address: string) => `/api/pictures${address.slice(address.indexOf("?"))}`;
  const signed = (address: string) => {
    const query = new URL(address, "http://graph.test").searchParams;
    return { u: query.get("u")!, s: query.get("s")! };
  };

  it("are proxied only when graph signed their address, then answered from graph's origin", async () => {
    site.set("/pics/cover.jpg", { body: await picture(800, 1200, "jpeg"), contentType: "image/jpeg" });
    const cover = `${site.url}/pics/cover.jpg`;
    const address = Pictures.pictureAddress(cover)!;
    expect(address).toMatch(/^\/api\/pictures\?u=[^&]+&s=[\w-]+$/);
    // Graph's own pictures are shown as they are; nothing that is no web address is signed.
    expect(Pictures.pictureAddress("/media/pictures/abc/640.webp")).toBe("/media/pictures/abc/640.webp");
    expect(Pictures.pictureAddress("http://graph.test/media/photos/x/full.webp")).toBe(
      "http://graph.test/media/photos/x/full.webp",
    );
    for (const none of [
      null,
      undefined,
      "",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      `https://x.example/${"a".repeat(2100)}`,
    ]) {
      expect(Pictures.pictureAddress(none)).toBeNull();
    }

    // An address graph did not sign, or altered, fetches nothing: 400 with a stable code.
    const { u, s } = signed(address);
    const other = signed(Pictures.pictureAddress(`${site.url}/pics/other.jpg`)!);
    for (const query of [
      `u=${encodeURIComponent(u)}&s=${other.s}`,
      `u=${encodeURIComponent(`${u}?x`)}&s=${s}`,
      `u=${encodeURIComponent(`${site.url}/pics/thumb.jpg`)}&s=${s}`,
    ]) {
      const refused = await api.request("GET", `/api/pictures?${query}`);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: "invalid_signature" });
    }
    for (const query of [`u=${encodeURIComponent(u)}`, `s=${s}`, ""]) {
      const missing = await api.request("GET", `/api/pictures?${query}`);
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ code: "invalid_input" });
    }
    expect(site.hits("/pics/cover.jpg")).toBe(0);

    // A signed address on a private network (this test's site, the metadata service) is refused
    // by the address guard on AWS and here alike (this runtime allows no private feeds): 404,
    // briefly cached, and the page shows its placeholder.
    for (const hostile of [`${site.url}/pics/cover.jpg?private`, "http://169.254.169.254/latest/meta-data/"]) {
      const answer = await api.request("GET", routeOf(Pictures.pictureAddress(hostile)!));
      expect(answer.status).toBe(404);
      expect(answer.headers.get("cache-control")).toBe("public, max-age=600");
    }
    expect(site.hits("/pics/cover.jpg")).toBe(0);

    // Where private addresses are allowed (the local runtime's stand-ins), the signed picture is
    // fetched once, checked and kept; the route answers a redirect to its small WebP on /media/.
    expect(await Pictures.signedPicture(u, s, { allowPrivate: true })).toMatchObject({
      picture: { width: 640, height: 960 },
    });
    const shown = await api.request("GET", routeOf(address));
    expect(shown.status).toBe(302);
    expect(shown.headers.get("cache-control")).toBe("public, max-age=604800");
    const location = shown.headers.get("location")!;
    expect(location).toMatch(/^\/media\/pictures\/[0-9a-f]+\/320\.webp$/);
    const served = await fetch(`${api.runtime.url}${location}`);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: "webp",
      width: 320,
    });
    expect(site.hits("/pics/cover.jpg")).toBe(1);
    await api.request("GET", routeOf(address));
    expect(site.hits("/pics/cover.jpg")).toBe(1);

    // A hostile picture behind a signed address is refused without harm, and not asked for again.
    site.set("/pics/poster.svg", {
      body: `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
      contentType: "image/svg+xml",
    });
    site.set("/pics/poster-bomb.png", { body: hugePng(40_000, 40_000), contentType: "image/png" });
    for (const path of ["/pics/poster.svg", "/pics/poster-bomb.png"]) {
      const hostile = signed(Pictures.pictureAddress(`${site.url}${path}`)!);
      expect(await Pictures.signedPicture(hostile.u, hostile.s, { allowPrivate: true })).toEqual({
        refused: "unavailable",
      });
      expect(await Pictures.signedPicture(hostile.u, hostile.s, { allowPrivate: true })).toEqual({
        refused: "unavailable",
      });
      expect(site.hits(path)).toBe(1);
      expect((await api.request("GET", routeOf(Pictures.pictureAddress(`${site.url}${path}`)!))).status).toBe(404);
    }
  });
});
