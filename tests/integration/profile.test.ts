import { afterEach, describe, expect, it, vi } from "vitest";
import { storedArticle } from "../support/articles.ts";
import { ProfileCountsEntity } from "../../packages/core/src/modules/profile/profile-counts.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import * as Profile from "@graph/core/modules/profile";
import { DEFAULT_SECTION_ORDER, THOUGHTS_MAX, WEBSITES_MAX } from "@graph/core/modules/profile/rules";
import { USERNAME_CHANGES_PER_DAY, USERNAME_RESERVED_DAYS } from "@graph/core/modules/users/rules";
import { errorOf, newPerson, signedIn, travel, uniqueAddress, useTestApi } from "../support/runtime.ts";

/**
 * The profile's own content: contacts (the one form-body route), thoughts, websites, section
 * order, username changes, the node count and the one public read of a whole profile.
 */
const api = useTestApi();
const as = (cookie?: string) => api.client(cookie ? { cookie } : {});

afterEach(() => {
  vi.useRealTimers();
});

const anArticle = (title = "A profile article") => storedArticle("profile", title);

const profileOf = (username: string) => as().users.profile[":username"].$get({ param: { username } });

describe("contacts take form data (the one exception to JSON-only bodies)", () => {
  const post = (body: string, type: string, cookie?: string) =>
    api.request("POST", "/api/contacts/to_db", { rawBody: body, cookie, headers: { "content-type": type } });

  it("saves contacts sent url-encoded and as multipart, and reads them back as a list", async () => {
    const person = await signedIn(api);
    const encoded = await post(
      new URLSearchParams({ about: "example.com", socials: "social.example/me" }).toString(),
      "application/x-www-form-urlencoded",
      person.cookie,
    );
    expect(encoded.status).toBe(200);
    expect(await encoded.json()).toEqual({ about: "example.com", socials: "social.example/me" });

    // The typed client sends `form` as multipart/form-data.
    const multipart = await as(person.cookie).contacts.to_db.$post({
      form: { about: "https://site.example", socials: "" },
    });
    expect(multipart.status).toBe(200);
    const read = await as().contacts.from_db[":id"].$get({ param: { id: person.userId } });
    expect(await read.json()).toEqual([{ about: "https://site.example", socials: "" }]);
  });

  it("refuses JSON and other bodies on the contacts route with 415, changing nothing", async () => {
    const person = await signedIn(api);
    for (const type of ["application/json", "text/plain"]) {
      const response = await post(JSON.stringify({ about: "x.example" }), type, person.cookie);
      expect(response.status).toBe(415);
      expect((await errorOf(response)).code).toBe("unsupported_media_type");
    }
    expect(await (await as().contacts.from_db[":id"].$get({ param: { id: person.userId } })).json()).toEqual([]);
  });

  it("keeps JSON-only everywhere else: a form to the thoughts route is refused with 415", async () => {
    const person = await signedIn(api);
    const response = await api.request("POST", "/api/thoughts/to_db", {
      rawBody: new URLSearchParams({ title: "t", content: "c" }).toString(),
      cookie: person.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    const other = await api.request("POST", "/api/users/profile_order", {
      rawBody: new URLSearchParams({ userId: person.userId }).toString(),
      cookie: person.cookie,
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(other.status).toBe(415);
  });

  it("allows at most 120 characters per field", async () => {
    const person = await signedIn(api);
    const tooLong = await post(
      new URLSearchParams({ about: "a".repeat(121), socials: "" }).toString(),
      "application/x-www-form-urlencoded",
      person.cookie,
    );
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).error).toBe("Contact links are at most 120 characters.");
    const exact = await post(
      new URLSearchParams({ about: "a".repeat(120), socials: "b".repeat(120) }).toString(),
      "application/x-www-form-urlencoded",
      person.cookie,
    );
    expect(exact.status).toBe(200);
  });

  it("refuses a form from another site, anonymous saves and saves naming someone else", async () => {
    const person = await signedIn(api);
    const other = await signedIn(api);
    const body = new URLSearchParams({ about: "evil.example" }).toString();
    const crossSite = await api.request("POST", "/api/contacts/to_db", {
      rawBody: body,
      cookie: person.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect((await post(body, "application/x-www-form-urlencoded")).status).toBe(401);
    const naming = await post(
      new URLSearchParams({ about: "evil.example", userId: person.userId }).toString(),
      "application/x-www-form-urlencoded",
      other.cookie,
    );
    expect(naming.status).toBe(403);
    expect(await (await as().contacts.from_db[":id"].$get({ param: { id: person.userId } })).json()).toEqual([]);
  });
});

describe("thoughts", () => {
  it("creates, lists, updates and deletes a thought", async () => {
    const person = await signedIn(api);
    const created = await as(person.cookie).thoughts.to_db.$post({ json: { title: "First", content: "Hello there" } });
    expect(created.status).toBe(201);
    const { thoughtId, thoughtDate } = await created.json();
    expect(thoughtId).toBeTruthy();
    expect(Number.isNaN(Date.parse(thoughtDate))).toBe(false);

    const updated = await as(person.cookie).thoughts.$put({
      json: { thought: { id: thoughtId, title: "First, edited", content: "Hello again" } },
    });
    expect(updated.status).toBe(200);
    const list = await (await as().thoughts.from_db_by_user_id[":id"].$get({ param: { id: person.userId } })).json();
    expect(list).toEqual([{ id: thoughtId, title: "First, edited", content: "Hello again", created_at: thoughtDate }]);

    expect((await as(person.cookie).thoughts.$delete({ json: { thoughtId } })).status).toBe(200);
    expect(await (await as().thoughts.from_db_by_user_id[":id"].$get({ param: { id: person.userId } })).json()).toEqual(
      [],
    );
  });

  it("requires both title and content, within 50 and 3000 characters", async () => {
    const person = await signedIn(api);
    const send = (json: Record<string, unknown>) =>
      api.request("POST", "/api/thoughts/to_db", { body: json, cookie: person.cookie });
    for (const body of [{ title: "only a title" }, { content: "only content" }, { title: "  ", content: "x" }, {}]) {
      const response = await send(body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).error).toBe("title or content missing!");
    }
    const longTitle = await send({ title: "t".repeat(51), content: "c" });
    expect((await errorOf(longTitle)).error).toBe("Titles are at most 50 characters.");
    const longContent = await send({ title: "t", content: "c".repeat(3001) });
    expect((await errorOf(longContent)).error).toBe("Thoughts are at most 3000 characters.");
    expect((await send({ title: "t".repeat(50), content: "c".repeat(3000) })).status).toBe(201);
    const updateMissing = await api.request("PUT", "/api/thoughts", {
      body: { thought: { id: "x", title: "", content: "c" } },
      cookie: person.cookie,
    });
    expect((await errorOf(updateMissing)).error).toBe("title or content missing!");
    const list = await (await as().thoughts.from_db_by_user_id[":id"].$get({ param: { id: person.userId } })).json();
    expect(list).toHaveLength(1);
  });

  it("lets nobody else (signed in or not) change or delete a person's thought", async () => {
    const owner = await signedIn(api);
    const other = await signedIn(api);
    const { thoughtId } = await (
      await as(owner.cookie).thoughts.to_db.$post({ json: { title: "Mine", content: "Only mine" } })
    ).json();
    const edit = { json: { thought: { id: thoughtId, title: "Theirs", content: "Taken" } } };
    expect((await as(other.cookie).thoughts.$put(edit)).status).toBe(404);
    expect((await as(other.cookie).thoughts.$delete({ json: { thoughtId } })).status).toBe(404);
    expect((await as().thoughts.$put(edit)).status).toBe(401);
    expect((await as().thoughts.$delete({ json: { thoughtId } })).status).toBe(401);
    expect((await as().thoughts.to_db.$post({ json: { title: "a", content: "b" } })).status).toBe(401);
    const list = await (await as().thoughts.from_db_by_user_id[":id"].$get({ param: { id: owner.userId } })).json();
    expect(list.map((t) => t.title)).toEqual(["Mine"]);
  });

  it(`keeps a person within ${THOUGHTS_MAX} thoughts when 30 arrive at once`, async () => {
    const person = await signedIn(api);
    // Near the limit already (the count is what the limit reads), so 30 at once must stop at it.
    await ProfileCountsEntity.update({ userId: person.userId })
      .set({ thoughts: THOUGHTS_MAX - 3 })
      .go();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        as(person.cookie).thoughts.to_db.$post({ json: { title: `Thought ${i}`, content: "parallel" } }),
      ),
    );
    const statuses = answers.map((r): number => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 400)).toHaveLength(27);
    expect(await errorOf(answers.find((r) => (r.status as number) === 400)!)).toMatchObject({
      error: `You can keep at most ${THOUGHTS_MAX} thoughts.`,
      code: "limit_reached",
    });
    const list = await (await as().thoughts.from_db_by_user_id[":id"].$get({ param: { id: person.userId } })).json();
    expect(list).toHaveLength(3);
  });
});

describe("websites", () => {
  it("adds, lists and deletes websites; only the owner deletes", async () => {
    const owner = await signedIn(api);
    const other = await signedIn(api);
    const added = await as(owner.cookie).websites.to_db.$post({ json: { url: "example.com" } });
    expect(added.status).toBe(201);
    const { id } = await added.json();
    expect((await as(other.cookie).websites.$delete({ json: { websiteId: id } })).status).toBe(404);
    expect((await as().websites.$delete({ json: { websiteId: id } })).status).toBe(401);
    expect((await as().websites.to_db.$post({ json: { url: "x.example" } })).status).toBe(401);
    // Websites are hidden by default: only the owner reads them.
    const read = (cookie?: string) =>
      as(cookie).websites.from_db_by_user_id[":id"].$get({ param: { id: owner.userId } });
    expect(await (await read(owner.cookie)).json()).toEqual([{ id, url: "example.com" }]);
    expect(await (await read()).json()).toEqual([]);
    const bad = await as(owner.cookie).websites.to_db.$post({ json: { url: "not an address" } });
    expect((await errorOf(bad)).error).toBe("That is not a web address.");
    expect((await as(owner.cookie).websites.$delete({ json: { websiteId: id } })).status).toBe(200);
  });

  it(`keeps a person within ${WEBSITES_MAX} websites when 30 are added at once`, async () => {
    const person = await signedIn(api);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        as(person.cookie).websites.to_db.$post({ json: { url: `site${i}.example` } }),
      ),
    );
    const statuses = answers.map((r): number => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(WEBSITES_MAX);
    expect(statuses.filter((s) => s === 400)).toHaveLength(30 - WEBSITES_MAX);
    const list = await (
      await as(person.cookie).websites.from_db_by_user_id[":id"].$get({ param: { id: person.userId } })
    ).json();
    expect(list).toHaveLength(WEBSITES_MAX);
  });
});

describe("hidden sections", () => {
  /** Every per-section read of a profile anyone may call, as `cookie` (signed out when undefined) sees it. */
  async function sectionReads(ownerId: string, cookie?: string) {
    const param = { param: { id: ownerId } };
    const [aboutMe, thoughts, websites, topics, articles] = await Promise.all([
      as(cookie).contacts.from_db[":id"].$get(param),
      as(cookie).thoughts.from_db_by_user_id[":id"].$get(param),
      as(cookie).websites.from_db_by_user_id[":id"].$get(param),
      as(cookie).gpt.from_db[":id"].$get(param),
      as(cookie).articles.from_db_by_user_id[":id"].$get(param),
    ]);
    for (const response of [aboutMe, thoughts, websites, topics, articles]) expect(response.status).toBe(200);
    return {
      aboutMe: await aboutMe.json(),
      thoughts: await thoughts.json(),
      websites: await websites.json(),
      topics: await topics.json(),
      articles: await articles.json(),
    };
  }
  const showOnly = (cookie: string, userId: string, shown: string[]) =>
    as(cookie).users.profile_order.$post({
      json: { userId, sectionOrder: DEFAULT_SECTION_ORDER.map((s) => ({ ...s, visible: shown.includes(s.id) })) },
    });

  it("answers a hidden section empty to everyone but its owner, on every read", async () => {
    const owner = await signedIn(api);
    const other = await signedIn(api);
    const articleId = await anArticle("A liked article");
    await as(owner.cookie).articles.toggle_add_article.$post({ json: { articleId, added: true } });
    await as(owner.cookie).thoughts.to_db.$post({ json: { title: "Private", content: "A hidden thought" } });
    await as(owner.cookie).websites.to_db.$post({ json: { url: "hidden.example" } });
    await as(owner.cookie).contacts.to_db.$post({ form: { about: "me.example", socials: "social.example" } });
    await as(owner.cookie).gpt.to_db.$post({ json: { keyTopicsArray: ["Hidden Gardens"] } });
    const everything = await sectionReads(owner.userId, owner.cookie);
    expect(everything).toMatchObject({
      aboutMe: [{ about: "me.example", socials: "social.example" }],
      thoughts: [{ title: "Private" }],
      websites: [{ url: "hidden.example" }],
      topics: [{ topic: "Hidden Gardens" }],
      articles: [{ id: articleId }],
    });
    // By default only websites are hidden.
    for (const cookie of [undefined, other.cookie]) {
      expect(await sectionReads(owner.userId, cookie)).toEqual({ ...everything, websites: [] });
    }

    expect((await showOnly(owner.cookie, owner.userId, [])).status).toBe(200);
    const nothing = { aboutMe: [], thoughts: [], websites: [], topics: [], articles: [] };
    for (const cookie of [undefined, other.cookie]) {
      expect(await sectionReads(owner.userId, cookie)).toEqual(nothing);
    }
    // The owner still reads all of it (the settings page does).
    expect(await sectionReads(owner.userId, owner.cookie)).toEqual(everything);
    // The public page's one read leaves the same sections out, for the owner too (it is the public view).
    const profile = await (await profileOf(owner.username)).json();
    expect(profile).toMatchObject({ aboutMe: null, thoughts: [], websites: [], topics: [], articles: [] });
    // The person's aims belong to "about me": only the owner reads them, whatever is shown.
    expect((await as(other.cookie).aims.from_db[":userId"].$get({ param: { userId: owner.userId } })).status).toBe(403);

    // Shown again, each reads as before.
    await showOnly(owner.cookie, owner.userId, ["aboutMe", "thoughts", "websites", "topics", "articles"]);
    expect(await sectionReads(owner.userId)).toEqual(everything);
  });

  it("leaves a hidden section out of mutual interests: another person cannot find it by comparing", async () => {
    const owner = await signedIn(api);
    const other = await signedIn(api);
    const articleId = await anArticle("An article both liked");
    for (const person of [owner, other]) {
      await as(person.cookie).gpt.to_db.$post({ json: { keyTopicsArray: ["Shared Secret Topic"] } });
      await as(person.cookie).articles.toggle_add_article.$post({ json: { articleId, added: true } });
    }
    const compare = async () => {
      const param = { param: { id: owner.userId } };
      const [overlap, count] = await Promise.all([
        as(other.cookie).overlap.user_overlap[":id"].$get(param),
        as(other.cookie).overlap.user_overlap_number[":id"].$get(param),
      ]);
      return { overlap: await overlap.json(), count: await count.json() };
    };
    const shown = await compare();
    expect(shown.overlap).toMatchObject({ topics: [{ topic: "Shared Secret Topic" }], articles: [{ id: articleId }] });
    expect(shown.count).toEqual({ count: 2 });

    await showOnly(owner.cookie, owner.userId, ["aboutMe"]);
    const hidden = await compare();
    expect(hidden.overlap).toMatchObject({ topics: [], articles: [], count: 0, compatibility: { top: [] } });
    expect(hidden.count).toEqual({ count: 0 });
    // The owner still sees what they share with the other person (whose sections are shown).
    const mine = await (
      await as(owner.cookie).overlap.user_overlap[":id"].$get({ param: { id: other.userId } })
    ).json();
    expect(mine.count).toBe(2);
  });
});

describe("section order", () => {
  it("answers the default order until one is saved, by id and by username", async () => {
    const person = await signedIn(api);
    const byId = await (await as().users.profile_order[":id"].$get({ param: { id: person.userId } })).json();
    expect(byId).toEqual({ userId: person.userId, sectionOrder: DEFAULT_SECTION_ORDER });
    expect(byId.sectionOrder.at(-1)).toEqual({ id: "websites", order: 10, visible: false });

    const reordered = [...DEFAULT_SECTION_ORDER]
      .reverse()
      .map((s, order) => ({ ...s, order, visible: s.id !== "books" }));
    const saved = await as(person.cookie).users.profile_order.$post({
      json: { userId: person.userId, sectionOrder: reordered },
    });
    expect(saved.status).toBe(200);
    const byName = await (
      await as().users.profile_order_by_username[":username"].$get({ param: { username: person.username } })
    ).json();
    expect(byName).toEqual({ userId: person.userId, sectionOrder: reordered });
  });

  it("refuses another person's order (403), anonymous saves (401) and unknown sections (400)", async () => {
    const owner = await signedIn(api);
    const other = await signedIn(api);
    const sectionOrder = DEFAULT_SECTION_ORDER.map((s) => ({ ...s, visible: false }));
    const json = { userId: owner.userId, sectionOrder };
    expect((await as(other.cookie).users.profile_order.$post({ json })).status).toBe(403);
    expect((await as().users.profile_order.$post({ json })).status).toBe(401);
    const unknown = await api.request("POST", "/api/users/profile_order", {
      body: { userId: owner.userId, sectionOrder: [{ id: "secrets", order: 0, visible: true }] },
      cookie: owner.cookie,
    });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).error).toBe("sectionOrder names a section that does not exist.");
    const read = await (await as().users.profile_order[":id"].$get({ param: { id: owner.userId } })).json();
    expect(read.sectionOrder).toEqual(DEFAULT_SECTION_ORDER);
  });
});

describe("aims bulk replace", () => {
  it("replaces every aim, drops empty ones, keeps at most 5 and needs a session", async () => {
    const person = await signedIn(api);
    await as(person.cookie).aims.to_db.$post({ json: { aims: ["old one", "old two"] } });
    const replaced = await as(person.cookie).aims.to_db_bulk_replace.$post({ json: { aims: ["new", "", "  "] } });
    expect(replaced.status).toBe(200);
    const aims = await (
      await as(person.cookie).aims.from_db[":userId"].$get({ param: { userId: person.userId } })
    ).json();
    expect(aims.map((a) => a.content)).toEqual(["new"]);
    const tooMany = await as(person.cookie).aims.to_db_bulk_replace.$post({
      json: { aims: ["1", "2", "3", "4", "5", "6"] },
    });
    expect(tooMany.status).toBe(400);
    const tooLong = await as(person.cookie).aims.to_db_bulk_replace.$post({ json: { aims: ["x".repeat(281)] } });
    expect(tooLong.status).toBe(400);
    expect((await as().aims.to_db_bulk_replace.$post({ json: { aims: ["a"] } })).status).toBe(401);
  });
});

describe("usernames", () => {
  it("checks availability and refuses names under 3 characters with the spec's message", async () => {
    const person = await signedIn(api);
    const check = async (username: string, cookie?: string) =>
      as(cookie).users.username_check.$get({ query: { username } });
    expect(await (await check(person.username)).json()).toEqual({ isAvailable: false });
    expect(await (await check(person.username, person.cookie)).json()).toEqual({ isAvailable: true });
    expect(await (await check(newPerson("free").username)).json()).toEqual({ isAvailable: true });
    const short = await check("ab");
    expect(short.status).toBe(400);
    expect((await errorOf(short)).error).toBe("Username must be at least 3 characters.");
    const change = await as(person.cookie).users.username.$put({ json: { username: "ab" } });
    expect((await errorOf(change)).error).toBe("Username must be at least 3 characters.");
    const missing = await api.request("PUT", "/api/users/username", { body: {}, cookie: person.cookie });
    expect((await errorOf(missing)).error).toBe("Username must be at least 3 characters.");
    const tooLong = await as(person.cookie).users.username.$put({ json: { username: "x".repeat(21) } });
    expect(tooLong.status).toBe(400);
    expect((await as().users.username.$put({ json: { username: "anonymous1" } })).status).toBe(401);
  });

  it("changes the name, keeps the old one reserved for its owner and lets old links find them", async () => {
    const person = await signedIn(api);
    const stranger = await signedIn(api);
    const next = newPerson("renamed").username;
    const changed = await as(person.cookie).users.username.$put({ json: { username: next } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ username: next });
    expect(await (await as().users.username[":id"].$get({ param: { id: person.userId } })).json()).toEqual({
      username: next,
    });

    // The old name: nobody else may take it, by a change or a sign-up.
    const old = person.username;
    expect(await (await as().users.username_check.$get({ query: { username: old } })).json()).toEqual({
      isAvailable: false,
    });
    const takeover = await as(stranger.cookie).users.username.$put({ json: { username: old } });
    expect(takeover.status).toBe(409);
    const signup = await api
      .client({ address: uniqueAddress() })
      .signup.$post({ json: { ...newPerson("squat"), username: old } });
    expect(signup.status).toBe(409);
    // A link to the old name still finds its owner, under the new name.
    const viaOld = await profileOf(old);
    expect(viaOld.status).toBe(200);
    expect((await viaOld.json()).username).toBe(next);
    // The old name is remembered on the account (so deleting the account frees it too).
    const { data: account } = await UserEntity.get({ userId: person.userId }).go();
    expect(account?.formerUsernames).toEqual([old.toLowerCase()]);
    // The owner may take it back.
    expect(await (await as(person.cookie).users.username_check.$get({ query: { username: old } })).json()).toEqual({
      isAvailable: true,
    });

    // After the reservation, the old name is free for anyone.
    travel((USERNAME_RESERVED_DAYS + 1) * 24 * 60 * 60 * 1000);
    expect(await (await as().users.username_check.$get({ query: { username: old } })).json()).toEqual({
      isAvailable: true,
    });
    // (A month on, sessions from before have ended: a new person takes it.)
    const newcomer = await signedIn(api);
    expect((await as(newcomer.cookie).users.username.$put({ json: { username: old } })).status).toBe(200);
    expect((await profileOf(old).then((r) => r.json())).userId).toBe(newcomer.userId);
  });

  it(`allows ${USERNAME_CHANGES_PER_DAY} changes a day when 30 arrive at once, then 429`, async () => {
    const person = await signedIn(api);
    const names = Array.from({ length: 30 }, (_, i) => `par${i}${Math.random().toString(36).slice(2, 8)}`);
    const answers = await Promise.all(
      names.map((username) => as(person.cookie).users.username.$put({ json: { username } })),
    );
    const statuses = answers.map((r): number => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(USERNAME_CHANGES_PER_DAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - USERNAME_CHANGES_PER_DAY);
    expect((await errorOf(answers.find((r) => r.status === 429)!)).error).toBe("out of name changes for today!");
    // The name is the last change that went through; every name it passed through stays reserved for the person.
    const { username } = await (await as().users.username[":id"].$get({ param: { id: person.userId } })).json();
    const changedTo = names.filter((_, i) => statuses[i] === 200);
    expect(changedTo).toContain(username);
    for (const name of [person.username, ...changedTo]) {
      expect(await (await as().users.username_check.$get({ query: { username: name } })).json()).toEqual({
        isAvailable: false,
      });
    }
    const later = await as(person.cookie).users.username.$put({ json: { username: newPerson("late").username } });
    expect(later.status).toBe(429);
  }, 120_000);
});

describe("node count and the public profile", () => {
  it("counts the articles the person added to graph", async () => {
    const person = await signedIn(api);
    const count = () => as().users.node_number[":userId"].$get({ param: { userId: person.userId } });
    expect(await (await count()).json()).toEqual({ likeCount: 0 });
    for (const articleId of [await anArticle(), await anArticle()]) {
      await as(person.cookie).articles.toggle_add_article.$post({ json: { articleId, added: true } });
    }
    expect(await (await count()).json()).toEqual({ likeCount: 2 });
  });

  it("answers the whole public profile in one read, without private data, hidden sections left out", async () => {
    const person = await signedIn(api);
    const articleId = await anArticle("An article with a title longer than forty characters");
    await as(person.cookie).articles.toggle_add_article.$post({ json: { articleId, added: true } });
    await as(person.cookie).aims.to_db.$post({ json: { aims: ["Read more"] } });
    await as(person.cookie).thoughts.to_db.$post({ json: { title: "Hi", content: "A thought" } });
    await as(person.cookie).websites.to_db.$post({ json: { url: "mine.example" } });
    await as(person.cookie).contacts.to_db.$post({ form: { about: "me.example", socials: "" } });
    await as(person.cookie).gpt.to_db.$post({ json: { keyTopicsArray: ["Jazz Piano"] } });
    await as(person.cookie).users.update_email_digest_preferences.$post({ json: { wantsEmailDigest: true } });

    const response = await profileOf(person.username.toUpperCase());
    expect(response.status).toBe(200);
    const profile = await response.json();
    expect(profile).toMatchObject({
      userId: person.userId,
      username: person.username,
      likeCount: 1,
      aboutMe: { about: "me.example", socials: "", aims: [{ content: "Read more" }] },
      thoughts: [{ title: "Hi", content: "A thought" }],
      topics: [{ topic: "Jazz Piano", topic_original: "Jazz Piano" }],
      articles: [{ id: articleId }],
      // Websites are hidden by default.
      websites: [],
      books: [],
      images: [],
    });
    const text = JSON.stringify(profile);
    for (const secret of [
      person.email,
      "wantsEmailDigest",
      "timezone",
      "passwordHash",
      "seen",
      "silenced",
      "suggested",
    ]) {
      expect(text).not.toContain(secret);
    }

    await as(person.cookie).users.profile_order.$post({
      json: {
        userId: person.userId,
        sectionOrder: DEFAULT_SECTION_ORDER.map((s) => ({ ...s, visible: s.id === "websites" })),
      },
    });
    const narrowed = await (await profileOf(person.username)).json();
    expect(narrowed.websites).toEqual([{ id: expect.any(String), url: "mine.example" }]);
    expect(narrowed.thoughts).toEqual([]);
    expect(narrowed.aboutMe).toBeNull();
  });

  it("answers 404 for unknown and unverified names", async () => {
    expect((await profileOf("nobody-by-this-name")).status).toBe(404);
    const unverified = newPerson("unverified");
    await api.client({ address: uniqueAddress() }).signup.$post({ json: unverified });
    expect((await profileOf(unverified.username)).status).toBe(404);
    expect(
      (await as().users.profile_order_by_username[":username"].$get({ param: { username: unverified.username } }))
        .status,
    ).toBe(404);
  });

  it("purges every profile item of a deleted account, and may run again", async () => {
    const person = await signedIn(api);
    await as(person.cookie).thoughts.to_db.$post({ json: { title: "Gone", content: "Soon" } });
    await as(person.cookie).websites.to_db.$post({ json: { url: "gone.example" } });
    await as(person.cookie).contacts.to_db.$post({ form: { about: "gone.example", socials: "" } });
    await as(person.cookie).users.profile_order.$post({
      json: { userId: person.userId, sectionOrder: DEFAULT_SECTION_ORDER.map((s) => ({ ...s })) },
    });
    await Profile.purgeAccount(person.userId);
    await Profile.purgeAccount(person.userId);
    expect(await Profile.listThoughts(person.userId)).toEqual([]);
    expect(await Profile.listWebsites(person.userId)).toEqual([]);
    expect(await Profile.readContacts(person.userId)).toEqual([]);
    expect(await Profile.readSectionOrder(person.userId)).toEqual(DEFAULT_SECTION_ORDER);
    const { data: counts } = await ProfileCountsEntity.get({ userId: person.userId }).go();
    expect(counts).toBeNull();
  });
});
