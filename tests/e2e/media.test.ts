/// <reference lib="dom" />
import type { Browser, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  SERVER_ERROR,
  onPhoneInEachTheme,
  screenshot,
  signedInPage,
  type Server,
  useBrowserServer,
} from "./support.ts";
import { goodreadsExport, letterboxdExport } from "../support/media-exports.ts";

let server: Server;
let browser: Browser;
useBrowserServer({}, (started) => ({ server, browser } = started));

const MEDIA = "/home/tune?tab=media";

const shelfTitles = (page: Page, list: "book-shelf" | "movie-shelf") =>
  page
    .getByTestId(list)
    .getByTestId("media-item")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-title")));

const countOf = async (page: Page, section: "books" | "movies") =>
  (
    await page
      .getByTestId(section)
      .locator(".tune-section__count")
      .first()
      .innerText()
      .catch(() => "")
  ).trim();

/** Opens the media tab and waits for both lists to have been read. */
async function openMedia(page: Page) {
  await page.goto(`${server.url}${MEDIA}`);
  await page.getByTestId("media-tab").waitFor();
  await expect.poll(() => page.getByTestId("books").locator(".loading").count()).toBe(0);
  await expect.poll(() => page.getByTestId("movies").locator(".loading").count()).toBe(0);
}

/** Searches a catalogue and picks the result of that title. */
async function findAndPick(page: Page, search: "book-search" | "movie-search", text: string, title: string) {
  await page.getByTestId(`${search}-input`).fill(text);
  const result = page.getByTestId(`${search}-result`).filter({ hasText: title }).first();
  await result.waitFor();
  await result.click();
}

/** Rates with the keyboard, as the radio group takes it: focus the checked star (or "none") and press arrows. */
async function rateWithKeys(page: Page, form: string, presses: string[]) {
  const group = page.getByTestId(form).getByTestId("rating-input");
  await group.getByRole("radio", { checked: true }).focus();
  for (const key of presses) await page.keyboard.press(key);
}

/** A Goodreads export of `rows` rows, one in five on the to-read shelf, and how many are on the read shelf. */
function goodreadsFile(rows: number, seed = 1) {
  const file = goodreadsExport({ rows, toRead: Math.floor(rows / 5), seed });
  return { csv: file.csv, read: file.rows.filter((r) => r.exclusiveShelf === "read").length };
}

const right = (n: number) => Array<string>(n).fill("ArrowRight");

/** Chooses a file for an import panel, as the file picker would. */
const choose = (page: Page, panel: "goodreads" | "letterboxd", name: string, text: string | Buffer) =>
  page.getByTestId(`${panel}-file`).setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

/** Drops a file on an import panel. */
async function drop(page: Page, panel: "goodreads" | "letterboxd", name: string, text: string) {
  const transfer = await page.evaluateHandle(
    ([fileName, content]) => {
      const data = new DataTransfer();
      data.items.add(new File([content], fileName));
      return data;
    },
    [name, text] as const,
  );
  await page.getByTestId(`${panel}-drop`).dispatchEvent("drop", { dataTransfer: transfer });
}

const summaryCount = async (page: Page, panel: string, status: string) =>
  Number((await page.getByTestId(`${panel}-${status}`).locator("dd").innerText()).replace(/,/g, ""));

describe("the media tab in the browser", () => {
  it("finds a book, rates it 3.5 in half stars with a note, adds it, sees it on the public page, edits it", async () => {
    const { context, page, person } = await signedInPage(browser, server);
    // The page's timers are the test's to move (they run as usual until paused below).
    await page.clock.install();
    await openMedia(page);
    await screenshot(page, "media-empty");

    // Typing settles after 300 ms; only then is the catalogue asked, at most 10 answers. The
    // page's clock stands still while the keys go in, so how fast a busy machine delivers them
    // does not matter; then it moves on: nothing is asked 299 ms after the last key, the term is at 300.
    const searches: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/books/search-books"))
        searches.push(new URL(request.url()).searchParams.get("query")!);
    });
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByTestId("book-search-input").pressSequentially("educated", { delay: 20 });
    await page.clock.runFor(299);
    expect(searches).toEqual([]);
    await page.clock.runFor(1);
    await page.clock.resume();
    await page.getByTestId("book-search-result").first().waitFor();
    expect(searches).toEqual(["educated"]);
    expect(await page.getByTestId("book-search-result").count()).toBeLessThanOrEqual(10);
    // The cover comes from the cover service (the stand-in's generated image).
    await expect
      .poll(() =>
        page
          .getByTestId("book-search-result")
          .first()
          .getByTestId("media-cover")
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, "media-book-search");

    await findAndPick(page, "book-search", "educated", "Educated");
    const form = page.getByTestId("book-add-form");
    await form.waitFor();
    // "none" is checked first; Right moves to 1 star, then half a star at a time: 3.5 is six presses on.
    await rateWithKeys(page, "book-add-form", right(6));
    await expect.poll(() => form.getByTestId("rating-input").getAttribute("data-value")).toBe("3.5");
    expect(await form.getByRole("radio", { name: "3.5 stars" }).isChecked()).toBe(true);
    await form.getByTestId("notes-input").fill("Read it in two sittings, then again.");
    await expect.poll(() => form.getByTestId("notes-count").innerText()).toBe("36 of 2,000 characters");
    await screenshot(page, "media-book-add-form");
    await form.getByTestId("review-submit").click();

    await expect.poll(() => shelfTitles(page, "book-shelf")).toEqual(["Educated"]);
    await expect.poll(() => countOf(page, "books")).toBe("1");
    const row = page.getByTestId("book-shelf").getByTestId("media-item").first();
    expect(await row.getByRole("img", { name: "3.5 stars" }).count()).toBe(1);
    expect(await row.innerText()).toContain("Read it in two sittings, then again.");

    // On the public page, in the books section, with its stars.
    await page.goto(`${server.url}/${person.username}`);
    const books = page.locator('[data-testid="profile-section"][data-section="books"]');
    const item = books.getByTestId("profile-item").filter({ hasText: "Educated" });
    await item.waitFor();
    expect(await item.getByRole("img", { name: "rated 3.5 out of 5" }).count()).toBe(1);
    await screenshot(page, "media-public-books");

    // Kept by the server: a reload shows the same.
    await openMedia(page);
    await expect.poll(() => shelfTitles(page, "book-shelf")).toEqual(["Educated"]);
    expect(await page.getByTestId("book-shelf").getByRole("img", { name: "3.5 stars" }).count()).toBe(1);

    // Edit: clear to unrated with Delete, a new note.
    await page.getByRole("button", { name: "edit Educated" }).click();
    const edit = page.getByTestId("media-edit-form");
    await rateWithKeys(page, "media-edit-form", ["Delete"]);
    await expect.poll(() => edit.getByTestId("rating-input").getAttribute("data-value")).toBe("");
    await rateWithKeys(page, "media-edit-form", right(9));
    await expect.poll(() => edit.getByTestId("rating-input").getAttribute("data-value")).toBe("5");
    await edit.getByTestId("notes-input").fill("Better the second time.");
    await edit.getByTestId("review-submit").click();
    await expect.poll(() => row.innerText()).toContain("Better the second time.");
    await openMedia(page);
    await expect.poll(() => page.getByTestId("book-shelf").getByRole("img", { name: "5 stars" }).count()).toBe(1);
    await context.close();
  });

  it("takes a failed add off the list again and puts a failed delete back, saying so", async () => {
    const { context, page } = await signedInPage(browser, server);
    await openMedia(page);

    // The add fails: the book shows at once, then leaves the list with a message.
    let releaseAdd: () => void = () => {};
    const addHeld = new Promise<void>((resolve) => (releaseAdd = resolve));
    await page.route("**/api/books/add_book", async (route: Route) => {
      await addHeld;
      await route.fulfill(SERVER_ERROR);
    });
    await findAndPick(page, "book-search", "midnight library", "The Midnight Library");
    await page.getByTestId("book-add-form").getByTestId("review-submit").click();
    await expect.poll(() => shelfTitles(page, "book-shelf")).toEqual(["The Midnight Library"]);
    releaseAdd();
    await expect
      .poll(() => page.getByTestId("books-problem").innerText())
      .toContain('Failed to add the book "The Midnight Library", so it is off your list again.');
    await expect.poll(() => page.getByTestId("book-shelf").count()).toBe(0);
    await page.unroute("**/api/books/add_book");

    // Added for real, then the delete fails: it leaves, comes back, and the spec's words are shown.
    await findAndPick(page, "book-search", "midnight library", "The Midnight Library");
    await page.getByTestId("book-add-form").getByTestId("review-submit").click();
    await expect.poll(() => countOf(page, "books")).toBe("1");
    await page.route("**/api/books", (route: Route) =>
      route.request().method() === "DELETE" ? route.fulfill(SERVER_ERROR) : route.fallback(),
    );
    await page.getByRole("button", { name: "delete The Midnight Library" }).click();
    await expect.poll(() => page.getByTestId("books-problem").innerText()).toContain("Failed to delete the book.");
    await expect.poll(() => shelfTitles(page, "book-shelf")).toEqual(["The Midnight Library"]);
    await expect.poll(() => countOf(page, "books")).toBe("1");
    await screenshot(page, "media-delete-failed");

    // Without the failure the delete holds.
    await page.unroute("**/api/books");
    await page.getByRole("button", { name: "delete The Midnight Library" }).click();
    await expect.poll(() => page.getByTestId("book-shelf").count()).toBe(0);
    await openMedia(page);
    expect(await page.getByTestId("book-shelf").count()).toBe(0);
    await context.close();
  });

  it("finds a film, adds it with a rating, and shows a failed film delete", async () => {
    const { context, page } = await signedInPage(browser, server);
    await openMedia(page);
    await findAndPick(page, "movie-search", "matrix", "The Matrix");
    const form = page.getByTestId("movie-add-form");
    await rateWithKeys(page, "movie-add-form", right(8));
    await expect.poll(() => form.getByTestId("rating-input").getAttribute("data-value")).toBe("4.5");
    await form.getByTestId("review-submit").click();
    await expect.poll(() => shelfTitles(page, "movie-shelf")).toEqual(["The Matrix"]);
    // The poster comes from the image service.
    await expect
      .poll(() =>
        page
          .getByTestId("movie-shelf")
          .getByTestId("media-cover")
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);

    await page.route("**/api/movies", (route: Route) =>
      route.request().method() === "DELETE" ? route.fulfill(SERVER_ERROR) : route.fallback(),
    );
    await page.getByRole("button", { name: "delete The Matrix" }).click();
    await expect.poll(() => page.getByTestId("movies-problem").innerText()).toContain("Failed to delete the movie.");
    await expect.poll(() => shelfTitles(page, "movie-shelf")).toEqual(["The Matrix"]);
    await context.close();
  });

  it("imports a Goodreads export of 500 rows: read rows sent in batches with progress, to-read rows skipped, a summary", async () => {
    const { context, page } = await signedInPage(browser, server);
    await openMedia(page);

    // Files it refuses, in the spec's words.
    await choose(page, "goodreads", "big.csv", Buffer.alloc(2 * 1024 * 1024 + 1, "a"));
    await expect
      .poll(() => page.getByTestId("goodreads-problem").innerText())
      .toBe("Please upload a valid CSV file (max 2MB).");
    await drop(page, "goodreads", "cover.jpg", "not a csv");
    await expect.poll(() => page.getByTestId("goodreads-problem").innerText()).toBe("Please drop a valid CSV file.");

    const file = goodreadsFile(500);
    // The second batch waits until the progress after the first has been seen.
    let batches = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/books/add_from_csv", async (route: Route) => {
      const sent = (route.request().postDataJSON() as { parsedBooks: unknown[] }).parsedBooks.length;
      expect(sent).toBeLessThanOrEqual(100);
      if (++batches === 2) await held;
      await route.fallback();
    });
    await choose(page, "goodreads", "goodreads_library_export.csv", file.csv);
    const bar = page.getByTestId("goodreads-progress").getByRole("progressbar");
    await expect.poll(() => bar.getAttribute("aria-valuenow")).toBe("100");
    expect(await bar.getAttribute("aria-valuemax")).toBe(String(file.read));
    expect(await page.getByTestId("goodreads-progress").innerText()).toContain(`100 of ${file.read} books`);
    // The list fills as batches land.
    await expect.poll(() => countOf(page, "books")).toBe("100");
    await screenshot(page, "media-goodreads-progress");
    release();

    await page.getByTestId("goodreads-summary").waitFor({ timeout: 60_000 });
    expect(batches).toBe(Math.ceil(file.read / 100));
    const imported = await summaryCount(page, "goodreads", "imported");
    expect(imported).toBe(file.read);
    expect(await summaryCount(page, "goodreads", "skipped")).toBe(500 - file.read);
    expect(await summaryCount(page, "goodreads", "failed")).toBe(0);
    // "0 failed" is no error: it looks as the other counts do.
    const colour = (status: string) =>
      page
        .getByTestId(`goodreads-${status}`)
        .locator("dd")
        .evaluate((count) => getComputedStyle(count).color);
    expect(await colour("failed")).toBe(await colour("imported"));
    expect(await page.getByTestId("goodreads-skipped-reasons").innerText()).toContain(
      "on your to-read shelf, not read",
    );
    await page.getByTestId("goodreads-summary").locator("summary").click();
    expect(await page.getByTestId("goodreads-rows").locator("li").count()).toBe(500);
    await screenshot(page, "media-goodreads-summary");
    await expect.poll(() => countOf(page, "books")).toBe(String(file.read));

    // A second import of the same file adds nothing: every read row is updated.
    await page.unroute("**/api/books/add_from_csv");
    await choose(page, "goodreads", "goodreads_library_export.csv", file.csv);
    await expect.poll(() => summaryCount(page, "goodreads", "updated").catch(() => -1)).toBe(file.read);
    expect(await summaryCount(page, "goodreads", "imported")).toBe(0);
    await expect.poll(() => countOf(page, "books")).toBe(String(file.read));
    await context.close();
  });

  it("imports a Letterboxd ratings.csv and watched.csv, matched to the film catalogue, never adding a film twice", async () => {
    const { context, page } = await signedInPage(browser, server);
    await openMedia(page);
    const ratings = letterboxdExport({ rows: 30, kind: "ratings", notInCatalogue: 3, seed: 5 });
    const unknown = ratings.rows.filter((r) => r.tmdbId === undefined);
    expect(unknown.length).toBeGreaterThan(0);
    await choose(page, "letterboxd", "ratings.csv", ratings.csv);
    await page.getByTestId("letterboxd-summary").waitFor();
    // Films the catalogue does not find are kept too, each row saying so.
    expect(await summaryCount(page, "letterboxd", "imported")).toBe(30);
    expect(await summaryCount(page, "letterboxd", "skipped")).toBe(0);
    const rows = await page.getByTestId("letterboxd-rows").locator("li").allTextContents();
    for (const film of unknown) {
      expect(rows.find((row) => row.includes(film.name))).toContain("not found in the film catalogue: kept");
    }
    await expect.poll(() => countOf(page, "movies")).toBe("30");
    await screenshot(page, "media-letterboxd-summary");

    // The same films again from watched.csv: updated, none added.
    const watched = letterboxdExport({ rows: 30, kind: "watched", notInCatalogue: 3, seed: 5 });
    await choose(page, "letterboxd", "watched.csv", watched.csv);
    await expect.poll(() => summaryCount(page, "letterboxd", "updated").catch(() => -1)).toBe(30);
    expect(await summaryCount(page, "letterboxd", "imported")).toBe(0);
    await expect.poll(() => countOf(page, "movies")).toBe("30");
    await context.close();
  });

  it("works at 390 px in both themes, with books and films listed and an import summary", async () => {
    const { context, page } = await signedInPage(browser, server);
    await openMedia(page);
    await findAndPick(page, "book-search", "educated", "Educated");
    await rateWithKeys(page, "book-add-form", right(6));
    await page.getByTestId("book-add-form").getByTestId("notes-input").fill("A long note ".repeat(20));
    await page.getByTestId("book-add-form").getByTestId("review-submit").click();
    await findAndPick(page, "movie-search", "matrix", "The Matrix");
    await page.getByTestId("movie-add-form").getByTestId("review-submit").click();
    await expect.poll(() => countOf(page, "books")).toBe("1");
    await expect.poll(() => countOf(page, "movies")).toBe("1");

    await onPhoneInEachTheme(browser, context, "media", async (phone) => {
      await openMedia(phone);
      // In the second theme the first one's import is on the shelf too.
      await expect.poll(() => shelfTitles(phone, "book-shelf")).toContain("Educated");
      await findAndPick(phone, "book-search", "educated", "Educated");
      await phone.getByTestId("book-add-form").waitFor();
      // Books the catalogue holds (an unmatched book's cover by ISBN may answer 404, which the audit counts).
      const file = goodreadsExport({ rows: 20, toRead: 4, fromCatalogue: 1, seed: 2 });
      await choose(phone, "goodreads", "goodreads_library_export.csv", file.csv);
      await phone.getByTestId("goodreads-summary").waitFor();
    });
    await context.close();
  });
});
