import { describe, expect, it } from "vitest";
import type { PublicProfile } from "../api.ts";
import { sectionItems, yearOf } from "./profile-items.ts";

const book = {
  id: "OL1W",
  title: "The Left Hand of Darkness and a title long enough to be cut",
  authors: ["Ursula K. Le Guin", "Someone Else"],
  isbn: ["9780441478125"],
  publication_date: "1969",
  cover_image_url: "https://covers.example/b/id/1-M.jpg",
  picture_url: "/api/pictures?u=https%3A%2F%2Fcovers.example%2Fb%2Fid%2F1-M.jpg&s=book",
  rating: 3.5,
  notes: "Read it twice.",
  updated_at: "2026-01-01T00:00:00.000Z",
};
const movie = {
  id: "603",
  tmdb_id: 603,
  title: "The Matrix",
  release_date: "1999-03-30",
  poster_path: "/m.jpg",
  poster_url: "https://images.example/t/p/w185/m.jpg",
  picture_url: "/api/pictures?u=https%3A%2F%2Fimages.example%2Ft%2Fp%2Fw185%2Fm.jpg&s=film",
  rating: null,
  notes: "",
  updated_at: "2026-01-01T00:00:00.000Z",
};
const profile = { books: [book], movies: [movie] } as unknown as PublicProfile;

describe("the books and films sections", () => {
  it("shows a book's cover (on graph's origin, never the catalogue's), title, authors and rating, and keeps its note for the footer", () => {
    expect(sectionItems(profile, "books", false)).toEqual([
      {
        key: "OL1W",
        label: book.title,
        full: book.title,
        detail: "Ursula K. Le Guin, Someone Else",
        byline: "Ursula K. Le Guin, Someone Else",
        image: book.picture_url,
        rating: 3.5,
        note: "Read it twice.",
      },
    ]);
  });

  it("cuts titles and authors on a narrow screen, keeping the whole title for the footer", () => {
    const [item] = sectionItems(profile, "books", true);
    expect(item!.label).toHaveLength(20);
    expect(item!.byline!.length).toBeLessThanOrEqual(20);
    expect(item!.full).toBe(book.title);
  });

  it("shows a film's poster, title and year; no rating and no note leave them out", () => {
    expect(sectionItems(profile, "movies", false)).toEqual([
      { key: "603", label: "The Matrix", full: "The Matrix", detail: "1999", byline: "1999", image: movie.picture_url },
    ]);
  });

  it("shows no picture where graph has none for an item (never the outside address)", () => {
    const bare = { books: [{ ...book, picture_url: null }], movies: [{ ...movie, picture_url: null }] };
    for (const section of ["books", "movies"] as const) {
      expect(sectionItems(bare as unknown as PublicProfile, section, false)[0]).not.toHaveProperty("image");
    }
  });

  it("reads the year of a release date, or none", () => {
    expect(yearOf("1999-03-30")).toBe("1999");
    expect(yearOf("2001")).toBe("2001");
    expect(yearOf(null)).toBeUndefined();
    expect(yearOf("")).toBeUndefined();
  });
});

describe("the thoughts section", () => {
  it("shows a thought's body as text, without markdown's marks", () => {
    const thoughts = {
      thoughts: [
        { id: "t1", title: "On **tides**", content: "they **turn** at [noon](https://tides.example)", created_at: "" },
      ],
    } as unknown as PublicProfile;
    const [item] = sectionItems(thoughts, "thoughts", false);
    expect(item?.detail).toBe("they turn at noon");
  });
});
