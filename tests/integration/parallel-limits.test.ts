import { describe, expect, it } from "vitest";
import { storedArticle } from "../support/articles.ts";
import { SUGGESTION_LIMITS, SUGGESTION_MESSAGES } from "@graph/core/modules/sources/rules";
import { errorOf, signedIn, useTestApi } from "../support/runtime.ts";

/**
 * Every per-person limit is one conditional write (or one item), so requests sent all at once
 * cannot pass it. Each case sends 30 (or more) requests in parallel.
 */
const api = useTestApi();
const as = (cookie: string) => api.client({ cookie });
const addTopics = (cookie: string, keyTopicsArray: string[]) =>
  as(cookie).gpt.to_db.$post({ json: { keyTopicsArray } });
const topicsOf = async (userId: string) =>
  (await api.client().gpt.from_db[":id"].$get({ param: { id: userId } })).json();

describe("per-person limits under parallel requests", () => {
  it("allows at most 5 supertags when 30 topics are made supertags at once", async () => {
    const person = await signedIn(api);
    const names = Array.from({ length: 30 }, (_, i) => `Parallel Topic ${String.fromCharCode(97 + (i % 26))}${i}`);
    expect((await addTopics(person.cookie, names)).status).toBe(200);
    const topics = await topicsOf(person.userId);
    const answers = await Promise.all(
      topics.map((t) => as(person.cookie).gpt.toggle_supertag.$post({ json: { topicId: t.id } })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(25);
    const refused = await answers.find((r) => r.status === 403)!.json();
    expect(refused).toEqual({ error: "you can only have a max of 5 supertags", code: "supertag_limit" });
    expect((await topicsOf(person.userId)).filter((t) => t.isSupertag)).toHaveLength(5);
  });

  it("sets a supertag to the state asked for, so retries cannot flip it back", async () => {
    const person = await signedIn(api);
    await addTopics(person.cookie, ["Retried Supertag"]);
    const [topic] = await topicsOf(person.userId);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        as(person.cookie).gpt.toggle_supertag.$post({ json: { topicId: topic!.id, isSupertag: true } }),
      ),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect((await topicsOf(person.userId))[0]!.isSupertag).toBe(true);
  });

  it("keeps a person within 300 topics when 30 requests of 20 new topics arrive at once", async () => {
    const person = await signedIn(api);
    const batch = (n: number) => Array.from({ length: 20 }, (_, i) => `Batch ${n} Topic ${i}`);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => addTopics(person.cookie, batch(n))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(15);
    expect(statuses.filter((s) => s === 400)).toHaveLength(15);
    const refused = await answers.find((r) => r.status === 400)!.json();
    expect(refused).toEqual({ error: "You can have at most 300 topics.", code: "limit_reached" });
    expect(await topicsOf(person.userId)).toHaveLength(300);
  }, 120_000);

  it("adds a topic once when the same topics are sent 30 times at once", async () => {
    const person = await signedIn(api);
    const same = ["Tide Pools", "Lichen", "Moss Gardens"];
    const answers = await Promise.all(Array.from({ length: 30 }, () => addTopics(person.cookie, same)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await topicsOf(person.userId)).toHaveLength(3);
    // Removing one brings the count down, so the limit still counts right afterwards.
    const [first] = await topicsOf(person.userId);
    await Promise.all(
      Array.from({ length: 30 }, () => as(person.cookie).gpt.remove_topic.$post({ json: { topicId: first!.id } })),
    );
    expect(await topicsOf(person.userId)).toHaveLength(2);
  });

  it("never holds more than 5 aims, nor a mix of two saves, when 30 saves arrive at once", async () => {
    const person = await signedIn(api);
    const saves = Array.from({ length: 30 }, (_, n) => Array.from({ length: 5 }, (_, i) => `aim ${i} of save ${n}`));
    const answers = await Promise.all(saves.map((aims) => as(person.cookie).aims.to_db.$post({ json: { aims } })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const stored = await (
      await as(person.cookie).aims.from_db[":userId"].$get({ param: { userId: person.userId } })
    ).json();
    expect(stored).toHaveLength(5);
    const save = /of save (\d+)$/.exec(stored[0]!.content)![1];
    expect(stored.map((a) => a.content)).toEqual(saves[Number(save)]);
  });

  describe("likes", () => {
    const likedIds = async (cookie: string) => (await as(cookie).articles.liked_ids.$get()).json();
    const setLike = (cookie: string, json: { articleId: string; added?: boolean }) =>
      as(cookie).articles.toggle_add_article.$post({ json });
    const anArticle = () => storedArticle("parallel", "An article liked many times");

    it("counts each of 50 parallel flips once, ending where 50 flips one after another end", async () => {
      const person = await signedIn(api);
      const articleId = await anArticle();
      const answers = await Promise.all(Array.from({ length: 50 }, () => setLike(person.cookie, { articleId })));
      expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
      const states = await Promise.all(answers.map(async (r) => (await r.json()).isAddedToGraph));
      expect(states.filter(Boolean)).toHaveLength(25);
      expect(await likedIds(person.cookie)).not.toContain(articleId);
    });

    it("sets the state asked for, however many retries arrive at once", async () => {
      const person = await signedIn(api);
      const articleId = await anArticle();
      const add = await Promise.all(
        Array.from({ length: 30 }, () => setLike(person.cookie, { articleId, added: true })),
      );
      expect(add.every((r) => r.status === 200)).toBe(true);
      expect(await likedIds(person.cookie)).toContain(articleId);
      await Promise.all(Array.from({ length: 30 }, () => setLike(person.cookie, { articleId, added: false })));
      expect(await likedIds(person.cookie)).not.toContain(articleId);
    });
  });

  it("keeps at most 20 suggestions waiting for their check when 30 are sent at once", async () => {
    const person = await signedIn(api);
    // Checks wait undelivered, so none settles (and frees its place) while the 30 arrive.
    api.runtime.dispatcher.hold("IngestQueue");
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          as(person.cookie).rss.user_source_suggested_list.$post({ json: { sourceLink: `http://10.9.8.7/p${i}.xml` } }),
        ),
      );
      // Typed by the route as its success; refusals are thrown, so widen to any status.
      const statuses: number[] = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(SUGGESTION_LIMITS.maxPending);
      expect(statuses.filter((s) => s === 400)).toHaveLength(30 - SUGGESTION_LIMITS.maxPending);
      const refused = await errorOf(answers[statuses.indexOf(400)]!);
      expect(refused).toEqual({ error: SUGGESTION_MESSAGES.tooManyPending, code: "limit_reached" });
      const listed = await (await as(person.cookie).rss.user_source_suggested_list.$get()).json();
      expect(listed.filter((s) => s.approval_state === "pending")).toHaveLength(SUGGESTION_LIMITS.maxPending);
    } finally {
      api.runtime.dispatcher.release("IngestQueue");
    }
    // Once checked (private addresses are refused), every place is free again.
    await api.runtime.dispatcher.idle();
    const again = await as(person.cookie).rss.user_source_suggested_list.$post({
      json: { sourceLink: "http://10.9.8.7/after.xml" },
    });
    expect(again.status).toBe(201);
  });
});
