/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rss, startFeedServer } from "../support/feeds.ts";
import { demoFeedsReady, expectAccessible, pageApi, signedInPage, type Server, useBrowserServer } from "./support.ts";
import { upgradeToPro } from "./steps/plans.ts";

/**
 * Every page the browser tests check for accessibility, each once on desktop and phone in the
 * light and the dark theme (axe: no serious or critical violation, and no console error or CSP
 * violation while it loads), in a state that shows the most of it: Ada's topics, profile, photo,
 * books, films, Spotify and YouTube links, feed settings and chat, made through the API and the
 * stand-ins (each feature's own test makes them through its page); Ben, who shares an interest
 * with her, follows her and wrote to her; and a visitor who is not signed in.
 */
let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let ada: Awaited<ReturnType<typeof signedInPage>>;
let ben: Awaited<ReturnType<typeof signedInPage>>;

/** Calls the API as the page's person and insists on success. */
async function call(page: Page, method: string, path: string, body?: unknown) {
  const answer = await pageApi<unknown>(page, method, path, body);
  expect(answer.status, `${method} ${path}`).toBeLessThan(300);
  return answer.json;
}

/** Finds a book or a film in the catalogue (the stand-in) and puts it on the person's shelf. */
async function shelve(page: Page, query: string, rating: number, notes: string) {
  const { results } = (await call(page, "GET", `/api/books/search-books?query=${encodeURIComponent(query)}`)) as {
    results: Array<{
      id: string;
      title: string;
      authors: string[];
      isbn: string[];
      publication_date: string | null;
      cover_image_url: string | null;
    }>;
  };
  const book = results[0]!;
  await call(page, "POST", "/api/books/add_book", {
    id: book.id,
    title: book.title,
    authors: book.authors,
    isbn: book.isbn[0] ?? null,
    publication_date: book.publication_date,
    cover_image_url: book.cover_image_url,
    rating,
    notes,
  });
}

async function watch(page: Page, query: string, rating: number) {
  const { results } = (await call(page, "GET", `/api/movies/search-movies?query=${encodeURIComponent(query)}`)) as {
    results: Array<{ tmdb_id: number; title: string; release_date: string | null; poster_path: string | null }>;
  };
  const film = results[0]!;
  await call(page, "POST", "/api/movies/add-movie", {
    tmdb_id: film.tmdb_id,
    title: film.title,
    release_date: film.release_date,
    poster_path: film.poster_path,
    rating,
    notes: "",
  });
}

/** Uploads a photo as the profile tab does: presigned POST to the bucket stand-in, then the confirm. */
async function uploadPhoto(page: Page, userId: string) {
  const shown = await page.evaluate(async (id) => {
    const blob = await new Promise<Blob>((resolve) => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 64;
      const context = canvas.getContext("2d")!;
      context.fillStyle = "#2255aa";
      context.fillRect(0, 0, 64, 64);
      context.fillStyle = "#ffffff";
      context.fillRect(8, 8, 20, 20);
      canvas.toBlob((b) => resolve(b!), "image/jpeg");
    });
    const post = async (path: string, body: unknown) =>
      (
        await fetch(path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        })
      ).json();
    const { uploads } = (await post("/api/images/upload_url", {
      userId: id,
      files: [{ name: "me.jpg", type: "image/jpeg", size: blob.size }],
    })) as { uploads: Array<{ key: string; name: string; url: string; fields: Record<string, string> }> };
    const form = new FormData();
    for (const [name, value] of Object.entries(uploads[0]!.fields)) form.append(name, value);
    form.append("file", blob);
    await fetch(uploads[0]!.url, { method: "POST", body: form });
    const confirmed = (await post("/api/images/upload", {
      userId: id,
      uploads: uploads.map((u) => ({ key: u.key, name: u.name })),
    })) as { images: unknown[] };
    return confirmed.images.length;
  }, userId);
  expect(shown).toBe(1);
}

/** Links Spotify as one of the stand-in's listeners and YouTube as the person, from the media tab. */
async function linkSpotifyAndYoutube(page: Page) {
  await page.goto(`${server.url}/home/tune?tab=media`);
  await page.getByTestId("spotify-connect").click();
  await page.waitForURL(/\/_spotify\/authorize\?/);
  await page.getByLabel("Cleo Listener", { exact: true }).check();
  await page.getByTestId("spotify-allow").click();
  await page.waitForURL(/\/home\/tune\?tab=media-links/);
  await page
    .getByTestId("spotify-link-state")
    .filter({ hasText: /^connected$/ })
    .waitFor();

  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByTestId("youtube-connect").click()]);
  await popup.waitForURL(/\/_google\/authorize\?/);
  await popup.getByTestId("google-email").fill(ada.person.email);
  await popup.getByTestId("google-name").fill("Ada Watcher");
  const closed = popup.waitForEvent("close");
  await popup.getByTestId("google-continue").click();
  await closed;
  await page
    .getByTestId("youtube-link-state")
    .filter({ hasText: /^connected$/ })
    .waitFor();
}

/** Sends a message into a conversation from the page's own socket, and waits until it is stored. */
async function sendMessage(page: Page, conversationId: string, content: string) {
  await page.evaluate(
    async ({ id, text }) => {
      const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/ws`);
      await new Promise((resolve) => (ws.onopen = resolve));
      const stored = new Promise<void>((resolve) => {
        ws.onmessage = (event) => {
          const frame = JSON.parse(String(event.data)) as { type: string; message?: { clientId?: string } };
          if (frame.type === "message:new" && frame.message?.clientId === "a11y-1") resolve();
        };
      });
      ws.send(JSON.stringify({ action: "message:new", conversationId: id, content: text, clientId: "a11y-1" }));
      await stored;
      ws.close();
    },
    { id: conversationId, text: content },
  );
}

beforeAll(async () => {
  feeds = await startFeedServer();
  feeds.set("/tidewater.xml", {
    body: rss("Tidewater Notes", [{ title: "Reading the tide tables", link: "https://tidewater.example/tables" }]),
  });
  [ada, ben] = await Promise.all([signedInPage(browser, server), signedInPage(browser, server)]);
  const { page } = ada;

  // Topics (with graph's suggestions beside them), and what the public page shows.
  await call(page, "POST", "/api/gpt/to_db", {
    keyTopicsArray: ["Jazz", "Sourdough Baking", "Machine Learning", "Formula 1", "Climate Policy"],
  });
  // A suggestion skipped, for the skipped topics' list.
  const { similarTopics } = (await call(page, "POST", "/api/gpt/similar_topics", { limit: 1 })) as {
    similarTopics: Array<{ id: string; topic: string }>;
  };
  await call(page, "POST", "/api/gpt/skip_topic", { topicId: similarTopics[0]!.id, topic: similarTopics[0]!.topic });
  await call(page, "POST", "/api/aims/to_db", { aims: ["Learn jazz piano", "Write every day"] });
  await call(page, "POST", "/api/thoughts/to_db", { title: "Practice", content: "Scales every morning." });
  const contact = await page.evaluate(async () => {
    const form = new FormData();
    form.append("about", "jazz.example");
    return (await fetch("/api/contacts/to_db", { method: "POST", body: form })).status;
  });
  expect(contact).toBeLessThan(300);
  await uploadPhoto(page, ada.userId);
  await shelve(page, "Dune", 3.5, "Slow, then wonderful.");
  await shelve(page, "Educated", 5, "");
  await watch(page, "Matrix", 4.5);
  await watch(page, "Alien", 4);

  // The feed tab's sections: the digest on, in another zone; an article added; a source
  // suggested and one silenced; a muted word. The article and the source are the demo feeds'.
  await demoFeedsReady();
  await call(page, "POST", "/api/users/update_email_digest_preferences", {
    wantsEmailDigest: true,
    timezone: "Pacific/Apia",
  });
  const { results } = (await call(page, "GET", "/api/rss/search?q=sourdough")) as { results: Array<{ id: string }> };
  await call(page, "POST", "/api/articles/toggle_add_article", { articleId: results[0]!.id, added: true });
  await call(page, "POST", "/api/rss/user_source_suggested_list", { sourceLink: `${feeds.url}/tidewater.xml` });
  const [copper] = (await call(page, "GET", "/api/rss/source_search?q=copper")) as Array<{ id: string }>;
  await call(page, "POST", "/api/rss/user_source_blacklist", { sourceId: copper!.id });
  // Muting is part of pro: upgraded through the checkout stand-in first.
  await upgradeToPro(page, server);
  await call(page, "POST", "/api/mutes", { word: "tomatoes" });

  await linkSpotifyAndYoutube(page);

  // Ben shares Jazz with Ada, follows her and writes to her.
  await call(ben.page, "POST", "/api/gpt/to_db", { keyTopicsArray: ["Jazz", "Pottery"] });
  await call(ben.page, "POST", "/api/users/follow", { userId: ada.userId });
  const { id } = (await call(ben.page, "POST", "/api/messages/conversations", {
    memberIds: [ada.userId],
    isGroup: false,
  })) as { id: string };
  await sendMessage(ben.page, id, "**hi** http://example.com");
});
afterAll(async () => {
  await feeds?.close();
});

describe("accessibility of every page, on desktop and phone in both themes", () => {
  it("the topics tab, with topics, suggestions and a skipped topic", async () => {
    await expectAccessible(browser, server, ada.context, "/home/tune", [
      '[data-testid="topic"]',
      '[data-testid="suggested-topic"]',
      '[data-testid="skipped-topic"]',
    ]);
  });

  it("the media tab, with books and films shelved and Spotify and YouTube linked", async () => {
    await expectAccessible(browser, server, ada.context, "/home/tune?tab=media", [
      '[data-testid="book-shelf"]',
      '[data-testid="movie-shelf"]',
      '[data-testid="youtube-link-state"]',
      '[data-testid="channel-item"]',
    ]);
  });

  it("the feed tab, with the digest on, an added article, a suggestion, a silenced source and a muted word", async () => {
    await expectAccessible(browser, server, ada.context, "/home/tune?tab=feed", [
      '[data-testid="digest-wanted"]',
      '[data-testid="added-article"]',
      '[data-testid="suggestion"]',
      '[data-testid="silenced-source"]',
      '[data-testid="muted-word"]',
    ]);
  });

  it("the profile tab, with aims, a thought, a photo and the section order", async () => {
    await expectAccessible(browser, server, ada.context, "/home/tune?tab=profile", [
      '[data-testid="profile-order-list"]',
      '[data-testid="profile-photos-list"] img',
    ]);
  });

  it("the public profile, to its owner", async () => {
    await expectAccessible(browser, server, ada.context, `/${ada.person.username}`, [
      '[data-testid="profile-sections"]',
      '[data-section="books"]',
      '[data-testid="see-following"]',
    ]);
  });

  it("the public profile, to a signed-in visitor who shares an interest", async () => {
    await expectAccessible(browser, server, ben.context, `/${ada.person.username}`, [
      '[data-testid="overlap-count"]',
      '[data-testid="profile-sections"]',
    ]);
  });

  it("the public profile, to a visitor who is not signed in", async () => {
    await expectAccessible(browser, server, undefined, `/${ada.person.username}`, [
      '[data-testid="profile-actions"]',
      '[data-testid="profile-sections"]',
    ]);
  });

  it("the chat, with a conversation in the inbox", async () => {
    await expectAccessible(browser, server, ada.context, "/home/chat", [
      `[data-testid="chat-conversation"]:not([data-bot="true"])`,
      '[data-testid="chat-conversation"][data-bot="true"]',
    ]);
  });

  it("the plans page", async () => {
    await expectAccessible(browser, server, ada.context, "/home/upgrade", '[data-testid="plan-free"]');
  });

  it("the page an unsubscribe link ends on", async () => {
    await expectAccessible(browser, server, ada.context, "/unsubscribe-success", '[data-testid="go-home"]');
  });
});
