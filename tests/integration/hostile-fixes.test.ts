import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { OPML_IMPORT, OPML_MESSAGES } from "@graph/core/modules/feed-imports/rules";
import { DEFAULT_SECTION_ORDER } from "@graph/core/modules/profile/rules";
import { MEDIA_MESSAGES } from "@graph/core/modules/media/rules";
import { MUTE_MESSAGES } from "@graph/core/modules/mutes";
import { MESSAGES as TOPIC_MESSAGES } from "@graph/core/modules/topics/rules";
import { PROFILE_MESSAGES } from "@graph/core/modules/profile/rules";
import { mounted, ROUTE_GROUPS } from "@graph/functions/api/routes";
import { SourceEntity } from "../../packages/core/src/modules/sources/source.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import {
  callBack,
  consent,
  googleIdentity,
  spotifyListener,
  startConnect,
  type LinkedProvider,
} from "../support/connect.ts";
import { storedArticle } from "../support/articles.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";

/**
 * Faults found by trying graph as a hostile new user would, each held here by the request that
 * found it.
 */
const api = useTestApi();
type Person = Awaited<ReturnType<typeof signedIn>>;

/** Where a connect sends the browser back when it names nowhere of this site, with each outcome. */
const FALLBACK = {
  spotify: {
    failed: "/home/tune?tab=media-links&spotify=error",
    connected: "/home/tune?tab=media-links&spotify=connected",
  },
  youtube: { failed: "/oauth/youtube/success?error=1", connected: "/oauth/youtube/success" },
} as const;

/** Paths that pass a naive "starts with one slash" check but resolve to another host. */
const OFF_SITE = [
  "/..//evil.example/phish",
  "/.//evil.example/phish",
  "/%2e%2e//evil.example/phish",
  "/a/..//evil.example/phish",
  "/.%2e//evil.example/phish",
  "/%2F%2Fevil.example/phish",
  "/%5cevil.example/phish",
  "/a/../\\evil.example/phish",
];

/** The answer's `Location`, checked to be a path of this site (never protocol-relative). */
function sitePath(response: Response | { location: string }): string {
  const location = response instanceof Response ? (response.headers.get("location") ?? "") : response.location;
  expect(location.startsWith("/")).toBe(true);
  expect(location.startsWith("//") || location.startsWith("/\\")).toBe(false);
  expect(new URL(location, "http://graph.test").origin).toBe("http://graph.test");
  return location;
}

const loginWith = (provider: LinkedProvider, person: Person, state: unknown) =>
  api.request("GET", `/api/${provider}/api/login?state=${encodeURIComponent(JSON.stringify(state))}`, {
    cookie: person.cookie,
  });

describe("a connect's redirect is always a path of this site", () => {
  it.each(["spotify", "youtube"] as const)("%s start: a state naming another person falls back", async (provider) => {
    const person = await signedIn(api);
    for (const redirect of OFF_SITE) {
      const response = await loginWith(provider, person, { userId: "x", redirect });
      expect(response.status).toBe(302);
      expect(sitePath(response), redirect).toBe(FALLBACK[provider].failed);
    }
  });

  it("Spotify callback, Allow: the stored redirect falls back", async () => {
    for (const redirect of OFF_SITE.slice(0, 5)) {
      const person = await signedIn(api);
      const started = await startConnect(api, "spotify", person.cookie, { userId: person.userId, redirect });
      const back = await consent(started, spotifyListener(`Hostile ${Math.random().toString(36).slice(2, 8)}`));
      const done = await callBack(api, "spotify", { code: back.code, state: back.state }, [
        person.cookie,
        back.stateCookie,
      ]);
      expect(sitePath(done), redirect).toBe(FALLBACK.spotify.connected);
    }
  });

  it.each(["spotify", "youtube"] as const)("%s callback, Cancel: the stored redirect falls back", async (provider) => {
    const person = await signedIn(api);
    for (const redirect of OFF_SITE) {
      const started = await startConnect(api, provider, person.cookie, { userId: person.userId, redirect });
      const state = started.authorizeUrl.searchParams.get("state")!;
      const done = await callBack(api, provider, { error: "access_denied", state }, [
        person.cookie,
        started.stateCookie,
      ]);
      expect(sitePath(done), redirect).toBe(FALLBACK[provider].failed);
    }
  });

  it("YouTube callback, Allow: the stored redirect falls back", async () => {
    const person = await signedIn(api);
    const started = await startConnect(api, "youtube", person.cookie, {
      userId: person.userId,
      redirect: "/..//evil.example/phish",
    });
    const back = await consent(started, googleIdentity(`${person.username}@example.com`));
    const done = await callBack(api, "youtube", { code: back.code, state: back.state }, [
      person.cookie,
      back.stateCookie,
    ]);
    expect(sitePath(done)).toBe(FALLBACK.youtube.connected);
  });

  it("keeps a redirect that is a path of this site", async () => {
    const person = await signedIn(api);
    const response = await loginWith("spotify", person, { userId: "x", redirect: "/home/tune?tab=media#links" });
    expect(sitePath(response)).toBe("/home/tune?tab=media&spotify=error#links");
  });
});

/** The node bindings `@hono/node-server` hands the root app, for a socket from this machine. */
const loopback = {
  incoming: {
    socket: { remoteAddress: "127.0.0.1", remotePort: 40000, remoteFamily: "IPv4", localAddress: "127.0.0.1" },
  },
  outgoing: {},
};
/** A call to the runtime's port from this machine, at `host` (the name the browser used). */
const local = (path: string, init: RequestInit = {}, host = "graph.test") =>
  api.runtime.root.request(`http://${host}${path}`, init, loopback);

const CROSS_SITE: Array<Record<string, string>> = [
  { origin: "http://evil.example", "sec-fetch-site": "cross-site" },
  { origin: "http://evil.example" },
  { "sec-fetch-site": "cross-site" },
  { origin: "null" },
];

async function untrustedSource() {
  const sourceId = randomUUID();
  await SourceEntity.create({
    sourceId,
    name: "An untrusted source",
    siteUrl: "https://untrusted.example",
    feedUrl: `https://untrusted.example/${sourceId}.xml`,
    type: "other",
    trusted: false,
    nextFetchAt: Date.now() + 3_600_000,
    createdAt: Date.now(),
  }).go();
  return sourceId;
}
const isTrusted = async (sourceId: string) =>
  (await SourceEntity.get({ sourceId }).go({ consistent: true })).data?.trusted;

describe("the dev routes and stand-ins refuse other sites and other host names", () => {
  it("a page of another site cannot trust a source, even as text/plain", async () => {
    const sourceId = await untrustedSource();
    for (const headers of CROSS_SITE) {
      const response = await local(`/api/dev/sources/${sourceId}/trust`, {
        method: "POST",
        headers: { "content-type": "text/plain", ...headers },
        body: "{}",
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await isTrusted(sourceId)).toBe(false);
    // From this machine's own tools (no Origin) it still works.
    expect((await local(`/api/dev/sources/${sourceId}/trust`, { method: "POST" })).status).toBe(200);
    expect(await isTrusted(sourceId)).toBe(true);
  });

  it("a page of another site cannot run jobs, send mail through the SES stand-in or revoke grants", async () => {
    const before = api.runtime.outbox.list().length;
    const mail = JSON.stringify({
      FromEmailAddress: "graph <no-reply@graph.local>",
      Destination: { ToAddresses: ["victim@example.com"] },
      Content: { Simple: { Subject: { Data: "Reset your password" }, Body: { Text: { Data: "evil" } } } },
    });
    for (const headers of CROSS_SITE) {
      for (const [path, body] of [
        ["/api/dev/jobs/digest", undefined],
        ["/api/dev/jobs/purge-unverified", undefined],
        ["/_aws/ses/v2/email/outbound-emails", mail],
        ["/_spotify/dev/revoke", JSON.stringify({ listener: "Ada Listener" })],
        ["/_google/dev/revoke", JSON.stringify({ email: "a@example.com" })],
      ] as const) {
        const response = await local(path, {
          method: "POST",
          headers: { "content-type": "text/plain", ...headers },
          body,
        });
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    await api.runtime.dispatcher.idle();
    expect(api.runtime.outbox.list()).toHaveLength(before);
  });

  it("answers only this machine's names and the site's: a rebound name reads no outbox", async () => {
    for (const host of ["evil.example", "evil.example:3000", "127.0.0.1.evil.example", "graph.test.evil.example"]) {
      for (const path of ["/api/dev/outbox", "/dev/outbox", "/api/dev/status", "/_spotify/v1/me"]) {
        const response = await local(path, {}, host);
        expect(response.status, `${host}${path}`).toBe(403);
        expect(await response.text()).not.toContain("@example.com");
      }
    }
    const port = new URL(api.runtime.url).port;
    for (const host of ["graph.test", "127.0.0.1", `127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect((await local("/api/dev/outbox", {}, host)).status, host).toBe(200);
    }
    expect((await fetch(`${api.runtime.url}/api/dev/status`)).status).toBe(200);
  });

  it("still lets the site's own pages reach the stand-ins, and a browser open a consent page", async () => {
    // The site's pages post uploads to the S3 stand-in, which may be another address (npm run dev).
    const upload = await local("/_aws/ses/v2/email/outbound-emails", {
      method: "POST",
      headers: { origin: "http://graph.test", "sec-fetch-site": "cross-site" },
      body: JSON.stringify({}),
    });
    expect(upload.status).toBe(400);
    // The connect sends the browser to the stand-in's consent page: a navigation, from the site.
    const consentPage = await local(
      "/_spotify/authorize",
      { headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" } },
      "127.0.0.1",
    );
    expect(consentPage.status).not.toBe(403);
  });
});

describe("a body that is not JSON is refused and changes nothing", () => {
  const NOT_JSON = ['{"a":', "[1,2", "{'a': 1}", "nul", "{}x", "\u0000"];
  const send = (method: string, path: string, rawBody: string, cookie?: string) =>
    api.request(method, path, { rawBody, cookie, headers: { "content-type": "application/json" } });

  it("POST /api/atom keeps the address it had", async () => {
    const person = await signedIn(api);
    const on = await api.request("POST", "/api/atom", { cookie: person.cookie });
    expect(on.status).toBe(200);
    const { url } = (await on.json()) as { url: string };
    for (const body of NOT_JSON) {
      const response = await send("POST", "/api/atom", body, person.cookie);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toEqual({ error: "The request body is not valid JSON.", code: "invalid_json" });
    }
    const now = (await (await api.request("GET", "/api/atom", { cookie: person.cookie })).json()) as { url: string };
    expect(now.url).toBe(url);
  });

  it("POST /api/spotify/api/logout leaves the link", async () => {
    const person = await signedIn(api);
    const started = await startConnect(api, "spotify", person.cookie, { userId: person.userId });
    const back = await consent(started, spotifyListener(`Kept ${Math.random().toString(36).slice(2, 8)}`));
    await callBack(api, "spotify", { code: back.code, state: back.state }, [person.cookie, back.stateCookie]);
    const status = async () =>
      (
        (await (await api.request("GET", "/api/spotify/api/status", { cookie: person.cookie })).json()) as {
          status: string;
        }
      ).status;
    expect(await status()).toBe("connected");
    for (const body of NOT_JSON) {
      const response = await send("POST", "/api/spotify/api/logout", body, person.cookie);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe("invalid_json");
    }
    expect(await status()).toBe("connected");
  });

  it("every JSON route of the API answers 400 invalid_json", async () => {
    const person = await signedIn(api);
    // Every group's routes, as mounted when first requested (the app itself holds only their dispatchers).
    const routes = (await mounted(ROUTE_GROUPS)).routes.filter(
      (r) =>
        !["GET", "HEAD", "OPTIONS", "ALL"].includes(r.method) &&
        // Services' own calls answer their signature first (Slack's commands are a signed form,
        // Discord's interactions signed JSON): an unsigned body is a 401 before it is read.
        ![
          "/api/stripe/webhook",
          "/api/contacts/to_db",
          "/api/digest/unsubscribe",
          "/api/slack/commands",
          "/api/discord/interactions",
        ].includes(r.path),
    );
    const seen = new Set<string>();
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const path = route.path.replace(/:[A-Za-z]+/g, "x1");
      const response = await send(route.method, path, '{"a":', person.cookie);
      expect(response.status, key).toBe(400);
      expect(((await response.json()) as { code: string }).code, key).toBe("invalid_json");
    }
    expect(seen.size).toBeGreaterThan(60);
  });
});

describe("the OPML size limit answers one way whatever the characters", () => {
  it("refuses 512 KB + 1 byte with 413 payload_too_large, in ASCII, 'é' or emoji alike", async () => {
    const person = await signedIn(api);
    const over = OPML_IMPORT.maxBytes + 1;
    for (const opml of ["a".repeat(over), "é".repeat(Math.ceil(over / 2)), "🌍".repeat(Math.ceil(over / 4))]) {
      expect(Buffer.byteLength(opml)).toBeGreaterThan(OPML_IMPORT.maxBytes);
      const response = await api.request("POST", "/api/opml/import", { cookie: person.cookie, body: { opml } });
      expect(response.status, opml.slice(0, 1)).toBe(413);
      expect(await response.json()).toEqual({ error: OPML_MESSAGES.tooLarge, code: "payload_too_large" });
    }
    // Exactly the limit is read (and found not to be OPML).
    const within = await api.request("POST", "/api/opml/import", {
      cookie: person.cookie,
      body: { opml: "a".repeat(OPML_IMPORT.maxBytes) },
    });
    expect(await within.json()).toEqual({ error: OPML_MESSAGES.notOpml, code: "invalid_input" });
  });
});

describe("a website is an http(s) address or a bare host", () => {
  const add = (person: Person, url: string) =>
    api.request("POST", "/api/websites/to_db", { cookie: person.cookie, body: { url } });
  const listed = async (person: Person) =>
    (
      (await (
        await api.request("GET", `/api/websites/from_db_by_user_id/${person.userId}`, { cookie: person.cookie })
      ).json()) as Array<{ url: string }>
    ).map((w) => w.url);

  it("refuses other schemes, credentials and hosts that are no host", async () => {
    const person = await signedIn(api);
    for (const url of [
      "javascript:alert(document.cookie)//.x",
      "JavaScript:alert(1)//a.b",
      "javascript://example.com/%0aalert(1)",
      "data:text/html,<script>alert(1)</script>.x",
      "vbscript:msgbox(1).x",
      "ftp://files.example.com",
      "mailto:me@example.com",
      "//evil.example",
      "https://",
      "https://user:pass@evil.example",
      "https://example.com@evil.example",
      "http://exa_mple..com",
      "example",
    ]) {
      const response = await add(person, url);
      expect(response.status, url).toBe(400);
      expect(((await response.json()) as { error: string }).error, url).toBe(PROFILE_MESSAGES.websiteInvalid);
    }
    expect(await listed(person)).toEqual([]);
  });

  it("keeps http(s) addresses and bare hosts as typed", async () => {
    const person = await signedIn(api);
    const kept = [
      "example.com",
      "https://example.com/about?x=1#top",
      "http://sub.example.co.uk",
      "example.org:8080/x",
      "bücher.de",
    ];
    for (const url of kept) expect((await add(person, url)).status, url).toBe(201);
    expect((await listed(person)).sort()).toEqual([...kept].sort());
  });
});

describe("a film added is one the catalogue knows", () => {
  const add = (person: Person, body: Record<string, unknown>) =>
    api.request("POST", "/api/movies/add-movie", {
      cookie: person.cookie,
      body: { rating: null, notes: "", poster_path: null, release_date: null, ...body },
    });
  const shelf = async (person: Person) =>
    (
      (await (await api.request("GET", "/api/movies/shelf", { cookie: person.cookie })).json()) as {
        movies: Array<{ tmdb_id: number; title: string }>;
      }
    ).movies;

  it("refuses an id the catalogue does not have, and a title that is not the id's", async () => {
    const person = await signedIn(api);
    for (const body of [
      { tmdb_id: 999_999_999, title: "A Film Nobody Made" },
      { tmdb_id: 7_000_001, title: "The Matrix" },
      { tmdb_id: 603, title: "Not The Matrix" },
      { tmdb_id: 603, title: "Parasite" },
    ]) {
      const response = await add(person, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ error: MEDIA_MESSAGES.notInFilmCatalogueAdd, code: "invalid_input" });
    }
    expect(await shelf(person)).toEqual([]);
  });

  it("keeps the catalogue's title, date and poster, whatever else was sent", async () => {
    const person = await signedIn(api);
    const response = await add(person, {
      tmdb_id: 603,
      title: "the  matrix",
      release_date: "2020-01-01",
      poster_path: "/made-up.jpg",
    });
    expect(response.status).toBe(201);
    const movie = (await response.json()) as Record<string, unknown>;
    expect(movie).toMatchObject({ tmdb_id: 603, title: "The Matrix", release_date: "1999-03-31" });
    expect(movie.poster_path).not.toBe("/made-up.jpg");
    // The original title names the film too.
    expect((await add(person, { tmdb_id: 129, title: "千と千尋の神隠し" })).status).toBe(201);
    expect((await shelf(person)).map((m) => m.title).sort()).toEqual(["Spirited Away", "The Matrix"]);
  });
});

describe("a muted word is text", () => {
  it("refuses NUL, other control characters and lone surrogates, keeping the list as it was", async () => {
    const person = await signedIn(api);
    await UserEntity.patch({ userId: person.userId }).set({ plan: "pro" }).go();
    const mute = (word: string) => api.request("POST", "/api/mutes", { cookie: person.cookie, body: { word } });
    expect((await mute("crypto")).status).toBe(200);
    for (const word of [
      "ab\u0000c",
      "a\u0007b",
      "\u001bcrypto",
      "nel\u0085x",
      "csi\u009bx",
      "del\u007fx",
      "x\ud800",
      "\udc00x",
      "a\ud800\ud800b",
    ]) {
      const response = await mute(word);
      expect(response.status, JSON.stringify(word)).toBe(400);
      expect(await response.json()).toEqual({ error: MUTE_MESSAGES.invalidCharacters, code: "mute_invalid" });
    }
    const list = (await (await api.request("GET", "/api/mutes", { cookie: person.cookie })).json()) as {
      words: string[];
    };
    expect(list.words).toEqual(["crypto"]);
    // Tabs and new lines are white space, and a pair of surrogates is a character.
    expect((await mute("deep\tsea\nfish")).status).toBe(200);
    expect((await mute("🐙 octopus")).status).toBe(200);
  });
});

describe("a name made only of invisible characters is no name", () => {
  /** Invisible: zero-width and format characters, fillers, and marks on nothing. */
  const INVISIBLE = [
    "\u200b\u200b",
    "\u3164",
    "\u115f\u1160",
    "\u200b\u0300",
    "\u0301\u0302",
    "\ufe0f",
    "\u2800\u034f",
  ];

  it("a topic (which names a feed group once it is a supertag) is refused like an empty one", async () => {
    const person = await signedIn(api);
    const add = (keyTopicsArray: string[]) =>
      api.request("POST", "/api/gpt/to_db", { cookie: person.cookie, body: { keyTopicsArray } });
    const empty = await add(["", " , "]);
    expect(empty.status).toBe(400);
    const refusal = await empty.json();
    for (const name of INVISIBLE) {
      const response = await add([name]);
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(await response.json()).toEqual(refusal);
    }
    expect(refusal).toEqual({ error: TOPIC_MESSAGES.noTopics, code: "invalid_input" });
    const mixed = await add([...INVISIBLE, "Rust"]);
    expect(mixed.status).toBe(200);
    expect(((await mixed.json()) as { topics: Array<{ topic: string }> }).topics.map((t) => t.topic)).toEqual(["Rust"]);
  });

  it("a group conversation named so has no name, as one named with nothing", async () => {
    const [a, b, c] = await Promise.all([signedIn(api), signedIn(api), signedIn(api)]);
    for (const name of ["", ...INVISIBLE]) {
      const created = await api.request("POST", "/api/messages/conversations", {
        cookie: a.cookie,
        body: { name, memberIds: [b.userId, c.userId], isGroup: true },
      });
      expect(created.status).toBe(200);
      const { id } = (await created.json()) as { id: string };
      const { conversations } = (await (
        await api.request("GET", "/api/messages/conversations", { cookie: a.cookie })
      ).json()) as { conversations: Array<{ id: string; name: string | null }> };
      expect(conversations.find((x) => x.id === id)!.name, JSON.stringify(name)).toBeNull();
    }
  });
});

describe("the node count is the articles section's", () => {
  it("is not shown to others while the articles section is hidden", async () => {
    const [owner, other] = await Promise.all([signedIn(api), signedIn(api)]);
    for (const title of ["A liked article", "Another liked article"]) {
      const articleId = await storedArticle("nodes", title);
      await api.request("POST", "/api/articles/toggle_add_article", {
        cookie: owner.cookie,
        body: { articleId, added: true },
      });
    }
    const show = (visible: boolean) =>
      api.request("POST", "/api/users/profile_order", {
        cookie: owner.cookie,
        body: {
          userId: owner.userId,
          sectionOrder: DEFAULT_SECTION_ORDER.map((s) => (s.id === "articles" ? { ...s, visible } : s)),
        },
      });
    const page = async (cookie?: string) =>
      (
        (await (await api.request("GET", `/api/users/profile/${owner.username}`, { cookie })).json()) as {
          likeCount: number | null;
        }
      ).likeCount;
    const count = async (cookie?: string) =>
      (
        (await (await api.request("GET", `/api/users/node_number/${owner.userId}`, { cookie })).json()) as {
          likeCount: number | null;
        }
      ).likeCount;

    expect(await page()).toBe(2);
    expect(await count(other.cookie)).toBe(2);
    expect((await show(false)).status).toBe(200);
    for (const viewer of [undefined, other.cookie]) {
      expect(await page(viewer)).toBeNull();
      expect(await count(viewer)).toBeNull();
    }
    // The owner still sees their own count on the settings page.
    expect(await count(owner.cookie)).toBe(2);
    expect((await show(true)).status).toBe(200);
    expect(await page()).toBe(2);
  });
});

describe("pages are the sizes the spec fixes", () => {
  it("the following feed answers at most 10 rows a page", async () => {
    const person = await signedIn(api);
    const page = (limit: string) =>
      api.request("GET", `/api/feed/following?limit=${limit}&offset=0`, { cookie: person.cookie });
    for (const limit of ["11", "50"]) expect((await page(limit)).status, limit).toBe(400);
    for (const limit of ["1", "10"]) expect((await page(limit)).status, limit).toBe(200);
  });

  it("a conversation's messages come at most 20 a page", async () => {
    const [a, b] = await Promise.all([signedIn(api), signedIn(api)]);
    const created = await api.request("POST", "/api/messages/conversations", {
      cookie: a.cookie,
      body: { memberIds: [b.userId] },
    });
    const { id } = (await created.json()) as { id: string };
    const page = (limit: string) =>
      api.request("GET", `/api/messages/conversations/${id}/messages?limit=${limit}`, { cookie: a.cookie });
    for (const limit of ["21", "50"]) expect((await page(limit)).status, limit).toBe(400);
    for (const limit of ["1", "20"]) expect((await page(limit)).status, limit).toBe(200);
  });
});
