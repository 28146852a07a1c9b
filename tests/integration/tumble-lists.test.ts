import { describe, expect, it } from "vitest";
import { phraseKey } from "@graph/core/lib/matching";
import { BUILTIN_TOPICS } from "@graph/core/modules/topics/rules";
import { THEME_IDS, THEMES, TUMBLE_LIMITS, TUMBLE_LIST_IDS } from "@graph/core/modules/tumble/rules";
import * as Accounts from "@graph/core/workflows/account-deletion";
import { shardOf } from "../../packages/core/src/modules/vocabulary/foreground.ts";
import { PhraseVocabularyEntity } from "../../packages/core/src/modules/vocabulary/phrase-vocabulary.entity.ts";
import { WrittenListEntity } from "../../packages/core/src/modules/tumble/written-list.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { errorOf, signedIn, useTestApi } from "../support/runtime.ts";

/**
 * Find's tumble-word lists by plan: free has the built-in list (the others listed, locked, and
 * refused with plan_required); pro and org have the themes, their topics' list and the list they
 * write, whose limit holds under parallel writes and which a downgrade keeps untouched.
 */
const api = useTestApi();

type Plan = "free" | "pro" | "team";
async function person(plan: Plan = "free") {
  const p = await signedIn(api);
  if (plan !== "free") await setPlan(p.userId, plan);
  return p;
}
const setPlan = (userId: string, plan: Plan) => UserEntity.patch({ userId }).set({ plan }).go();
const as = (p: { cookie: string }) => api.client({ cookie: p.cookie });
const lists = async (p: { cookie: string }) => {
  const response = await as(p).tumble.lists.$get();
  expect(response.status).toBe(200);
  return response.json();
};
const word = (p: { cookie: string }, list: string, not?: string) =>
  as(p).tumble.word.$get({ query: not === undefined ? { list } : { list, not } });
const written = (p: { cookie: string }) => as(p).tumble.lists.mine.$get();
const write = (p: { cookie: string }, terms: string[]) => as(p).tumble.lists.mine.$put({ json: { terms } });
const addTerm = (p: { cookie: string }, term: string) => as(p).tumble.lists.mine.$post({ json: { term } });

/** `n` distinct terms with letters. */
const manyTerms = (n: number, prefix = "term") => Array.from({ length: n }, (_, i) => `${prefix} ${i.toString(36)}x`);

describe("the lists each plan has", () => {
  it("gives free the built-in list only, listing the rest as locked", async () => {
    const free = await person();
    const body = await lists(free);
    expect(body.themedLists).toBe(false);
    expect(body.lists.map((l) => l.id)).toEqual([...TUMBLE_LIST_IDS]);
    expect(body.lists.filter((l) => l.included).map((l) => l.id)).toEqual(["builtin"]);
    expect(body.lists.find((l) => l.id === "builtin")?.terms).toBe(BUILTIN_TOPICS.length);
    expect(body.lists.find((l) => l.id === "topics")?.terms).toBeNull();
  });

  it.each(["pro", "team"] as const)("gives %s every list, with how many terms each holds", async (plan) => {
    const paying = await person(plan);
    const body = await lists(paying);
    expect(body.themedLists).toBe(true);
    expect(body.lists.every((l) => l.included)).toBe(true);
    for (const theme of THEME_IDS) expect(body.lists.find((l) => l.id === theme)?.terms).toBe(THEMES[theme].length);
    expect(body.lists.find((l) => l.id === "mine")?.terms).toBe(0);
    expect(body.lists.find((l) => l.id === "topics")?.terms).toBe(0);
  });

  it("needs a session", async () => {
    expect((await api.client().tumble.lists.$get()).status).toBe(401);
    expect((await api.client().tumble.word.$get({ query: { list: "builtin" } })).status).toBe(401);
  });
});

describe("a random term", () => {
  it("comes from the built-in list on every plan, and never the one the page shows", async () => {
    const free = await person();
    for (let i = 0; i < 20; i++) {
      const response = await word(free, "builtin", "Rust");
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.list).toBe("builtin");
      expect(BUILTIN_TOPICS).toContain(body.term);
      expect(body.term).not.toBe("Rust");
    }
  });

  it("is refused to free from any other list with plan_required and where to upgrade", async () => {
    const free = await person();
    for (const list of ["science", "games", "topics", "mine"]) {
      const response = await word(free, list);
      expect(response.status, list).toBe(403);
      const error = await errorOf(response);
      expect(error.code).toBe("plan_required");
      expect(error).toMatchObject({ feature: "themedLists", plan: "pro", upgrade: "/home/upgrade" });
    }
  });

  it("comes from the chosen theme for pro and org", async () => {
    for (const plan of ["pro", "team"] as const) {
      const paying = await person(plan);
      for (const theme of ["science", "food", "games"] as const) {
        const seen = new Set<string>();
        for (let i = 0; i < 15; i++) {
          const body = await (await word(paying, theme)).json();
          expect(body.list).toBe(theme);
          expect(THEMES[theme]).toContain(body.term);
          seen.add(body.term);
        }
        expect(seen.size, theme).toBeGreaterThan(3);
      }
    }
  });

  it("answers 404 for a list that does not exist, 400 without one, whatever the plan", async () => {
    for (const plan of ["free", "pro"] as const) {
      const p = await person(plan);
      const response = await word(p, "astrology");
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe("not_found");
      expect((await api.request("GET", "/api/tumble/word", { cookie: p.cookie })).status).toBe(400);
    }
  });

  it("comes from the person's topics and the related terms graph learnt for them", async () => {
    const pro = await person("pro");
    const stamp = Date.now().toString(36);
    const topic = `Quillwort ${stamp}`;
    const response = await as(pro).gpt.to_db.$post({ json: { keyTopicsArray: [topic] } });
    expect(response.status).toBe(200);
    await api.runtime.dispatcher.idle();
    const [stored] = await (await as(pro).gpt.from_db[":id"].$get({ param: { id: pro.userId } })).json();
    const phrase = phraseKey(stored!.topic);
    const related = ["vrelspore", "vrelfrond", "vrelmarsh"].map((t) => `${t}${stamp}`);
    await PhraseVocabularyEntity.put({
      shard: shardOf(phrase),
      phrase,
      articles: 5,
      counts: "",
      counted: [],
      strong: related.map((t, i) => `${t} ${(3 - i).toFixed(3)}`),
      strongAt: Date.now(),
      version: 1,
    }).go();

    const listed = await lists(pro);
    expect(listed.lists.find((l) => l.id === "topics")?.terms).toBe(1 + related.length);
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) seen.add((await (await word(pro, "topics")).json()).term);
    expect([...seen].sort()).toEqual([stored!.topic, ...related].sort());
  });

  it("answers 409 list_empty for an own list with nothing in it", async () => {
    const pro = await person("pro");
    for (const list of ["topics", "mine"]) {
      const response = await word(pro, list);
      expect(response.status, list).toBe(409);
      expect((await errorOf(response)).code).toBe("list_empty");
    }
  });
});

describe("the list a person writes", () => {
  it("keeps terms trimmed, in order, without duplicates ignoring case, and tumbles from them", async () => {
    const pro = await person("pro");
    const response = await write(pro, ["  Tidal   Power ", "kelp", "KELP", "Kelp ", "x-ray crystallography"]);
    expect(response.status).toBe(200);
    expect((await response.json()).terms).toEqual(["Tidal Power", "kelp", "x-ray crystallography"]);
    expect((await (await written(pro)).json()).terms).toEqual(["Tidal Power", "kelp", "x-ray crystallography"]);
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) seen.add((await (await word(pro, "mine")).json()).term);
    expect([...seen].sort()).toEqual(["Tidal Power", "kelp", "x-ray crystallography"].sort());
    expect((await lists(pro)).lists.find((l) => l.id === "mine")?.terms).toBe(3);
  });

  it("refuses a bad term by its place and code, changing nothing", async () => {
    const pro = await person("pro");
    await write(pro, ["kept"]);
    const cases: Array<[string[], string, number]> = [
      [["fine", "   "], "term_empty", 1],
      [["x".repeat(TUMBLE_LIMITS.maxLength + 1)], "term_too_long", 0],
      [["ok", "also ok", "2024"], "term_no_letters", 2],
      [["bad\u0007bell"], "term_invalid", 0],
    ];
    for (const [terms, code, index] of cases) {
      const response = await write(pro, terms);
      expect(response.status, code).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code, index });
    }
    const tooMany = await write(pro, manyTerms(TUMBLE_LIMITS.maxTerms + 1));
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).code).toBe("limit_reached");
    expect((await addTerm(pro, "  ")).status).toBe(400);
    expect((await (await written(pro)).json()).terms).toEqual(["kept"]);
    // Exactly the limit is fine, and writing nothing empties it.
    expect((await write(pro, manyTerms(TUMBLE_LIMITS.maxTerms))).status).toBe(200);
    expect((await (await written(pro)).json()).terms).toHaveLength(TUMBLE_LIMITS.maxTerms);
    expect((await (await write(pro, [])).json()).terms).toEqual([]);
    expect((await WrittenListEntity.get({ userId: pro.userId }).go()).data).toBeNull();
  });

  it("holds its limit under 30 parallel adds, and keeps one of 30 parallel replacements whole", async () => {
    const pro = await person("pro");
    const start = manyTerms(TUMBLE_LIMITS.maxTerms - 10, "start");
    expect((await write(pro, start)).status).toBe(200);
    const added = await Promise.all(manyTerms(30, "parallel").map((term) => addTerm(pro, term)));
    const statuses = added.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(20);
    for (const refused of added.filter((r) => r.status === 400))
      expect((await errorOf(refused)).code).toBe("limit_reached");
    const after = (await (await written(pro)).json()).terms;
    expect(after).toHaveLength(TUMBLE_LIMITS.maxTerms);
    expect(after.slice(0, start.length)).toEqual(start);
    expect((await WrittenListEntity.get({ userId: pro.userId }).go()).data?.count).toBe(TUMBLE_LIMITS.maxTerms);

    // The same term added 30 times at once is there once.
    await write(pro, ["one"]);
    const same = await Promise.all(Array.from({ length: 30 }, () => addTerm(pro, "Seagrass")));
    expect(same.every((r) => r.status === 200)).toBe(true);
    expect((await (await written(pro)).json()).terms).toEqual(["one", "Seagrass"]);

    const versions = Array.from({ length: 30 }, (_, n) => manyTerms(5 + n, `v${n}`));
    const replaced = await Promise.all(versions.map((terms) => write(pro, terms)));
    expect(replaced.every((r) => r.status === 200)).toBe(true);
    const final = (await (await written(pro)).json()).terms;
    expect(versions.some((v) => JSON.stringify(v) === JSON.stringify(final))).toBe(true);
    expect((await WrittenListEntity.get({ userId: pro.userId }).go()).data?.count).toBe(final.length);
  });

  it("is refused to free, kept through a downgrade and back as it was after an upgrade", async () => {
    const free = await person();
    for (const response of [await written(free), await write(free, ["a"]), await addTerm(free, "a")]) {
      expect(response.status).toBe(403);
      expect((await errorOf(response)).code).toBe("plan_required");
    }

    const pro = await person("pro");
    await write(pro, ["kelp forests", "tidal power"]);
    await setPlan(pro.userId, "free");
    for (const response of [
      await written(pro),
      await write(pro, ["gone"]),
      await addTerm(pro, "gone"),
      await word(pro, "mine"),
      await word(pro, "arts"),
    ]) {
      expect(response.status).toBe(403);
      expect((await errorOf(response)).code).toBe("plan_required");
    }
    const locked = (await lists(pro)).lists.find((l) => l.id === "mine");
    expect(locked).toMatchObject({ included: false, terms: 2 });
    expect((await WrittenListEntity.get({ userId: pro.userId }).go()).data?.terms).toEqual([
      "kelp forests",
      "tidal power",
    ]);

    await setPlan(pro.userId, "team");
    expect((await (await written(pro)).json()).terms).toEqual(["kelp forests", "tidal power"]);
    expect(["kelp forests", "tidal power"]).toContain((await (await word(pro, "mine")).json()).term);
  });

  it("goes with the account (a deletion step that may run again)", async () => {
    const pro = await person("pro");
    await write(pro, ["kelp"]);
    const step = Accounts.DELETION_STEPS.find((s) => s.name === "tumble-lists")!;
    const account = { userId: pro.userId, username: pro.username, email: pro.email, createdAt: 0 };
    await step.run(account);
    await step.run(account);
    expect((await WrittenListEntity.get({ userId: pro.userId }).go()).data).toBeNull();
  });
});
