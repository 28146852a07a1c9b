import { describe, expect, it } from "vitest";
import {
  authorNames,
  cellText,
  cleanIsbn,
  cut,
  dayOf,
  exportIsbn,
  goodreadsRating,
  isBookId,
  isIsbn,
  isRating,
  letterboxdRating,
  looseText,
  oneLine,
  parseExportDate,
  reviewToNotes,
  sameTitle,
  shorten,
} from "./rules.ts";
import { ImportedBookRow, ImportedMovieRow, rowIssue } from "./schemas.ts";

describe("ratings", () => {
  it("takes 1 to 5 in half steps and nothing else", () => {
    for (const r of [1, 1.5, 2, 3.5, 4.5, 5]) expect(isRating(r)).toBe(true);
    for (const r of [0, 0.5, 5.5, 1.25, -1, Number.NaN, Infinity, 6]) expect(isRating(r)).toBe(false);
  });

  it("reads Goodreads' 0 as unrated and refuses what is no rating", () => {
    expect(goodreadsRating("0")).toBeNull();
    expect(goodreadsRating(0)).toBeNull();
    expect(goodreadsRating("")).toBeNull();
    expect(goodreadsRating(undefined)).toBeNull();
    expect(goodreadsRating("4")).toBe(4);
    expect(goodreadsRating(" 3 ")).toBe(3);
    expect(goodreadsRating("7")).toBe("invalid");
    expect(goodreadsRating("four")).toBe("invalid");
  });

  it("puts Letterboxd's half star on graph's scale of 1 to 5", () => {
    expect(letterboxdRating("0.5")).toBe(1);
    expect(letterboxdRating("3.5")).toBe(3.5);
    expect(letterboxdRating("")).toBeNull();
    expect(letterboxdRating("5.5")).toBe("invalid");
  });
});

describe("ISBNs", () => {
  it("cleans Goodreads' spreadsheet quoting, hyphens and spaces (again, after the browser)", () => {
    expect(cleanIsbn('="0525509283"')).toBe("0525509283");
    expect(cleanIsbn('="9780525509288"')).toBe("9780525509288");
    expect(cleanIsbn("0525509283")).toBe("0525509283");
    expect(cleanIsbn("978-0-525-50928-8")).toBe("9780525509288");
    expect(cleanIsbn('=""')).toBeNull();
    expect(cleanIsbn("")).toBeNull();
    expect(cleanIsbn(null)).toBeNull();
    expect(cleanIsbn("080442957x")).toBe("080442957X");
  });

  it("knows an ISBN-10 or ISBN-13 by its shape", () => {
    expect(isIsbn("0525509283")).toBe(true);
    expect(isIsbn("080442957X")).toBe(true);
    expect(isIsbn("9780525509288")).toBe(true);
    expect(isIsbn("12345")).toBe(false);
    expect(isIsbn("97805255092X8")).toBe(false);
  });
});

describe("book ids", () => {
  it("are Open Library works or editions, or unmatched Goodreads books", () => {
    expect(isBookId("OL123W")).toBe(true);
    expect(isBookId("OL45M")).toBe(true);
    expect(isBookId("goodreads-12345")).toBe(true);
    for (const id of ["", "OL123", "/works/OL1W", "goodreads-", "goodreads-12a", "OL1W#x"])
      expect(isBookId(id)).toBe(false);
  });
});

describe("reviews as notes", () => {
  it("keeps line breaks, drops tags and decodes entities, so markup never reaches the page", () => {
    expect(reviewToNotes("Loved it.<br/><br/>Would <i>read</i> again &amp; again")).toBe(
      "Loved it.\n\nWould read again & again",
    );
    expect(reviewToNotes('Said "hi", then left<br />\r\nbye')).toBe('Said "hi", then left\n\nbye');
    expect(reviewToNotes("<script>alert(1)</script>ok")).toBe("alert(1)ok");
    expect(reviewToNotes("")).toBe("");
    expect(reviewToNotes(null)).toBe("");
  });

  it("shortens with an ellipsis at the limit", () => {
    expect(shorten("abcdef", 4)).toBe("abc…");
    expect(shorten("abc", 4)).toBe("abc");
    expect(shorten("x".repeat(3000), 2000)).toHaveLength(2000);
  });
});

describe("export dates", () => {
  it("reads Goodreads' yyyy/mm/dd and Letterboxd's yyyy-mm-dd as UTC midnight", () => {
    expect(parseExportDate("2023/04/01")).toBe(Date.UTC(2023, 3, 1));
    expect(parseExportDate("1999-12-31")).toBe(Date.UTC(1999, 11, 31));
    expect(parseExportDate("")).toBeNull();
    expect(parseExportDate(undefined)).toBeNull();
    expect(parseExportDate("2023/02/30")).toBe("invalid");
    expect(parseExportDate("yesterday")).toBe("invalid");
  });
});

describe("loose matching", () => {
  it("ignores case, accents and punctuation", () => {
    expect(looseText("Amélie!")).toBe(looseText("amelie"));
    expect(looseText("Pride & Prejudice")).toBe("pride and prejudice");
  });

  it("matches a Goodreads title with its series or subtitle to the catalogue's", () => {
    expect(sameTitle("Dune (Dune, #1)", "Dune")).toBe(true);
    expect(sameTitle("Sapiens: A Brief History of Humankind", "Sapiens")).toBe(true);
    expect(sameTitle("Dune Messiah", "Dune")).toBe(false);
  });
});

describe("import rows", () => {
  const row = {
    title: "Dune",
    idGoodreads: "234225",
    author: "Frank Herbert",
    isbn: "",
    myRating: "0",
    dateRead: "",
    publicationDate: "1965",
    exclusiveShelf: "read",
  };

  it("take numbers where a parser typed them and empty cells as empty", () => {
    const parsed = ImportedBookRow.parse({ ...row, idGoodreads: 234225, myRating: 4, isbn: null });
    expect(parsed).toMatchObject({ idGoodreads: "234225", myRating: "4", isbn: "", review: "" });
  });

  it("take additional authors as Goodreads' comma-separated cell or as a list", () => {
    expect(ImportedBookRow.parse({ ...row, additionalAuthors: "A One, B Two" }).additionalAuthors).toEqual([
      "A One",
      "B Two",
    ]);
    expect(ImportedBookRow.parse({ ...row, additionalAuthors: ["A One", " "] }).additionalAuthors).toEqual(["A One"]);
    expect(ImportedBookRow.parse({ ...row, additionalAuthors: [] }).additionalAuthors).toEqual([]);
    expect(ImportedBookRow.parse(row).additionalAuthors).toEqual([]);
    expect(ImportedBookRow.safeParse({ ...row, additionalAuthors: [1] }).success).toBe(false);
  });

  it("fail with the field and what is wrong with it", () => {
    const missing = ImportedBookRow.safeParse({ ...row, title: "  " });
    expect(missing.success).toBe(false);
    expect(rowIssue(missing.error!)).toBe("title is required");
    const badId = ImportedBookRow.safeParse({ ...row, idGoodreads: "abc" });
    expect(rowIssue(badId.error!)).toMatch(/^idGoodreads/);
    const long = ImportedBookRow.safeParse({ ...row, title: "x".repeat(501) });
    expect(rowIssue(long.error!)).toBe("title is longer than 500 characters");
    expect(ImportedBookRow.safeParse("not a row").success).toBe(false);
  });

  it("take Letterboxd's rows", () => {
    expect(
      ImportedMovieRow.parse({
        name: "Heat",
        year: "1995",
        letterboxdUri: "https://boxd.it/2b0k",
        rating: "4.5",
        date: "2024-01-02",
      }),
    ).toMatchObject({ name: "Heat", year: "1995" });
    expect(ImportedMovieRow.safeParse({ name: "Heat", year: "95" }).success).toBe(false);
    expect(ImportedMovieRow.safeParse({ name: "Heat", letterboxdUri: "javascript:alert(1)" }).success).toBe(false);
  });
});

/**
 * The rules a row of a real export is read by, in the browser (web/src/features/media) and on the
 * server alike: each quirk as Goodreads and Letterboxd write it.
 */
describe("a real export's cells", () => {
  it("reads Goodreads' date read kept to the year or the month as its first day", () => {
    expect(parseExportDate("2019")).toBe(Date.UTC(2019, 0, 1));
    expect(parseExportDate("2019/03")).toBe(Date.UTC(2019, 2, 1));
    expect(parseExportDate("2019/3")).toBe(Date.UTC(2019, 2, 1));
    expect(parseExportDate("2019/03/14")).toBe(Date.UTC(2019, 2, 14));
    expect(parseExportDate("2019/3/4")).toBe(Date.UTC(2019, 2, 4));
    expect(parseExportDate(" 2019-03-14 ")).toBe(Date.UTC(2019, 2, 14));
    expect(dayOf(parseExportDate("2019") as number)).toBe("2019-01-01");
    expect(dayOf(parseExportDate("2019/03") as number)).toBe("2019-03-01");
  });

  it("refuses what is no date: impossible days and months, years before 1900, other shapes", () => {
    for (const raw of ["2019/02/30", "2019/13", "2019/13/01", "2019/00", "1899", "19", "03/14/2019", "2019/03/14/1"])
      expect(parseExportDate(raw), raw).toBe("invalid");
    expect(parseExportDate("   ")).toBeNull();
  });

  it("takes Goodreads' 0 and an empty rating as unrated, and whole stars only", () => {
    expect(goodreadsRating("0")).toBeNull();
    expect(goodreadsRating("")).toBeNull();
    expect(goodreadsRating(" ")).toBeNull();
    expect(goodreadsRating(null)).toBeNull();
    for (const stars of [1, 2, 3, 4, 5]) expect(goodreadsRating(String(stars))).toBe(stars);
    expect(goodreadsRating(5)).toBe(5);
    expect(goodreadsRating("3.5")).toBe("invalid");
    expect(goodreadsRating("6")).toBe("invalid");
    expect(goodreadsRating("-1")).toBe("invalid");
  });

  it("keeps Letterboxd's half stars, with half a star as one and an empty rating as unrated", () => {
    expect(letterboxdRating("4.5")).toBe(4.5);
    expect(letterboxdRating("0.5")).toBe(1);
    expect(letterboxdRating("")).toBeNull();
    expect(letterboxdRating("3.3")).toBe("invalid");
  });

  it('takes the ISBN out of Goodreads\' ="…" wrapping, ISBN-13 first, and none from =""', () => {
    expect(exportIsbn('="9780735211292"', '="0735211299"')).toBe("9780735211292");
    expect(exportIsbn('=""', '="0735211299"')).toBe("0735211299");
    expect(exportIsbn('=""', '=""')).toBeNull();
    expect(exportIsbn("", undefined)).toBeNull();
    expect(exportIsbn('="0123456789"')).toBe("0123456789");
    expect(exportIsbn('="080442957x"')).toBe("080442957X");
    expect(exportIsbn("978-0-7352-1129-2")).toBe("9780735211292");
    expect(exportIsbn('="12345"', "=")).toBeNull();
  });

  it("turns a review's HTML into notes: breaks, paragraphs, numeric and named entities, no tags", () => {
    expect(reviewToNotes("<p>One</p><p>Two &lt;3 &#39;x&#x27;</p>")).toBe("One\nTwo <3 'x'");
    expect(reviewToNotes("a<br>b<br />c")).toBe("a\nb\nc");
    expect(
      reviewToNotes('Read it twice.<br/><br/><br/><br/>A <a href="https://x.test">link</a> &mdash; and more'),
    ).toBe("Read it twice.\n\nA link — and more");
  });

  it("leaves notes already plain as they are, so converting twice changes nothing", () => {
    const review = 'Loved it, truly.<br/><br/>He says "start small", and <i>it works</i> &amp; sticks.\nI <3 it.';
    const notes = reviewToNotes(review);
    expect(notes).toBe('Loved it, truly.\n\nHe says "start small", and it works & sticks.\nI <3 it.');
    expect(reviewToNotes(notes)).toBe(notes);
  });

  it("reads a text cell as parsers give it, and a list of names as Goodreads writes it", () => {
    expect(cellText("  Dune ")).toBe("Dune");
    expect(cellText(234225)).toBe("234225");
    expect(cellText(null)).toBe("");
    expect(cellText(undefined)).toBe("");
    expect(authorNames("Neil Gaiman, Terry Pratchett,  ")).toEqual(["Neil Gaiman", "Terry Pratchett"]);
    expect(authorNames([" A One", " "])).toEqual(["A One"]);
    expect(authorNames("")).toEqual([]);
  });

  it("collapses a title's white space and cuts it without splitting a character", () => {
    expect(oneLine("  The\n  Long   Way ")).toBe("The Long Way");
    expect(cut("ab😀", 3)).toBe("ab");
    expect(cut("abc", 5)).toBe("abc");
  });
});
