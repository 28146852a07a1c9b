import { describe, expect, it } from "vitest";
import { DEFAULT_SECTION_ORDER, SECTION_COUNTS } from "@graph/core/modules/profile/rules";
import { signedIn, useTestApi } from "../support/runtime.ts";

/**
 * Books and films on the public profile: the one read of a whole profile carries enough of each
 * for the page to show a few (4 books, 3 films) and swap in the rest, newest shelved first, and
 * nothing of a section its owner hides.
 */
const api = useTestApi();
type Person = Awaited<ReturnType<typeof signedIn>>;
const as = (cookie?: string) => api.client(cookie ? { cookie } : {});
const profileOf = async (username: string) => {
  const response = await as().users.profile[":username"].$get({ param: { username } });
  expect(response.status).toBe(200);
  return response.json();
};

let ids = 0;
const bookId = () => `OL${Date.now() % 1_000_000}${++ids}W`;

async function addBook(person: Person, title: string, extra: { rating?: number | null; notes?: string } = {}) {
  const id = bookId();
  const response = await as(person.cookie).books.add_book.$post({
    json: {
      id,
      title,
      authors: ["An Author"],
      isbn: null,
      publication_date: "1969",
      cover_image_url: null,
      rating: extra.rating ?? null,
      notes: extra.notes ?? "",
    },
  });
  expect(response.status).toBe(201);
  return id;
}

async function addMovie(person: Person, tmdbId: number, title: string, rating: number | null = null) {
  const response = await as(person.cookie).movies["add-movie"].$post({
    json: { tmdb_id: tmdbId, title, rating, notes: "", poster_path: null, release_date: "1999-03-30" },
  });
  expect(response.status).toBe(201);
}

const showOnly = (person: Person, shown: string[]) =>
  as(person.cookie).users.profile_order.$post({
    json: {
      userId: person.userId,
      sectionOrder: DEFAULT_SECTION_ORDER.map((s) => ({ ...s, visible: shown.includes(s.id) })),
    },
  });

describe("books and films on the public profile", () => {
  it("carries the person's books and films, newest shelved first, with their ratings and notes", async () => {
    const person = await signedIn(api);
    await addBook(person, "The Dispossessed", { rating: 4.5, notes: "An ambiguous utopia." });
    await addBook(person, "Solaris");
    await addMovie(person, 603, "The Matrix", 3.5);
    await addMovie(person, 62, "2001: A Space Odyssey");

    const profile = await profileOf(person.username);
    expect(profile.books.map((b) => b.title)).toEqual(["Solaris", "The Dispossessed"]);
    expect(profile.books[1]).toMatchObject({
      title: "The Dispossessed",
      authors: ["An Author"],
      publication_date: "1969",
      rating: 4.5,
      notes: "An ambiguous utopia.",
    });
    expect(profile.movies.map((m) => [m.title, m.tmdb_id, m.rating])).toEqual([
      ["2001: A Space Odyssey", 62, null],
      ["The Matrix", 603, 3.5],
    ]);
  });

  it("reads more than the page shows, so it can swap shown items for unseen ones", async () => {
    const person = await signedIn(api);
    const count = SECTION_COUNTS.books + 2;
    for (let i = 0; i < count; i++) await addBook(person, `Book ${i}`);
    const profile = await profileOf(person.username);
    expect(profile.books).toHaveLength(count);
    expect(profile.books[0]!.title).toBe(`Book ${count - 1}`);
  });

  it("answers a hidden books or films section empty, and shows it again once shown", async () => {
    const person = await signedIn(api);
    await addBook(person, "Kept Private");
    await addMovie(person, 78, "Blade Runner");

    await showOnly(person, ["aboutMe", "movies"]);
    let profile = await profileOf(person.username);
    expect(profile.books).toEqual([]);
    expect(profile.movies.map((m) => m.title)).toEqual(["Blade Runner"]);

    await showOnly(person, ["aboutMe", "books"]);
    profile = await profileOf(person.username);
    expect(profile.books.map((b) => b.title)).toEqual(["Kept Private"]);
    expect(profile.movies).toEqual([]);
  });
});
