import { describe, expect, it } from "vitest";
import { bookCatalogue } from "./catalogue.ts";
import { openLibraryApp, openLibraryCoversApp } from "./index.ts";
import { isbn10, isbn13 } from "./isbn.ts";

const search = openLibraryApp();
const covers = openLibraryCoversApp();
/** The fields graph's client asks for. */
const FIELDS = "key,title,author_name,isbn,first_publish_year,cover_i,subject";

interface Doc {
  key: string;
  title: string;
  author_name?: string[];
  isbn?: string[];
  first_publish_year?: number;
  cover_i?: number;
  subject?: string[];
}
interface Answer {
  numFound: number;
  start: number;
  docs: Doc[];
}

async function find(params: Record<string, string>): Promise<Answer> {
  const res = await search.request(`/search.json?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as Answer;
}
const titles = (answer: Answer) => answer.docs.map((d) => d.title);

describe("the Open Library stand-in's search.json", () => {
  it("answers in Open Library's shape, with only the fields asked for", async () => {
    const answer = await find({ q: "the midnight library", limit: "10", fields: FIELDS });
    expect(answer).toMatchObject({ numFound: expect.any(Number), start: 0 });
    const [first] = answer.docs;
    expect(first).toEqual({
      key: expect.stringMatching(/^\/works\/OL\d+W$/),
      title: "The Midnight Library",
      author_name: ["Matt Haig"],
      isbn: expect.arrayContaining(["9780525559474", "0525559477"]),
      first_publish_year: 2020,
      cover_i: expect.any(Number),
      subject: expect.arrayContaining(["Fiction"]),
    });
    expect(Object.keys(first!).sort()).toEqual(FIELDS.split(",").sort());
  });

  it("gives every field without `fields`, and only the named ones with it", async () => {
    const all = await find({ q: "dune" });
    expect(all.docs[0]).toMatchObject({ type: "work", edition_count: expect.any(Number) });
    const some = await find({ q: "dune", fields: "key,title" });
    expect(Object.keys(some.docs[0]!).sort()).toEqual(["key", "title"]);
  });

  it("holds to the limit, counting every match in numFound, and pages with offset", async () => {
    const first = await find({ q: "fiction", limit: "10", fields: FIELDS });
    expect(first.docs).toHaveLength(10);
    expect(first.numFound).toBeGreaterThan(10);
    const second = await find({ q: "fiction", limit: "10", offset: "10", fields: "key" });
    expect(second.start).toBe(10);
    expect(second.docs.map((d) => d.key)).not.toContain(first.docs[0]!.key);
    expect((await find({ q: "fiction", limit: "1000" })).docs).toHaveLength(first.numFound);
  });

  it("finds a book by ISBN-13 or ISBN-10, hyphens or not, with q=isbn:", async () => {
    for (const isbn of ["9780399590504", "0399590501", "978-0-399-59050-4"]) {
      expect(titles(await find({ q: `isbn:${isbn}`, fields: FIELDS }))).toEqual(["Educated"]);
    }
    expect(titles(await find({ q: "isbn:9780593135204" }))).toEqual(["Project Hail Mary"]);
    expect(titles(await find({ q: "isbn:0525559477" }))).toEqual(["The Midnight Library"]);
    expect(titles(await find({ q: "isbn:9780735219090" }))).toEqual(["Where the Crawdads Sing"]);
    expect((await find({ q: "isbn:9780000000002" })).numFound).toBe(0);
  });

  it("matches loosely: case, accents, punctuation, apostrophes and word order do not matter", async () => {
    expect(titles(await find({ q: "PROJECT hail MARY" }))[0]).toBe("Project Hail Mary");
    expect(titles(await find({ q: "hail mary project" }))[0]).toBe("Project Hail Mary");
    expect(titles(await find({ q: "where the crawdads sing!" }))[0]).toBe("Where the Crawdads Sing");
    expect(titles(await find({ q: "enders game" }))[0]).toBe("Ender's Game");
    expect(titles(await find({ q: "les miserables" }))[0]).toBe("Les Misérables");
    expect(titles(await find({ q: "Cien Años de Soledad" }))[0]).toBe("Cien años de soledad");
    expect(titles(await find({ q: "gabriel garcia marquez" }))).toContain("One Hundred Years of Solitude");
    // Leaving out a little word ("the", "and") still finds the book.
    expect(titles(await find({ q: "lord of rings" }))[0]).toBe("The Lord of the Rings");
    // A word's start is enough while typing.
    expect(titles(await find({ q: "midnight libr" }))[0]).toBe("The Midnight Library");
  });

  it("finds titles in scripts written without spaces", async () => {
    expect(titles(await find({ q: "三体" }))).toContain("三体");
    expect(titles(await find({ q: "村上春樹" }))).toContain("ノルウェイの森");
  });

  it("ranks the exact title first, ahead of titles that only hold its words", async () => {
    expect(titles(await find({ q: "dune" }))[0]).toBe("Dune");
    expect(titles(await find({ q: "it" }))[0]).toBe("It");
    const road = titles(await find({ q: "the road" }));
    expect(road[0]).toBe("The Road");
    expect(titles(await find({ q: "pride and prejudice" }))[0]).toBe("Pride and Prejudice");
    expect(titles(await find({ q: "harry potter" })).slice(0, 7)).toEqual(
      expect.arrayContaining(["Harry Potter and the Philosopher's Stone", "Harry Potter and the Deathly Hallows"]),
    );
  });

  it("takes title= and author= as Open Library does, alone or with q", async () => {
    expect(titles(await find({ title: "dune", author: "herbert" }))).toEqual(["Dune"]);
    expect(titles(await find({ author: "tolkien" }))).toEqual(
      expect.arrayContaining(["The Hobbit", "The Lord of the Rings", "The Silmarillion"]),
    );
    expect(titles(await find({ q: "title:educated author:westover" }))).toEqual(["Educated"]);
    // title= searches titles only: the author's name finds nothing there.
    expect((await find({ title: "westover" })).numFound).toBe(0);
  });

  it("answers no docs for an empty query or a query nothing matches", async () => {
    expect(await find({ q: "" })).toMatchObject({ numFound: 0, docs: [] });
    expect(await find({ q: "   " })).toMatchObject({ numFound: 0, docs: [] });
    expect(await find({ q: "zzxqv qqqzx" })).toMatchObject({ numFound: 0, docs: [] });
  });
});

describe("the Open Library stand-in's covers", () => {
  const dune = bookCatalogue().books.find((b) => b.title === "Dune")!;

  it("serves a JPEG for each size of a cover id, cached for a long time, larger for L than S", async () => {
    const sizes: number[] = [];
    for (const size of ["S", "M", "L"]) {
      const res = await covers.request(`/b/id/${dune.cover}-${size}.jpg`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(res.headers.get("cache-control")).toMatch(/max-age=31536000/);
      const bytes = new Uint8Array(await res.arrayBuffer());
      // JPEG's start-of-image marker.
      expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      sizes.push(bytes.length);
    }
    expect(sizes[2]).toBeGreaterThan(sizes[0]!);
  });

  it("serves a cover by ISBN, either form", async () => {
    for (const isbn of ["9780399590504", "0399590501"]) {
      const res = await covers.request(`/b/isbn/${isbn}-M.jpg?default=false`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
    }
  });

  it("answers a cover it lacks with a blank image, or 404 with default=false", async () => {
    const blank = await covers.request("/b/id/1-M.jpg");
    expect(blank.status).toBe(200);
    expect(blank.headers.get("content-type")).toBe("image/gif");
    expect((await covers.request("/b/id/1-M.jpg?default=false")).status).toBe(404);
    expect((await covers.request("/b/isbn/9780000000002-M.jpg?default=false")).status).toBe(404);
    expect((await covers.request(`/b/id/${dune.cover}-X.jpg?default=false`)).status).toBe(404);
    // A book the catalogue holds without a cover, as Open Library holds many.
    const noCover = bookCatalogue().books.find((b) => b.cover === undefined && b.allIsbns.length > 0)!;
    expect((await covers.request(`/b/isbn/${noCover.allIsbns[0]}-M.jpg?default=false`)).status).toBe(404);
    const doc = (await find({ q: `isbn:${noCover.allIsbns[0]}`, fields: FIELDS })).docs[0]!;
    expect(doc.title).toBe(noCover.title);
    expect(doc).not.toHaveProperty("cover_i");
  });
});

describe("the shipped book catalogue", () => {
  const { books } = bookCatalogue();

  it("holds a few hundred books, each with a work key, authors, a year, subjects and valid ISBNs in both forms", () => {
    expect(books.length).toBeGreaterThanOrEqual(300);
    expect(new Set(books.map((b) => b.key)).size).toBe(books.length);
    expect(new Set(books.map((b) => b.cover).filter(Boolean)).size).toBe(books.filter((b) => b.cover).length);
    for (const b of books) {
      expect(b.key).toMatch(/^OL\d+W$/);
      expect(b.title.trim()).toBe(b.title);
      expect(b.authors.length).toBeGreaterThan(0);
      expect(Number.isInteger(b.year)).toBe(true);
      expect(b.subjects.length).toBeGreaterThan(0);
      for (const isbn of b.isbn) expect(isbn13(isbn) ?? isbn, `${b.title}: ${isbn}`).toMatch(/^97[89]\d{10}$/);
    }
    const withBoth = books.filter((b) => b.isbn.some((i) => i.length === 10) && b.isbn.some((i) => i.length === 13));
    expect(withBoth.length).toBeGreaterThan(books.length * 0.9);
  });

  it("holds the books the browser tests use, under their ISBNs", () => {
    const byTitle = (title: string) => books.find((b) => b.title === title);
    expect(byTitle("Educated")).toMatchObject({ authors: ["Tara Westover"] });
    expect(byTitle("Educated")!.isbn).toEqual(expect.arrayContaining(["9780399590504", "0399590501"]));
    expect(byTitle("The Midnight Library")!.isbn).toEqual(expect.arrayContaining(["9780525559474", "0525559477"]));
    expect(byTitle("Project Hail Mary")!.isbn).toEqual(expect.arrayContaining(["9780593135204", "0593135202"]));
    expect(byTitle("Where the Crawdads Sing")!.isbn).toContain("9780735219090");
    expect(byTitle("Dune")).toMatchObject({ authors: ["Frank Herbert"], year: 1965 });
    expect(byTitle("Pride and Prejudice")).toMatchObject({ authors: ["Jane Austen"] });
  });

  it("converts ISBNs between their forms", () => {
    expect(isbn10("9780399590504")).toBe("0399590501");
    expect(isbn13("0399590501")).toBe("9780399590504");
    expect(isbn10("9780316769174")).toBe("0316769177");
    expect(isbn10("9780756404741")).toBe("0756404746");
    expect(isbn13("059035342X")).toBe("9780590353427");
    expect(isbn10("9798707893094")).toBeUndefined();
    expect(isbn13("not an isbn")).toBeUndefined();
  });
});
