import { describe, expect, it } from "vitest";
import {
  EMPTY_EXPORT,
  NOT_GOODREADS,
  notReadReason,
  parseDate,
  parseGoodreads,
  parseStars,
  type GoodreadsBook,
  type ParsedExport,
} from "./goodreads.ts";
import { goodreadsExport } from "../../../../tests/support/media-exports.ts";
import { batches } from "../../lib/batches.ts";
import { CSV_MAX_BYTES, CSV_MESSAGES, csvFileProblem } from "../../lib/csv-file.ts";
import { cut, exportIsbn, reviewToNotes } from "@graph/core/modules/media/rules";
import { IMPORT_BATCH_SIZE } from "./import-run.ts";

/** Goodreads' current export columns. */
const CURRENT =
  "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies";
/** The older, longer set (recommendations, purchase and condition columns). */
const OLDER =
  "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Recommended For,Recommended By,Owned Copies,Original Purchase Date,Original Purchase Location,Condition,Condition Description,BCID";

type Fields = Partial<Record<string, string>>;

/** A CSV field as a spreadsheet writes it: quoted (inner quotes doubled) when it needs to be. */
const field = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const csv = (header: string, rows: Fields[]) => {
  const columns = header.split(",");
  return [header, ...rows.map((r) => columns.map((c) => field(r[c] ?? "")).join(","))].join("\r\n") + "\r\n";
};

const book = (over: Fields = {}): Fields => ({
  "Book Id": "40121378",
  Title: "Atomic Habits",
  Author: "James Clear",
  "Author l-f": "Clear, James",
  ISBN: '="0735211299"',
  ISBN13: '="9780735211292"',
  "My Rating": "4",
  "Average Rating": "4.38",
  "Year Published": "2018",
  "Original Publication Year": "2018",
  "Date Read": "2021/03/14",
  "Date Added": "2021/01/02",
  "Exclusive Shelf": "read",
  Bookshelves: "",
  "Read Count": "1",
  "Owned Copies": "0",
  ...over,
});

function parsed(text: string): ParsedExport<GoodreadsBook> {
  const result = parseGoodreads(text);
  if (!result.ok) throw new Error(result.error);
  return result;
}
const only = (text: string) => {
  const { rows } = parsed(text);
  expect(rows).toHaveLength(1);
  return rows[0]!.value;
};

describe("parseGoodreads", () => {
  it("reads a row of the current export", () => {
    expect(only(csv(CURRENT, [book()]))).toEqual({
      title: "Atomic Habits",
      idGoodreads: "40121378",
      author: "James Clear",
      additionalAuthors: [],
      isbn: "9780735211292",
      myRating: 4,
      dateRead: "2021-03-14",
      publicationDate: "2018",
      exclusiveShelf: "read",
      review: "",
    });
  });

  it("reads the older, longer column set the same way", () => {
    const older = book({ "Recommended For": "everyone, really", BCID: "", Condition: "good" });
    expect(only(csv(OLDER, [older]))).toEqual(only(csv(CURRENT, [book()])));
  });

  it('takes ISBNs out of their ="…" wrapping, prefers ISBN-13, and sends null when both are empty', () => {
    expect(only(csv(CURRENT, [book({ ISBN13: '=""' })])).isbn).toBe("0735211299");
    expect(only(csv(CURRENT, [book({ ISBN: '=""', ISBN13: '=""' })])).isbn).toBeNull();
    expect(only(csv(CURRENT, [book({ ISBN: "", ISBN13: "" })])).isbn).toBeNull();
    expect(exportIsbn('="0525509283"')).toBe("0525509283");
    expect(exportIsbn('="080442957X"')).toBe("080442957X");
    expect(exportIsbn("978-0-7352-1129-2")).toBe("9780735211292");
    expect(exportIsbn("=")).toBeNull();
    expect(exportIsbn("12345")).toBeNull();
  });

  it("reads yyyy/mm/dd dates and leaves out empty or impossible ones", () => {
    expect(parseDate("2019/03/14")).toBe("2019-03-14");
    expect(parseDate("2019/3/4")).toBe("2019-03-04");
    expect(parseDate("2019-03-14")).toBe("2019-03-14");
    expect(parseDate("2019/03")).toBe("2019-03-01");
    expect(parseDate("2019")).toBe("2019-01-01");
    expect(parseDate("")).toBeNull();
    expect(parseDate(undefined)).toBeNull();
    expect(parseDate("2019/02/30")).toBeNull();
    expect(parseDate("2019/13/01")).toBeNull();
    expect(parseDate("yesterday")).toBeNull();
    expect(only(csv(CURRENT, [book({ "Date Read": "" })])).dateRead).toBeNull();
  });

  it("takes a rating of 0 as unrated", () => {
    expect(only(csv(CURRENT, [book({ "My Rating": "0" })])).myRating).toBeNull();
    expect(parseStars("5")).toBe(5);
    expect(parseStars("1")).toBe(1);
    expect(parseStars("")).toBeNull();
    expect(parseStars("6")).toBeNull();
    expect(parseStars("3.5")).toBeNull();
  });

  it("keeps reviews holding commas, quotes, new lines and HTML, as plain text", () => {
    const review =
      'Loved it, truly.<br/><br/>He says "start small", and <i>it works</i> &amp; sticks.\nSecond line, with a <a href="https://x.test">link</a>.';
    const value = only(csv(CURRENT, [book({ "My Review": review })]));
    expect(value.review).toBe(
      'Loved it, truly.\n\nHe says "start small", and it works & sticks.\nSecond line, with a link.',
    );
    // A review's new lines and commas do not split the row: the next row reads as its own.
    const two = parsed(csv(CURRENT, [book({ "My Review": review }), book({ "Book Id": "2", Title: "Dune" })]));
    expect(two.rows.map((r) => r.value.title)).toEqual(["Atomic Habits", "Dune"]);
  });

  it("cuts a long review to the notes' 2,000 characters", () => {
    expect(only(csv(CURRENT, [book({ "My Review": "a".repeat(2500) })])).review).toHaveLength(2000);
  });

  it("sends only the read shelf and counts the others as skipped, each with why", () => {
    const result = parsed(
      csv(CURRENT, [
        book({ "Book Id": "1", Title: "Read One" }),
        book({ "Book Id": "2", Title: "Want One", "Exclusive Shelf": "to-read" }),
        book({ "Book Id": "3", Title: "Reading One", "Exclusive Shelf": "currently-reading" }),
        book({ "Book Id": "4", Title: "Read Two" }),
        book({ "Book Id": "5", Title: "Gave Up", "Exclusive Shelf": "did-not-finish" }),
      ]),
    );
    expect(result.total).toBe(5);
    expect(result.rows.map((r) => [r.row, r.value.title])).toEqual([
      [1, "Read One"],
      [4, "Read Two"],
    ]);
    expect(result.skipped).toEqual([
      { row: 2, title: "Want One", reason: notReadReason("to-read") },
      { row: 3, title: "Reading One", reason: notReadReason("currently-reading") },
      { row: 5, title: "Gave Up", reason: notReadReason("did-not-finish") },
    ]);
    expect(notReadReason("to-read")).toBe("on your to-read shelf, not read");
  });

  it("falls back to Bookshelves where there is no Exclusive Shelf column", () => {
    const header = "Book Id,Title,Author,My Rating,Bookshelves,Date Read";
    const result = parsed(
      csv(header, [
        { "Book Id": "1", Title: "A", Author: "X", "My Rating": "3", Bookshelves: "favourites, read" },
        { "Book Id": "2", Title: "B", Author: "Y", "My Rating": "0", Bookshelves: "to-read" },
      ]),
    );
    expect(result.rows.map((r) => r.value.title)).toEqual(["A"]);
    expect(result.skipped.map((s) => s.title)).toEqual(["B"]);
  });

  it("lists additional authors, without the main one again", () => {
    const value = only(
      csv(CURRENT, [book({ Author: "Terry Pratchett", "Additional Authors": "Neil Gaiman, Terry Pratchett,  " })]),
    );
    expect(value.author).toBe("Terry Pratchett");
    expect(value.additionalAuthors).toEqual(["Neil Gaiman"]);
  });

  it("takes the original publication year over the edition's, keeping years before the common era, and neither when absent or odd", () => {
    expect(
      only(csv(CURRENT, [book({ "Year Published": "2005", "Original Publication Year": "1965" })])).publicationDate,
    ).toBe("1965");
    expect(
      only(csv(CURRENT, [book({ "Year Published": "2005", "Original Publication Year": "" })])).publicationDate,
    ).toBe("2005");
    expect(
      only(csv(CURRENT, [book({ "Year Published": "", "Original Publication Year": "-375" })])).publicationDate,
    ).toBe("-375");
    expect(
      only(csv(CURRENT, [book({ "Year Published": "", "Original Publication Year": "about 1900" })])).publicationDate,
    ).toBeNull();
  });

  it("skips rows without a title or a Goodreads id, and rows it cannot read", () => {
    const text = csv(CURRENT, [book({ Title: "  " }), book({ "Book Id": "" }), book()]) + "1,Too,Few\r\n";
    const result = parsed(text);
    expect(result.rows).toHaveLength(1);
    expect(result.skipped.map((s) => [s.row, s.reason])).toEqual([
      [1, "no title"],
      [2, "no Goodreads book id"],
      [4, expect.stringContaining("the row could not be read")],
    ]);
  });

  it("reads a file with a byte-order mark, spaces around the headers and blank lines", () => {
    const text =
      "\uFEFF" +
      CURRENT.split(",")
        .map((h) => ` ${h}`)
        .join(",") +
      "\n\n" +
      csv(CURRENT, [book()]).split("\r\n")[1] +
      "\n\n";
    expect(only(text).title).toBe("Atomic Habits");
  });

  it("collapses white space in titles and authors and cuts them to their limits", () => {
    const value = only(csv(CURRENT, [book({ Title: `  The\n  Long  ${"x".repeat(600)}`, Author: " Ann   Leckie " })]));
    expect(value.title.startsWith("The Long x")).toBe(true);
    expect(value.title).toHaveLength(500);
    expect(value.author).toBe("Ann Leckie");
  });

  it("refuses a file that is not a Goodreads export, or holds no rows", () => {
    expect(parseGoodreads("Date,Name,Year,Letterboxd URI\n2020-01-01,Heat,1995,https://boxd.it/1\n")).toEqual({
      ok: false,
      error: NOT_GOODREADS,
    });
    expect(parseGoodreads("")).toEqual({ ok: false, error: NOT_GOODREADS });
    expect(parseGoodreads(CURRENT + "\r\n")).toEqual({ ok: false, error: EMPTY_EXPORT });
  });
});

describe("csvFileProblem", () => {
  it("takes a .csv of at most 2 MB, chosen or dropped", () => {
    expect(csvFileProblem({ name: "goodreads_library_export.csv", size: 1000 }, "chosen")).toBeNull();
    expect(csvFileProblem({ name: "EXPORT.CSV", size: CSV_MAX_BYTES }, "dropped")).toBeNull();
  });

  it("gives the spec's messages word for word", () => {
    expect(csvFileProblem({ name: "big.csv", size: CSV_MAX_BYTES + 1 }, "chosen")).toBe(
      "Please upload a valid CSV file (max 2MB).",
    );
    expect(csvFileProblem({ name: "big.csv", size: CSV_MAX_BYTES + 1 }, "dropped")).toBe(CSV_MESSAGES.invalid);
    expect(csvFileProblem({ name: "photo.jpg", size: 10 }, "chosen")).toBe(CSV_MESSAGES.invalid);
    expect(csvFileProblem({ name: "photo.jpg", size: 10 }, "dropped")).toBe("Please drop a valid CSV file.");
    expect(csvFileProblem({ name: "empty.csv", size: 0 }, "chosen")).toBe(CSV_MESSAGES.invalid);
  });
});

describe("helpers", () => {
  it("splits rows into batches of 100", () => {
    const rows = Array.from({ length: 250 }, (_, i) => i);
    expect(batches(rows, IMPORT_BATCH_SIZE).map((b) => b.length)).toEqual([100, 100, 50]);
    expect(batches([], IMPORT_BATCH_SIZE)).toEqual([]);
  });

  it("cuts text without splitting a surrogate pair", () => {
    expect(cut("ab😀", 3)).toBe("ab");
    expect(cut("abc", 5)).toBe("abc");
  });

  it("turns HTML into text: breaks, paragraphs, entities, no tags", () => {
    expect(reviewToNotes("<p>One</p><p>Two &lt;3 &#39;x&#x27;</p>")).toBe("One\nTwo <3 'x'");
    expect(reviewToNotes("a<br>b<br />c")).toBe("a\nb\nc");
    expect(reviewToNotes("<script>x</script>plain")).toBe("xplain");
  });
});

describe("parseGoodreads on generated exports with every quirk", () => {
  for (const columns of ["current", "legacy"] as const) {
    it(`reads each row of a ${columns} export back as it was written`, () => {
      const file = goodreadsExport({ rows: 300, toRead: 60, columns, seed: 7 });
      const result = parsed(file.csv);
      expect(result.total).toBe(300);
      const read = file.rows.flatMap((row, index) => (row.exclusiveShelf === "read" ? [{ row, index }] : []));
      expect(result.rows.map((r) => r.row)).toEqual(read.map((r) => r.index + 1));
      expect(result.skipped.map((s) => [s.row, s.reason])).toEqual(
        file.rows.flatMap((row, index) =>
          row.exclusiveShelf === "read" ? [] : [[index + 1, notReadReason(row.exclusiveShelf)]],
        ),
      );
      result.rows.forEach(({ value }, i) => {
        const row = read[i]!.row;
        expect(value).toEqual({
          title: row.title,
          idGoodreads: row.bookId,
          author: row.author,
          additionalAuthors: [
            ...new Set(row.additionalAuthors.split(", ").filter((name) => name && name !== row.author)),
          ],
          isbn: row.isbn13 || row.isbn || null,
          myRating: row.myRating === 0 ? null : row.myRating,
          dateRead: row.dateRead ? row.dateRead.replace(/\//g, "-") : null,
          publicationDate: row.originalPublicationYear || row.yearPublished || null,
          exclusiveShelf: "read",
          review: reviewToNotes(row.review),
        });
      });
      // The review with every hard character comes back as plain text.
      expect(result.rows[1]!.value.review).toBe('Commas, "quotes", a\nline break and\nHTML\n— all in one.');
      expect(result.rows[0]!.value.myRating).toBeNull();
    });
  }
});
