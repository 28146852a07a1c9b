import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as Accounts from "@graph/core/workflows/account-deletion";
import * as Holders from "@graph/core/modules/holders";
import * as Media from "@graph/core/modules/media";
import * as Pictures from "@graph/core/modules/pictures";
import {
  BOOKS_MAX,
  IMPORT_MATCH_BUDGET_MS,
  MEDIA_MESSAGES,
  NOTES_MAX,
  SEARCH_RESULTS_MAX,
} from "@graph/core/modules/media/rules";
import { BookEntity } from "../../packages/core/src/modules/media/book.entity.ts";
import { ShelfCountsEntity } from "../../packages/core/src/modules/media/shelf-counts.entity.ts";
import { errorOf, signedIn, travel, uniqueAddress, useTestApi } from "../support/runtime.ts";
import { propertyRuns } from "../support/property-runs.ts";

/**
 * Books on a person's shelf, through the API against the Open Library stand-in the runtime
 * serves (the production client code, unchanged): search, add, rate, edit, delete, who may
 * write, the public read, Goodreads imports, the shelf's cap under parallel requests, deletion.
 */
const api = useTestApi();
const as = (cookie?: string) => api.client(cookie ? { cookie } : {});
const catalogues = () =>
  JSON.parse(process.env.SST_RESOURCE_MediaCatalogues!) as { openLibraryUrl: string; openLibraryCoversUrl: string };

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const search = (query: string, cookie?: string) => as(cookie).books["search-books"].$get({ query: { query } });
type NewBook = Parameters<ReturnType<typeof as>["books"]["add_book"]["$post"]>[0]["json"];
const aBook = (n: number, extra: Partial<NewBook> = {}): NewBook => ({
  id: `OL${900000 + n}W`,
  title: `A shelf book ${n}`,
  authors: ["An Author"],
  isbn: null,
  publication_date: "2001",
  cover_image_url: null,
  rating: null,
  notes: "",
  ...extra,
});
const add = (cookie: string, book: NewBook) => as(cookie).books.add_book.$post({ json: book });
const publicBooks = (userId: string, cookie?: string) =>
  as(cookie).books.from_db_by_user_id[":id"].$get({ param: { id: userId } });
const shelf = async (cookie: string, query: { cursor?: string; limit?: string } = {}) =>
  (await as(cookie).books.shelf.$get({ query })).json();
const importRows = (cookie: string, parsedBooks: unknown[]) =>
  as(cookie).books.add_from_csv.$post({ json: { parsedBooks } });

/** A Goodreads export row as the page sends it. */
const row = (n: number, extra: Record<string, unknown> = {}) => ({
  title: `Unfindable Zqx Title ${n}`,
  idGoodreads: String(5_000_000 + n),
  author: "Nobody Known",
  isbn: "",
  myRating: "3",
  dateRead: "2022/05/0" + ((n % 9) + 1),
  publicationDate: "2010",
  exclusiveShelf: "read",
  ...extra,
});

describe("search", () => {
  it("answers at most 10 books for a query the catalogue has more answers for", async () => {
    const all = (await (
      await fetch(`${catalogues().openLibraryUrl}/search.json?q=the&limit=100&fields=key`)
    ).json()) as { numFound: number };
    expect(all.numFound).toBeGreaterThan(SEARCH_RESULTS_MAX);
    const answer = await search("the");
    expect(answer.status).toBe(200);
    const { results } = await answer.json();
    expect(results).toHaveLength(SEARCH_RESULTS_MAX);
    for (const r of results) {
      expect(r.id).toMatch(/^OL\d+W$/);
      expect(r.isbn.length).toBeLessThanOrEqual(5);
      expect(r.subjects.length).toBeLessThanOrEqual(10);
      if (r.cover_image_url) expect(r.cover_image_url.startsWith(catalogues().openLibraryCoversUrl)).toBe(true);
    }
  });

  it("finds a book by title with its authors, ISBNs, year, cover and subjects", async () => {
    const { results } = await (await search("Project Hail Mary")).json();
    const book = results[0]!;
    expect(book).toMatchObject({ title: "Project Hail Mary", authors: ["Andy Weir"], publication_date: "2021" });
    expect(book.isbn).toContain("9780593135204");
    expect(book.subjects).toContain("Science fiction");
    const cover = await fetch(book.cover_image_url!);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("content-type")).toBe("image/jpeg");
    // The page shows the cover from graph's own origin: the catalogue's address, signed for the proxy.
    expect(book.picture_url).toBe(Pictures.pictureAddress(book.cover_image_url));
    expect(book.picture_url).toMatch(/^\/api\/pictures\?u=/);
  });

  it("answers nothing for a blank query and 400 for one too long, without asking the catalogue", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    expect(await (await search("   ")).json()).toEqual({ results: [] });
    const long = await search("x".repeat(201));
    expect(long.status).toBe(400);
    expect((await errorOf(long)).error).toBe(MEDIA_MESSAGES.queryTooLong);
    expect(spy).not.toHaveBeenCalled();
  });

  it("answers 503 with a clear message when the catalogue is down or answers nonsense, never 500", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("fetch failed"));
    const down = await search("dune");
    expect(down.status).toBe(503);
    expect(await errorOf(down)).toMatchObject({ error: MEDIA_MESSAGES.bookCatalogueDown, code: "unavailable" });
    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("<html>busy</html>", { status: 200 }));
    expect((await search("dune")).status).toBe(503);
    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ docs: "not a list" }));
    expect((await search("dune")).status).toBe(503);
  });
});

describe("adding, rating, editing and deleting", () => {
  it("adds a book rated 3.5 and shows it on the shelf and the public page", async () => {
    const person = await signedIn(api);
    const { results } = await (await search("Educated Westover")).json();
    const found = results[0]!;
    const added = await add(person.cookie, { ...found, isbn: found.isbn[0] ?? null, rating: 3.5, notes: "Moving." });
    expect(added.status).toBe(201);
    const book = await added.json();
    expect(book).toMatchObject({
      id: found.id,
      title: "Educated",
      authors: ["Tara Westover"],
      rating: 3.5,
      notes: "Moving.",
      cover_image_url: found.cover_image_url,
    });
    expect(new Date(book.updated_at).toISOString()).toBe(book.updated_at);
    expect(await (await publicBooks(person.userId)).json()).toEqual([book]);
    expect((await shelf(person.cookie)).count).toBe(1);
    expect(await Media.bookSubjects(person.userId)).toContainEqual({ subject: "Memoir", title: "Educated" });
  });

  it("refuses ratings that are not 1 to 5 in half steps (0, 5.5, 1.25) and stores nothing", async () => {
    const person = await signedIn(api);
    for (const rating of [0, 5.5, 1.25, 0.5, 6]) {
      const refused = await add(person.cookie, aBook(1, { rating }));
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).error).toBe(MEDIA_MESSAGES.rating);
    }
    const text = await api.request("POST", "/api/books/add_book", {
      cookie: person.cookie,
      body: { ...aBook(1), rating: "4" },
    });
    expect(text.status).toBe(400);
    expect(await shelf(person.cookie)).toEqual({ books: [], cursor: null, count: 0 });
    for (const rating of [1, 1.5, 5, null])
      expect((await add(person.cookie, aBook(2, { rating }))).status).toBeLessThan(300);
  });

  it("refuses bad books with a clear 400 and changes nothing", async () => {
    const person = await signedIn(api);
    const cases: Array<[Partial<NewBook> | Record<string, unknown>, string]> = [
      [{ id: "not-a-work" }, MEDIA_MESSAGES.bookIdInvalid],
      [{ id: "goodreads-12" }, MEDIA_MESSAGES.bookIdInvalid],
      [{ title: "  " }, MEDIA_MESSAGES.titleMissing],
      [{ title: "t".repeat(501) }, MEDIA_MESSAGES.titleTooLong],
      [{ notes: "n".repeat(NOTES_MAX + 1) }, MEDIA_MESSAGES.notesTooLong],
      [{ isbn: "12345" }, MEDIA_MESSAGES.isbnInvalid],
      [{ authors: Array.from({ length: 21 }, (_, i) => `Author ${i}`) }, MEDIA_MESSAGES.authorsTooMany],
    ];
    for (const [change, message] of cases) {
      const answer = await api.request("POST", "/api/books/add_book", {
        cookie: person.cookie,
        body: { ...aBook(3), ...change },
      });
      expect(answer.status, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect((await errorOf(answer)).error).toBe(message);
    }
    const malformed = await api.request("POST", "/api/books/add_book", {
      cookie: person.cookie,
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect((await shelf(person.cookie)).count).toBe(0);
  });

  it("keeps one book when it is added twice, with the second add's rating and notes", async () => {
    const person = await signedIn(api);
    expect((await add(person.cookie, aBook(4, { rating: 2, notes: "first" }))).status).toBe(201);
    const again = await add(person.cookie, aBook(4, { rating: 4.5, notes: "second" }));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: aBook(4).id, rating: 4.5, notes: "second" });
    const parallel = await Promise.all(Array.from({ length: 10 }, () => add(person.cookie, aBook(5))));
    expect(parallel.filter((r) => r.status === 201)).toHaveLength(1);
    expect(parallel.filter((r) => r.status === 200)).toHaveLength(9);
    const { books, count } = await shelf(person.cookie);
    expect(books.map((b) => b.id).sort()).toEqual([aBook(4).id, aBook(5).id].sort());
    expect(count).toBe(2);
    expect((await Holders.holderCounts("book", [aBook(5).id])).get(aBook(5).id)).toBe(1);
  });

  it("keeps a cover only when it lies under the configured cover service", async () => {
    const person = await signedIn(api);
    const own = `${catalogues().openLibraryCoversUrl}/b/id/8517201-M.jpg`;
    const kept = await (await add(person.cookie, aBook(6, { cover_image_url: own }))).json();
    expect(kept.cover_image_url).toBe(own);
    for (const [n, url] of [
      [7, "https://evil.example/b/id/1-M.jpg"],
      [8, `${catalogues().openLibraryCoversUrl}.evil.example/b/id/1-M.jpg`],
      [9, `${catalogues().openLibraryCoversUrl}/b/id/1-M.jpg"onerror="x`],
      [10, "javascript:alert(1)"],
    ] as const) {
      expect((await (await add(person.cookie, aBook(n, { cover_image_url: url }))).json()).cover_image_url).toBeNull();
    }
  });

  it("edits the rating and notes of a book on the shelf, and answers 404 for one that is not", async () => {
    const person = await signedIn(api);
    await add(person.cookie, aBook(11, { rating: 3 }));
    const patch = (bookId: string, json: { rating?: number | null; notes?: string }) =>
      as(person.cookie).books[":bookId"].$patch({ param: { bookId }, json });
    const edited = await patch(aBook(11).id, { rating: 4.5, notes: "Better the second time." });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      rating: 4.5,
      notes: "Better the second time.",
      title: "A shelf book 11",
    });
    expect(await (await patch(aBook(11).id, { rating: null })).json()).toMatchObject({
      rating: null,
      notes: "Better the second time.",
    });
    for (const rating of [0, 5.5, 1.25]) expect((await patch(aBook(11).id, { rating })).status).toBe(400);
    expect((await patch(aBook(11).id, {})).status).toBe(400);
    expect((await patch(aBook(11).id, { notes: "x".repeat(NOTES_MAX + 1) })).status).toBe(400);
    const missing = await patch(aBook(12).id, { rating: 2 });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).error).toBe(MEDIA_MESSAGES.noSuchBook);
    expect((await shelf(person.cookie)).count).toBe(1);
    expect((await shelf(person.cookie)).books[0]).toMatchObject({ rating: null, notes: "Better the second time." });
  });

  it("deletes a book with its count and holder, and answers 404 the second time", async () => {
    const person = await signedIn(api);
    await add(person.cookie, aBook(13));
    const deleted = await as(person.cookie).books.$delete({ json: { bookId: aBook(13).id } });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ ok: true });
    const again = await as(person.cookie).books.$delete({ json: { bookId: aBook(13).id } });
    expect(again.status).toBe(404);
    expect((await errorOf(again)).error).toBe(MEDIA_MESSAGES.noSuchBook);
    expect(await shelf(person.cookie)).toEqual({ books: [], cursor: null, count: 0 });
    expect((await Holders.holderCounts("book", [aBook(13).id])).has(aBook(13).id)).toBe(false);
    expect((await api.request("DELETE", "/api/books", { cookie: person.cookie, body: {} })).status).toBe(400);
  });

  it("pages the owner's shelf newest first with a cursor and the count", async () => {
    const person = await signedIn(api);
    for (const n of [21, 22, 23]) expect((await add(person.cookie, aBook(n))).status).toBe(201);
    const first = await shelf(person.cookie, { limit: "2" });
    expect(first.books.map((b) => b.id)).toEqual([aBook(23).id, aBook(22).id]);
    expect(first.count).toBe(3);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await shelf(person.cookie, { limit: "2", cursor: first.cursor! });
    expect(second.books.map((b) => b.id)).toEqual([aBook(21).id]);
    for (const query of [{ limit: "0" }, { limit: "101" }, { limit: "x" }, { cursor: "not a cursor!" }]) {
      expect((await as(person.cookie).books.shelf.$get({ query })).status, JSON.stringify(query)).toBe(400);
    }
    // Another person's cursor reads only their own shelf, or is refused: never the first person's books.
    const other = await signedIn(api);
    const theirs = await as(other.cookie).books.shelf.$get({ query: { cursor: first.cursor! } });
    if (theirs.status === 200) expect((await theirs.json()).books).toEqual([]);
    else expect(theirs.status).toBe(400);
  });
});

describe("who may read and write", () => {
  it("needs a session for every write and for the shelf", async () => {
    const anonymous = as();
    expect((await anonymous.books.add_book.$post({ json: aBook(31) })).status).toBe(401);
    expect((await anonymous.books.$delete({ json: { bookId: aBook(31).id } })).status).toBe(401);
    expect(
      (await anonymous.books[":bookId"].$patch({ param: { bookId: aBook(31).id }, json: { rating: 2 } })).status,
    ).toBe(401);
    expect((await anonymous.books.add_from_csv.$post({ json: { parsedBooks: [row(1)] } })).status).toBe(401);
    expect((await anonymous.books.shelf.$get({ query: {} })).status).toBe(401);
  });

  it("never lets one person edit or delete another's book", async () => {
    const owner = await signedIn(api);
    const other = await signedIn(api);
    await add(owner.cookie, aBook(32, { rating: 4, notes: "mine" }));
    const edit = await as(other.cookie).books[":bookId"].$patch({
      param: { bookId: aBook(32).id },
      json: { rating: 1 },
    });
    expect(edit.status).toBe(404);
    expect((await as(other.cookie).books.$delete({ json: { bookId: aBook(32).id } })).status).toBe(404);
    // A body naming the owner changes nothing either: the shelf is always the signed-in person's.
    const named = await api.request("POST", "/api/books/add_book", {
      cookie: other.cookie,
      body: { ...aBook(32, { rating: 1 }), userId: owner.userId },
    });
    expect(named.status).toBe(201);
    expect((await shelf(owner.cookie)).books).toEqual([expect.objectContaining({ rating: 4, notes: "mine" })]);
    expect((await shelf(other.cookie)).books).toEqual([expect.objectContaining({ rating: 1 })]);
  });

  it("answers the public read per the owner's section visibility: empty to others while hidden", async () => {
    const owner = await signedIn(api);
    const visitor = await signedIn(api);
    await add(owner.cookie, aBook(33));
    expect(await (await publicBooks(owner.userId)).json()).toHaveLength(1);
    const order = (await (await as().users.profile_order[":id"].$get({ param: { id: owner.userId } })).json())
      .sectionOrder;
    const hidden = order.map((s) => (s.id === "books" ? { ...s, visible: false } : s));
    expect(
      (await as(owner.cookie).users.profile_order.$post({ json: { userId: owner.userId, sectionOrder: hidden } }))
        .status,
    ).toBe(200);
    expect(await (await publicBooks(owner.userId)).json()).toEqual([]);
    expect(await (await publicBooks(owner.userId, visitor.cookie)).json()).toEqual([]);
    expect(await (await publicBooks(owner.userId, owner.cookie)).json()).toHaveLength(1);
  });

  it("answers at most 50 books on the public read, newest shelved first", async () => {
    const owner = await signedIn(api);
    const rows = Array.from({ length: 60 }, (_, i) =>
      row(100 + i, { dateRead: `2020/01/${String((i % 28) + 1).padStart(2, "0")}` }),
    );
    expect((await importRows(owner.cookie, rows)).status).toBe(200);
    const books = await (await publicBooks(owner.userId)).json();
    expect(books).toHaveLength(50);
    expect((await shelf(owner.cookie)).count).toBe(60);
    expect((await Media.listBooks(owner.userId, 3)).map((b) => b.title)).toHaveLength(3);
    expect(books[0]!.title).toMatch(/Title (127|155)$/);
  });
});

describe("Goodreads import", () => {
  /** One batch with every quirk of a real export. */
  const quirks = () => [
    row(1, {
      title: "Educated",
      author: "Tara Westover",
      isbn: '="0399590501"',
      myRating: "5",
      review: 'Loved it, really. She said "no", then <b>left</b>.<br/><br/>Second paragraph\nwith a new line.',
    }),
    row(2, {
      title: "Project Hail Mary",
      author: "Andy Weir",
      isbn: "9780593135204",
      myRating: "0",
      exclusiveShelf: "read",
    }),
    row(3, { exclusiveShelf: "to-read" }),
    row(4, { exclusiveShelf: "currently-reading" }),
    row(5, { isbn: '=""', myRating: "4" }),
    // An ISBN the catalogue does not know: no cover either (a link to none would fail to load).
    row(6, { review: "r".repeat(NOTES_MAX + 500), isbn: '="9780000000002"' }),
    row(7, { myRating: "7" }),
    { title: "", idGoodreads: "8", exclusiveShelf: "read" },
    row(9, { dateRead: "last tuesday" }),
    "not a row at all",
    row(11, { title: "The Midnight Library", author: "Matt Haig", isbn: "" }),
  ];

  it("imports a batch with every quirk, answering per row, a bad row failing alone", async () => {
    const person = await signedIn(api);
    const answer = await importRows(person.cookie, quirks());
    expect(answer.status).toBe(200);
    const { results, count } = await answer.json();
    const by = (index: number) => results.find((r) => r.index === index)!;
    expect(results).toHaveLength(11);
    expect(by(0)).toMatchObject({ status: "imported", title: "Educated" });
    expect(by(0).bookId).toMatch(/^OL\d+W$/);
    expect(by(1)).toMatchObject({ status: "imported" });
    expect(by(1).bookId).toMatch(/^OL\d+W$/);
    expect(by(2)).toMatchObject({ status: "skipped", reason: MEDIA_MESSAGES.notOnReadShelf });
    expect(by(3)).toMatchObject({ status: "skipped", reason: MEDIA_MESSAGES.notOnReadShelf });
    expect(by(4)).toMatchObject({ status: "imported", bookId: "goodreads-5000005" });
    expect(by(5)).toMatchObject({ status: "imported", reason: MEDIA_MESSAGES.notesShortened });
    expect(by(6)).toMatchObject({ status: "failed", reason: MEDIA_MESSAGES.rating });
    expect(by(7)).toMatchObject({ status: "failed", reason: "title is required" });
    expect(by(8)).toMatchObject({ status: "failed" });
    expect(by(8).reason).toMatch(/dateRead/);
    expect(by(9)).toMatchObject({ status: "failed", reason: "each row must be an object" });
    expect(by(10)).toMatchObject({ status: "imported" });
    expect(by(10).bookId).toMatch(/^OL\d+W$/);
    expect(count).toBe(5);

    const books = (await shelf(person.cookie)).books;
    const educated = books.find((b) => b.id === by(0).bookId)!;
    expect(educated).toMatchObject({ rating: 5, isbn: ["0399590501"] });
    expect(educated.notes).toBe('Loved it, really. She said "no", then left.\n\nSecond paragraph\nwith a new line.');
    expect(educated.cover_image_url).toMatch(/\/b\/id\/\d+-M\.jpg$/);
    expect(books.find((b) => b.id === by(1).bookId)!.rating).toBeNull();
    const unmatched = books.find((b) => b.id === "goodreads-5000005")!;
    expect(unmatched).toMatchObject({ title: "Unfindable Zqx Title 5", rating: 4, isbn: [], cover_image_url: null });
    expect(books.find((b) => b.id === "goodreads-5000006")).toMatchObject({
      isbn: ["9780000000002"],
      cover_image_url: null,
    });
    expect(books.find((b) => b.id === "goodreads-5000006")!.notes).toHaveLength(NOTES_MAX);
    // Matched rows bring the catalogue's subjects for topic suggestions.
    expect(await Media.bookSubjects(person.userId)).toContainEqual({ subject: "Memoir", title: "Educated" });
  });

  it("reads a date read Goodreads kept to the year or the month as its first day, as the page does", async () => {
    const person = await signedIn(api);
    const rows = [row(61, { dateRead: "2019" }), row(62, { dateRead: "2021/03" }), row(63, { dateRead: "2020-06-15" })];
    const { results } = await (await importRows(person.cookie, rows)).json();
    expect(results.map((r) => r.status)).toEqual(["imported", "imported", "imported"]);
    const shelvedAt = async (n: number) =>
      (await BookEntity.get({ userId: person.userId, bookId: `goodreads-${5_000_000 + n}` }).go()).data?.shelvedAt;
    expect(await shelvedAt(61)).toBe(Date.UTC(2019, 0, 1));
    expect(await shelvedAt(62)).toBe(Date.UTC(2021, 2, 1));
    expect(await shelvedAt(63)).toBe(Date.UTC(2020, 5, 15));
    // The shelf is newest shelved first.
    expect((await shelf(person.cookie)).books.map((b) => b.id)).toEqual([
      "goodreads-5000062",
      "goodreads-5000063",
      "goodreads-5000061",
    ]);
  });

  it("takes rows as the page's parser types them: author lists, number ratings, null cells, ISO dates", async () => {
    const person = await signedIn(api);
    const typed = {
      title: "Typed Row Zqx",
      idGoodreads: "5000777",
      author: "First Author",
      additionalAuthors: ["Second Author", "Third Author"],
      isbn: null,
      myRating: 4,
      dateRead: "2021-03-04",
      publicationDate: null,
      exclusiveShelf: "read",
      review: "",
    };
    const { results } = await (
      await importRows(person.cookie, [typed, { ...typed, idGoodreads: "5000778", myRating: null }])
    ).json();
    expect(results.map((r) => r.status)).toEqual(["imported", "imported"]);
    const books = (await shelf(person.cookie)).books;
    expect(books.find((b) => b.id === "goodreads-5000777")).toMatchObject({
      authors: ["First Author", "Second Author", "Third Author"],
      rating: 4,
      publication_date: null,
    });
    expect(books.find((b) => b.id === "goodreads-5000778")!.rating).toBeNull();
  });

  it("adds nothing on a re-import and updates the ratings", async () => {
    const person = await signedIn(api);
    await importRows(person.cookie, quirks());
    const before = await shelf(person.cookie);
    const changed = quirks().map((r) =>
      typeof r === "object" && r.idGoodreads === "5000001" ? { ...r, myRating: "2", review: "" } : r,
    );
    const { results, count } = await (await importRows(person.cookie, changed)).json();
    expect(count).toBe(before.count);
    expect(results.filter((r) => r.status === "imported")).toEqual([]);
    expect(results.filter((r) => r.status === "updated")).toHaveLength(5);
    const after = await shelf(person.cookie);
    expect(after.books.map((b) => b.id).sort()).toEqual(before.books.map((b) => b.id).sort());
    const educated = after.books.find((b) => b.title === "Educated")!;
    expect(educated.rating).toBe(2);
    // An empty review keeps the notes the book has.
    expect(educated.notes).toMatch(/^Loved it/);
  });

  it("updates a book an earlier import stored unmatched rather than adding its catalogue twin", async () => {
    const person = await signedIn(api);
    const educated = row(40, { title: "Educated", author: "Tara Westover", isbn: "0399590501" });
    await BookEntity.create({
      userId: person.userId,
      bookId: "goodreads-5000040",
      title: "Educated",
      authors: ["Tara Westover"],
      isbn: [],
      notes: "",
      subjects: [],
      shelvedAt: 1,
      addedAt: 1,
      updatedAt: 1,
    }).go();
    await ShelfCountsEntity.put({ userId: person.userId, books: 1 }).go();
    const { results, count } = await (await importRows(person.cookie, [{ ...educated, myRating: "4" }])).json();
    expect(results[0]).toMatchObject({ status: "updated", bookId: "goodreads-5000040" });
    expect(count).toBe(1);
  });

  it("answers within the API's time when the catalogue is slow: rows it could not match in time fail, and import on a second try", async () => {
    const person = await signedIn(api);
    const realFetch = globalThis.fetch;
    let slowed = false;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      // The first look-up takes the whole budget (the clock moves past it while it runs).
      if (!slowed) {
        slowed = true;
        travel(IMPORT_MATCH_BUDGET_MS + 1000);
      }
      return realFetch(input, init);
    });
    const rows = Array.from({ length: 20 }, (_, i) => row(600 + i));
    const first = await (await importRows(person.cookie, rows)).json();
    const late = first.results.filter((r) => r.status === "failed");
    expect(late.length).toBeGreaterThan(0);
    for (const r of late) expect(r.reason).toBe(MEDIA_MESSAGES.catalogueTooSlow);
    expect(first.count).toBe(20 - late.length);
    vi.restoreAllMocks();
    vi.useRealTimers();
    const second = await (await importRows(person.cookie, rows)).json();
    expect(second.results.filter((r) => r.status === "imported")).toHaveLength(late.length);
    expect(second.count).toBe(20);
  });

  it("refuses an empty batch, more than 100 rows or rows that are not a list, with 400", async () => {
    const person = await signedIn(api);
    const bad = [
      { parsedBooks: [] },
      { parsedBooks: Array.from({ length: 101 }, (_, i) => row(i)) },
      { parsedBooks: "x" },
      {},
    ];
    for (const body of bad) {
      const answer = await api.request("POST", "/api/books/add_from_csv", { cookie: person.cookie, body });
      expect(answer.status).toBe(400);
    }
    expect((await shelf(person.cookie)).count).toBe(0);
  });

  it("fails a matched row with the catalogue's message when it is down, rather than storing it under a made-up id", async () => {
    const person = await signedIn(api);
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("fetch failed"));
    const { results, count } = await (await importRows(person.cookie, [row(50)])).json();
    expect(results[0]).toMatchObject({ status: "failed", reason: MEDIA_MESSAGES.bookCatalogueDown });
    expect(count).toBe(0);
  });
});

describe("the shelf's cap under parallel requests", () => {
  it("keeps exactly 5,000 books when 30 adds arrive at once near the cap", async () => {
    const person = await signedIn(api);
    await ShelfCountsEntity.put({ userId: person.userId, books: BOOKS_MAX - 5 }).go();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => add(person.cookie, aBook(200 + i))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => (a.status as number) === 400);
    expect(refused).toHaveLength(25);
    expect(await errorOf(refused[0]!)).toEqual({ error: MEDIA_MESSAGES.booksFull, code: "limit_reached" });
    expect((await shelf(person.cookie)).count).toBe(BOOKS_MAX);
    const stored = await BookEntity.query.byUser({ userId: person.userId }).go({ pages: "all" });
    expect(stored.data).toHaveLength(5);
    const holders = await Holders.holderCounts(
      "book",
      stored.data.map((b) => b.bookId),
    );
    expect([...holders.values()]).toEqual([1, 1, 1, 1, 1]);
  });

  it("keeps exactly 5,000 books when 30 imports arrive at once near the cap", async () => {
    const person = await signedIn(api);
    await ShelfCountsEntity.put({ userId: person.userId, books: BOOKS_MAX - 7 }).go();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        importRows(person.cookie, [row(300 + 3 * i), row(301 + 3 * i), row(302 + 3 * i)]).then((r) => r.json()),
      ),
    );
    const results = answers.flatMap((a) => a.results);
    expect(results.filter((r) => r.status === "imported")).toHaveLength(7);
    const full = results.filter((r) => r.status === "failed");
    expect(full).toHaveLength(83);
    for (const r of full) expect(r.reason).toBe(MEDIA_MESSAGES.booksFull);
    expect((await shelf(person.cookie)).count).toBe(BOOKS_MAX);
    const stored = await BookEntity.query.byUser({ userId: person.userId }).go({ pages: "all" });
    expect(stored.data).toHaveLength(7);
  });

  it("imports the same rows 30 times at once as one copy of each", async () => {
    const person = await signedIn(api);
    const rows = [row(400), row(401), row(402)];
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => importRows(person.cookie, rows).then((r) => r.json())),
    );
    const results = answers.flatMap((a) => a.results);
    expect(results.filter((r) => r.status === "imported")).toHaveLength(3);
    expect(results.filter((r) => r.status === "updated")).toHaveLength(87);
    expect((await shelf(person.cookie)).count).toBe(3);
    const holders = await Holders.holderCounts("book", ["goodreads-5000400", "goodreads-5000401", "goodreads-5000402"]);
    expect([...holders.values()]).toEqual([1, 1, 1]);
  });
});

describe("a busy database", () => {
  afterEach(() => {
    api.runtime.dynamoFaults.clear();
  });

  it("tries a throttled add again, and answers 503 with nothing written while the throttle lasts", async () => {
    const person = await signedIn(api);
    const brief = api.runtime.dynamoFaults.inject({
      operation: "TransactWriteItems",
      error: "ThrottlingException",
      times: 4,
    });
    expect((await add(person.cookie, aBook(700))).status).toBe(201);
    expect(brief.hits).toBe(4);
    api.runtime.dynamoFaults.inject({ operation: "TransactWriteItems", error: "ThrottlingException" });
    const busy = await add(person.cookie, aBook(701));
    expect(busy.status).toBe(503);
    expect((await errorOf(busy)).code).toBe("unavailable");
    api.runtime.dynamoFaults.clear();
    expect((await shelf(person.cookie)).books.map((b) => b.id)).toEqual([aBook(700).id]);
    expect((await shelf(person.cookie)).count).toBe(1);
  });
});

describe("holders and account deletion", () => {
  it("counts the people holding a book, and deleting an account removes its shelf and its share", async () => {
    const stays = await signedIn(api);
    const leaves = await signedIn(api);
    const shared = aBook(500);
    await add(stays.cookie, shared);
    await add(leaves.cookie, shared);
    await add(leaves.cookie, aBook(501));
    await importRows(leaves.cookie, [row(502), row(503)]);
    expect((await Holders.holderCounts("book", [shared.id])).get(shared.id)).toBe(2);
    expect(await Media.shelfIds(leaves.userId, "book")).toHaveLength(4);

    const deleted = await api
      .client({ cookie: leaves.cookie, address: uniqueAddress() })
      .users.delete.$post({ json: { password: leaves.password } });
    expect(deleted.status).toBe(200);
    await expect
      .poll(() => Accounts.deletionProgress(leaves.userId), { timeout: 30_000, interval: 100 })
      .toBeUndefined();
    expect(await Media.shelfIds(leaves.userId, "book")).toEqual([]);
    expect(await ShelfCountsEntity.get({ userId: leaves.userId }).go()).toEqual({ data: null });
    const holders = await Holders.holderCounts("book", [shared.id, aBook(501).id, "goodreads-5000502"]);
    expect(holders.get(shared.id)).toBe(1);
    expect(holders.has(aBook(501).id)).toBe(false);
    expect(holders.has("goodreads-5000502")).toBe(false);
    // Idempotent: a second run finds nothing and takes no holder down again.
    await Media.purgeAccount(leaves.userId);
    expect((await Holders.holderCounts("book", [shared.id])).get(shared.id)).toBe(1);
    expect(await Media.shelfIds(stays.userId, "book")).toEqual([{ id: shared.id, title: shared.title }]);
  });
});

describe("random and malformed input", () => {
  const value = fc.oneof(
    fc.string(),
    fc.string({ minLength: 600, maxLength: 3000 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string()),
    fc.object(),
    fc.constantFrom("OL1W", '="0525509283"', "read", "to-read", "2020/01/01", "__proto__", "\u0000", "💥".repeat(40)),
  );
  const bookFields = [
    "id",
    "rating",
    "notes",
    "title",
    "authors",
    "isbn",
    "publication_date",
    "cover_image_url",
    "subjects",
  ];
  const rowFields = [
    "title",
    "idGoodreads",
    "author",
    "isbn",
    "myRating",
    "dateRead",
    "publicationDate",
    "exclusiveShelf",
    "review",
  ];
  const record = (fields: string[]) => fc.dictionary(fc.constantFrom(...fields), value);

  it("never answers 5xx on the media routes, and a bad import row never fails the batch", async () => {
    const person = await signedIn(api);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          record(bookFields).map((body) => ["POST", "/api/books/add_book", body] as const),
          record(["rating", "notes"]).map((body) => ["PATCH", "/api/books/OL900001W", body] as const),
          fc
            .array(fc.oneof(record(rowFields), value), { minLength: 1, maxLength: 5 })
            .map((rows) => ["POST", "/api/books/add_from_csv", { parsedBooks: rows }] as const),
          fc.jsonValue().map((body) => ["POST", "/api/books/add_from_csv", body] as const),
          record(["tmdb_id", "title", "rating", "notes", "poster_path", "release_date"]).map(
            (body) => ["POST", "/api/movies/add-movie", body] as const,
          ),
          fc
            .array(fc.oneof(record(["name", "year", "rating", "date", "letterboxdUri"]), value), { maxLength: 3 })
            .map((rows) => ["POST", "/api/movies/add_from_csv", { parsedMovies: rows }] as const),
          fc.jsonValue().map((body) => ["DELETE", "/api/books", body] as const),
        ),
        async ([method, path, body]) => {
          const response = await api.request(method, path, { cookie: person.cookie, body });
          expect(response.status, `${method} ${path} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
          if (path.endsWith("add_from_csv") && response.status === 200) {
            const { results } = (await response.json()) as { results: unknown[] };
            const rows = body as { parsedBooks?: unknown[]; parsedMovies?: unknown[] };
            expect(results).toHaveLength((rows.parsedBooks ?? rows.parsedMovies)!.length);
          }
        },
      ),
      { numRuns: propertyRuns(150) },
    );
  });
});
