/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { onPhoneInEachTheme, pageApi, screenshot, signedInPage, type Server, useBrowserServer } from "./support.ts";

let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

interface Found {
  id: string;
  title: string;
  authors: string[];
  isbn: string[];
  publication_date: string | null;
  cover_image_url: string | null;
}
interface FoundFilm {
  tmdb_id: number;
  title: string;
  release_date: string | null;
  poster_path: string | null;
}

/** Finds a book in the catalogue (the stand-in) and puts it on the page's person's shelf. */
async function shelveFound(page: Page, query: string, rating: number | null = null, notes = "") {
  const search = await pageApi<{ results: Found[] }>(
    page,
    "GET",
    `/api/books/search-books?query=${encodeURIComponent(query)}`,
  );
  expect(search.status).toBe(200);
  const book = search.json.results[0]!;
  const added = await pageApi(page, "POST", "/api/books/add_book", {
    id: book.id,
    title: book.title,
    authors: book.authors,
    isbn: book.isbn[0] ?? null,
    publication_date: book.publication_date,
    cover_image_url: book.cover_image_url,
    rating,
    notes,
  });
  expect(added.status).toBe(201);
  return book;
}

async function watchFound(page: Page, query: string, rating: number | null = null) {
  const search = await pageApi<{ results: FoundFilm[] }>(
    page,
    "GET",
    `/api/movies/search-movies?query=${encodeURIComponent(query)}`,
  );
  expect(search.status).toBe(200);
  const film = search.json.results[0]!;
  const added = await pageApi(page, "POST", "/api/movies/add-movie", {
    tmdb_id: film.tmdb_id,
    title: film.title,
    release_date: film.release_date,
    poster_path: film.poster_path,
    rating,
    notes: "",
  });
  expect(added.status).toBe(201);
  return film;
}

const labels = (page: Page, section: string) =>
  page
    .locator(`[data-section="${section}"] .profile-item__label`)
    .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ""));

describe("books and films on the public profile and in mutual interests", () => {
  it("shows 4 books and 3 films with covers and stars, the note in the footer, and swaps a locked one", async () => {
    const owner = await signedInPage(browser, server);
    const queries = ["Dune", "Neuromancer", "Frankenstein", "Dracula", "Emma", "Ulysses"];
    const shelved: Found[] = [];
    for (const [i, query] of queries.entries()) {
      shelved.push(
        await shelveFound(
          owner.page,
          query,
          i === queries.length - 1 ? 3.5 : null,
          i === queries.length - 1 ? "Slow, then wonderful." : "",
        ),
      );
    }
    const films = [];
    for (const query of ["Matrix", "Alien", "Heat", "Vertigo"]) films.push(await watchFound(owner.page, query, 4));

    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await visitor.newPage();
    await page.goto(`${server.url}/${owner.person.username}`);
    await expect.poll(() => labels(page, "books")).toHaveLength(4);
    // Newest shelved first.
    const newest = shelved.at(-1)!;
    expect((await labels(page, "books"))[0]).toBe(newest.title);
    expect(await labels(page, "movies")).toHaveLength(3);
    const book = page.locator('[data-section="books"] [data-testid="profile-item"]').first();
    expect(await book.getByTestId("stars").getAttribute("aria-label")).toBe("rated 3.5 out of 5");
    // Covers load from the catalogue's cover service (the stand-in here).
    await expect
      .poll(() => book.locator("img").evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.locator('[data-section="movies"] .profile-item__byline').first().innerText()).toMatch(/^\d{4}$/);

    // Hover: the book in the footer, with its authors, stars and the owner's note.
    await book.hover();
    const footer = page.getByTestId("profile-footer");
    await expect.poll(() => footer.innerText()).toContain("Slow, then wonderful.");
    expect(await footer.innerText()).toContain(newest.title);
    expect(await footer.getByTestId("footer-stars").getAttribute("aria-label")).toBe("rated 3.5 out of 5");
    // A click locks it; a click on the locked one swaps it for a book not shown yet.
    await book.click();
    await expect.poll(() => book.getAttribute("aria-pressed")).toBe("true");
    const before = await labels(page, "books");
    await book.click();
    await expect.poll(async () => (await labels(page, "books"))[0]).not.toBe(newest.title);
    const swapped = (await labels(page, "books"))[0]!;
    expect(before).not.toContain(swapped);
    expect(shelved.map((b) => b.title)).toContain(swapped);
    // The footer follows: the pointer is on the swapped-in book now.
    await expect.poll(() => footer.innerText()).toContain(swapped);
    expect(await footer.innerText()).not.toContain("Slow, then wonderful.");
    await screenshot(page, "profile-books-movies");
    await visitor.close();

    await onPhoneInEachTheme(browser, owner.context, "profile-books-movies", async (phone) => {
      await phone.goto(`${server.url}/${owner.person.username}`);
      await expect.poll(() => labels(phone, "books")).toHaveLength(4);
    });
  });

  it("lists a shared book and film among the mutual interests", async () => {
    const [a, b] = await Promise.all([signedInPage(browser, server), signedInPage(browser, server)]);
    const book = await shelveFound(a.page, "Middlemarch");
    await shelveFound(b.page, "Middlemarch");
    const film = await watchFound(a.page, "Casablanca");
    await watchFound(b.page, "Casablanca");

    await b.page.goto(`${server.url}/${a.person.username}`);
    await expect.poll(() => b.page.getByTestId("overlap-count").innerText()).toBe("2 mutual interests");
    await b.page.getByTestId("overlap-count").click();
    await expect.poll(() => b.page.getByTestId("overlap-books").innerText()).toContain(book.title);
    expect(await b.page.getByTestId("overlap-movies").innerText()).toContain(film.title);
    await screenshot(b.page, "overlap-books-movies");
  });
});
