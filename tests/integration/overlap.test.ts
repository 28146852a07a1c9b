import { beforeAll, describe, expect, it } from "vitest";
import * as Feed from "@graph/core/feed";
import { storedArticle } from "../support/articles.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";

/**
 * Mutual interests: what the signed-in viewer shares with another person (topics and liked
 * articles; the media kinds are empty until they have data), how many, and a compatibility
 * score that weighs each shared item by how few people hold it.
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
