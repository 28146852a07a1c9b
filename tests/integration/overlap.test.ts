import { beforeAll, describe, expect, it } from "vitest";
import * as Feed from "@graph/core/modules/feed";
import * as Interests from "@graph/core/modules/interests";
import { DEFAULT_SECTION_ORDER } from "@graph/core/modules/profile/rules";
import { storedArticle } from "../support/articles.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";

/**
 * Mutual interests: what the signed-in viewer shares with another person (topics, liked
 * articles, books and films; the other media kinds are empty until they have data), how many,
 * and a compatibility score that weighs each shared item by how few people hold it.
 */
const api = useTestApi();
type Person = Awaited<ReturnType<typeof signedIn>>;
const as = (p: { cookie: string }) => api.client({ cookie: p.cookie });

/** Letters unique to this run, so the topics' follower counts are this file's alone. */
const tag = `Q${Array.from({ length: 4 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
const word = (name: string) => `${name} ${tag}`;

async function withTopics(person: Person, topics: string[]) {
  const response = await as(person).gpt.to_db.$post({ json: { keyTopicsArray: topics.map(word) } });
  expect(response.status).toBe(200);
}

const anArticle = (title: string) => storedArticle("overlap", title);
const like = async (person: Person, articleId: string) =>
  expect((await as(person).articles.toggle_add_article.$post({ json: { articleId, added: true } })).status).toBe(200);

const overlapOf = async (viewer: Person, other: Person) => {
  const response = await as(viewer).overlap.user_overlap[":id"].$get({ param: { id: other.userId } });
  expect(response.status).toBe(200);
  return response.json();
};
const countOf = async (viewer: Person, other: Person) => {
  const response = await as(viewer).overlap.user_overlap_number[":id"].$get({ param: { id: other.userId } });
  expect(response.status).toBe(200);
  return (await response.json()).count;
};

/** A book id unique to this run, so its holder count is this file's alone. */
let books = 0;
const aBookId = () => `OL${Date.now() % 1_000_000}${++books}W`;
async function shelve(person: Person, id: string, title: string) {
  const response = await as(person).books.add_book.$post({
    json: {
      id,
      title,
      authors: ["Someone"],
      isbn: null,
      publication_date: null,
      cover_image_url: null,
      rating: null,
      notes: "",
    },
  });
  expect(response.status).toBe(201);
}
async function watched(person: Person, tmdbId: number, title: string) {
  const response = await as(person).movies["add-movie"].$post({
    json: { tmdb_id: tmdbId, title, rating: null, notes: "", poster_path: null, release_date: null },
  });
  expect(response.status).toBe(201);
}
const showOnly = (person: Person, shown: string[]) =>
  as(person).users.profile_order.$post({
    json: {
      userId: person.userId,
      sectionOrder: DEFAULT_SECTION_ORDER.map((s) => ({ ...s, visible: shown.includes(s.id) })),
    },
  });

let viewer: Person;
let jazzFan: Person;
let musicFan: Person;
let crowd: Person[];

beforeAll(async () => {
  const people = await Promise.all(Array.from({ length: 7 }, () => signedIn(api)));
  [viewer, jazzFan, musicFan] = [people[0]!, people[1]!, people[2]!];
  crowd = people.slice(3);
  await withTopics(viewer, ["Jazz Piano", "Music", "Viewer Only"]);
  // jazzFan and musicFan differ only in which topic they share with the viewer.
  await withTopics(jazzFan, ["Jazz Piano", "Fan One", "Fan Two"]);
  await withTopics(musicFan, ["Music", "Fan Three", "Fan Four"]);
  // Music is common: four more people follow it.
  await Promise.all(crowd.map((p) => withTopics(p, ["Music"])));
});

describe("mutual interests", () => {
  it("scores a rarer shared topic higher and names it as the top contributor", async () => {
    const jazz = await overlapOf(viewer, jazzFan);
    const music = await overlapOf(viewer, musicFan);
    expect(jazz.topics.map((t) => t.topic)).toEqual([word("Jazz Piano")]);
    expect(music.topics.map((t) => t.topic)).toEqual([word("Music")]);
    expect(jazz.compatibility.score).toBeGreaterThan(music.compatibility.score);
    expect(music.compatibility.score).toBeGreaterThan(0);
    expect(jazz.compatibility.score).toBeLessThanOrEqual(100);
    expect(jazz.compatibility.top).toEqual([
      { kind: "topic", id: jazz.topics[0]!.id, label: word("Jazz Piano"), share: 100 },
    ]);
  });

  it("lists shared liked articles, with empty media kinds, and counts every shared item", async () => {
    const [a, b] = await Promise.all([signedIn(api), signedIn(api)]);
    await withTopics(a, ["Shared Topic", "Only A"]);
    await withTopics(b, ["Shared Topic", "Only B"]);
    const both = await anArticle("A long read both of them kept");
    const onlyA = await anArticle("Only A kept this");
    await like(a, both);
    await like(a, onlyA);
    await like(b, both);

    const shared = await overlapOf(a, b);
    expect(shared.topics.map((t) => t.topic)).toEqual([word("Shared Topic")]);
    expect(shared.articles).toEqual([
      {
        id: both,
        title: "A long read both of them kept",
        link: `https://overlap.example/${both}`,
        source_name: "Overlap Source",
      },
    ]);
    for (const kind of ["tracks", "artists", "videos", "channels", "books", "movies"] as const) {
      expect(shared[kind]).toEqual([]);
    }
    expect(shared.count).toBe(2);
    expect(await countOf(a, b)).toBe(2);
    expect(await countOf(b, a)).toBe(2);
    // The liked article (held by two people) and the topic (two people) both contribute.
    expect(shared.compatibility.top.map((t) => t.kind).sort()).toEqual(["article", "topic"]);
    expect(shared.compatibility.score).toBeGreaterThan(0);
  });

  it("counts a shared book and a shared film, lists them by title and may name them as evidence", async () => {
    const [a, b] = await Promise.all([signedIn(api), signedIn(api)]);
    const book = aBookId();
    await shelve(a, book, "The Left Hand of Darkness");
    await shelve(b, book, "The Left Hand of Darkness");
    await shelve(a, aBookId(), "Only A Read This");
    expect(await countOf(a, b)).toBe(1);
    // A film of the catalogue (an add must name one), held by these two alone in this file.
    const film = 1398;
    await watched(a, film, "Stalker");
    await watched(b, film, "Stalker");

    const shared = await overlapOf(a, b);
    expect(shared.books).toEqual([{ id: book, title: "The Left Hand of Darkness" }]);
    expect(shared.movies).toEqual([{ id: String(film), title: "Stalker" }]);
    expect(shared.count).toBe(2);
    expect(await countOf(b, a)).toBe(2);
    expect(shared.compatibility.score).toBeGreaterThan(0);
    expect(shared.compatibility.top.map((t) => [t.kind, t.id, t.label]).sort()).toEqual([
      ["book", book, "The Left Hand of Darkness"],
      ["movie", String(film), "Stalker"],
    ]);
  });

  it("compares no book or film of a section the other person hides", async () => {
    const [a, b] = await Promise.all([signedIn(api), signedIn(api)]);
    const book = aBookId();
    const film = 18148;
    for (const person of [a, b]) {
      await shelve(person, book, "A Hidden Shelf");
      await watched(person, film, "Tokyo Story");
    }
    await showOnly(b, ["aboutMe", "movies"]);
    const shared = await overlapOf(a, b);
    expect(shared.books).toEqual([]);
    expect(shared.movies.map((m) => m.title)).toEqual(["Tokyo Story"]);
    expect(shared.compatibility.top.map((t) => t.kind)).toEqual(["movie"]);
    expect(await countOf(a, b)).toBe(1);

    await showOnly(b, ["aboutMe"]);
    expect(await overlapOf(a, b)).toMatchObject({ books: [], movies: [], count: 0, compatibility: { score: 0 } });
    // b's own comparison reads all of a's shown sections: b's hiding hides nothing of a's.
    expect(await countOf(b, a)).toBe(2);
  });

  it("scores a rarer shared book higher than a common one", async () => {
    const people = await Promise.all(Array.from({ length: 7 }, () => signedIn(api)));
    const [reader, rareFan, commonFan] = [people[0]!, people[1]!, people[2]!];
    const [rare, common] = [aBookId(), aBookId()];
    await shelve(reader, rare, "A Rare Book");
    await shelve(reader, common, "A Common Book");
    await shelve(reader, aBookId(), "Only The Reader's");
    // rareFan and commonFan differ only in which book they share with the reader.
    await shelve(rareFan, rare, "A Rare Book");
    await shelve(commonFan, common, "A Common Book");
    for (const fan of [rareFan, commonFan]) {
      await shelve(fan, aBookId(), "A Fan's Own");
      await shelve(fan, aBookId(), "Another Of The Fan's Own");
    }
    // Four more people hold the common book.
    await Promise.all(people.slice(3).map((p) => shelve(p, common, "A Common Book")));

    const withRare = await overlapOf(reader, rareFan);
    const withCommon = await overlapOf(reader, commonFan);
    expect(withRare.count).toBe(1);
    expect(withCommon.count).toBe(1);
    expect(withRare.compatibility.score).toBeGreaterThan(withCommon.compatibility.score);
    expect(withCommon.compatibility.score).toBeGreaterThan(0);
  });

  it("answers 0 and nothing shared for people with nothing in common", async () => {
    const [a, b] = await Promise.all([signedIn(api), signedIn(api)]);
    await withTopics(a, ["Lonely One"]);
    const shared = await overlapOf(a, b);
    expect(shared.topics).toEqual([]);
    expect(shared.compatibility).toEqual({ score: 0, top: [] });
    expect(await countOf(a, b)).toBe(0);
  });

  it("keeps each article's like count right under parallel likes and unlikes", async () => {
    const people = await Promise.all(Array.from({ length: 3 }, () => signedIn(api)));
    const articleId = await anArticle("Counted");
    const flips = people.flatMap((p) =>
      Array.from({ length: 10 }, () => as(p).articles.toggle_add_article.$post({ json: { articleId, added: true } })),
    );
    expect((await Promise.all(flips)).map((r) => r.status)).toEqual(Array(30).fill(200));
    expect((await Feed.Likes.likeCounts([articleId])).get(articleId)).toBe(3);
    const unflips = Array.from({ length: 10 }, () =>
      as(people[0]!).articles.toggle_add_article.$post({ json: { articleId, added: false } }),
    );
    expect((await Promise.all(unflips)).every((r) => r.status === 200)).toBe(true);
    expect((await Feed.Likes.likeCounts([articleId])).get(articleId)).toBe(2);
  });

  it("needs a signed-in viewer and a known person", async () => {
    const anonymous = api.client();
    expect((await anonymous.overlap.user_overlap[":id"].$get({ param: { id: viewer.userId } })).status).toBe(401);
    expect((await anonymous.overlap.user_overlap_number[":id"].$get({ param: { id: viewer.userId } })).status).toBe(
      401,
    );
    expect((await as(viewer).overlap.user_overlap[":id"].$get({ param: { id: "no-such-person" } })).status).toBe(404);
    expect((await as(viewer).overlap.user_overlap_number[":id"].$get({ param: { id: "no-such-person" } })).status).toBe(
      404,
    );
  });
});

/**
 * The comparison reads each person's interest digests (one per kind) instead of their items:
 * every change marks the kind's digest, so what is shared is always current, and a digest built
 * before a change is never stored over it.
 */
describe("interest digests", () => {
  it("shows an item shared after the digests were built, and drops one taken away", async () => {
    const [a, b] = await Promise.all([signedIn(api), signedIn(api)]);
    const id = aBookId();
    await shelve(a, id, "Digest Book");
    expect((await overlapOf(a, b)).books).toEqual([]); // both people's digests are built now
    const stored = await Interests.readDigests([a.userId, b.userId], ["book"]);
    expect(stored.every((d) => d.fresh)).toBe(true);

    await shelve(b, id, "Digest Book");
    expect((await overlapOf(a, b)).books).toEqual([{ id, title: "Digest Book" }]);
    expect(await countOf(b, a)).toBe(1);

    const response = await as(b).books.$delete({ json: { bookId: id } });
    expect(response.status).toBe(200);
    expect((await overlapOf(a, b)).books).toEqual([]);
  });

  it("marks topics and liked articles too, so both show at once", async () => {
    const [a, b] = await Promise.all([signedIn(api), signedIn(api)]);
    const articleId = await anArticle("digest article");
    expect((await overlapOf(a, b)).count).toBe(0);
    await withTopics(a, ["Digest Topic"]);
    await withTopics(b, ["Digest Topic"]);
    await like(a, articleId);
    await like(b, articleId);
    const shared = await overlapOf(a, b);
    expect(shared.topics.map((t) => t.topic)).toEqual([word("Digest Topic")]);
    expect(shared.articles.map((x) => x.id)).toEqual([articleId]);
    expect((await as(b).articles.toggle_add_article.$post({ json: { articleId, added: false } })).status).toBe(200);
    expect((await overlapOf(a, b)).articles).toEqual([]);
  });

  it("never stores a digest built before a change, and builds one again when over a day old", async () => {
    const person = await signedIn(api);
    const [before] = await Interests.readDigests([person.userId], ["movie"]);
    expect(before!.fresh).toBe(false);
    const version = before!.fresh ? -1 : before!.version;
    await Interests.changed(person.userId, ["movie"]); // a change while a build was under way
    expect(await Interests.storeDigest(person.userId, "movie", version, [])).toBe(false);
    const [after] = await Interests.readDigests([person.userId], ["movie"]);
    expect(after!.fresh).toBe(false);

    const current = after!.fresh ? -1 : after!.version;
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000 - 1;
    expect(
      await Interests.storeDigest(person.userId, "movie", current, [{ id: "1", label: "x", people: 3 }], dayAgo),
    ).toBe(true);
    const [old] = await Interests.readDigests([person.userId], ["movie"]);
    expect(old!.fresh).toBe(false);
    const [fresh] = await Interests.readDigests([person.userId], ["movie"], dayAgo + 1000);
    expect(fresh).toMatchObject({ fresh: true, entries: [{ id: "1", label: "x", people: 3 }] });
  });
});
