import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as Accounts from "@graph/core/workflows/account-deletion";
import { phraseKey } from "@graph/core/lib/matching";
import * as Realtime from "@graph/core/modules/realtime";
import * as Sources from "@graph/core/modules/sources";
import { ArticleEntity } from "../../packages/core/src/modules/articles/article.entity.ts";
import { DigestSendEntity } from "../../packages/core/src/modules/digest/digest-send.entity.ts";
import { SourceEntity } from "../../packages/core/src/modules/sources/source.entity.ts";
import { UserEntity } from "../../packages/core/src/modules/users/user.entity.ts";
import { SuggestedSourceEntity } from "../../packages/core/src/modules/sources/suggested-source.entity.ts";
import { recordSuggester } from "../../packages/core/src/modules/sources/trust.ts";
import { DictionaryPhraseEntity } from "../../packages/core/src/modules/topics/dictionary-phrase.entity.ts";
import { shardOf } from "../../packages/core/src/modules/topics/dictionary.ts";
import { errorOf, newPerson, sessionCookie, signedIn, uniqueAddress, useTestApi } from "../support/runtime.ts";
import { holding, scanTable } from "../support/table.ts";

/**
 * Deleting an account: marked in one write (no sign-in, every session refused at once), then
 * swept away step by step from the account queue, resumable after a crash.
 */
const api = useTestApi();
const QUEUE = "AccountQueue";
const SOURCE_ID = "deletion-test-source";

afterEach(() => {
  api.runtime.dynamoFaults.clear();
  api.runtime.dispatcher.release(QUEUE);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

beforeAll(async () => {
  await Sources.ensureCatalogue([
    {
      sourceId: SOURCE_ID,
      name: "Deletion Test Weekly",
      siteUrl: "https://deletion-test.example",
      // Never fetched within the test's time (the ingest schedule is off in tests).
      feedUrl: "https://deletion-test.example/feed.xml",
      type: "rss",
    },
  ]);
});

async function storeArticle(title: string) {
  const articleId = `art-${randomUUID()}`;
  const now = Date.now();
  await ArticleEntity.create({
    articleId,
    sourceId: SOURCE_ID,
    sourceName: "Deletion Test Weekly",
    sourceType: "rss",
    title,
    link: `https://deletion-test.example/${articleId}`,
    guid: articleId,
    publishedAt: now,
    ingestedAt: now,
    day: new Date(now).toISOString().slice(0, 10),
    fingerprint: articleId,
  }).go();
  return articleId;
}

const followersOf = async (phrase: string) =>
  (await DictionaryPhraseEntity.get({ shard: shardOf(phrase), phrase }).go()).data?.followers;

/** A second browser signed in to the same account. */
async function secondBrowser(person: { username: string; password: string }) {
  const login = await api
    .client({ address: uniqueAddress() })
    .login.$post({ json: { identifier: person.username, password: person.password } });
  expect(login.status).toBe(200);
  return sessionCookie(login)!;
}

/** A signed-in person with items in every module that keeps a person's data. */
async function personWithEverything(shared: string) {
  const person = await signedIn(api);
  const client = api.client({ cookie: person.cookie });
  const own = `Deletion Probe ${person.userId.slice(0, 8)}`;
  expect((await client.gpt.to_db.$post({ json: { keyTopicsArray: [shared, own, "Tidal Energy"] } })).status).toBe(200);
  const topics = await (await client.gpt.from_db[":id"].$get({ param: { id: person.userId } })).json();
  const probe = topics.find((t) => t.topic.toLowerCase() === own.toLowerCase())!;
  expect((await client.gpt.toggle_supertag.$post({ json: { topicId: probe.id, isSupertag: true } })).status).toBe(200);
  expect((await client.gpt.skip_topic.$post({ json: { topicId: "t-skipped-one", topic: "" } })).status).toBe(200);
  expect((await client.aims.to_db_bulk_replace.$post({ json: { aims: ["read more", "write more"] } })).status).toBe(
    200,
  );

  const liked = await storeArticle("A story worth keeping");
  expect((await client.articles.toggle_add_article.$post({ json: { articleId: liked, added: true } })).status).toBe(
    200,
  );
  expect((await client.articles.mark_seen.$post({ json: { articleIds: [liked, "art-seen-elsewhere"] } })).status).toBe(
    200,
  );
  expect((await client.rss.articles.$get({ query: {} })).status).toBe(200);
  expect((await client.rss.user_source_blacklist.$post({ json: { sourceId: SOURCE_ID } })).status).toBe(200);
  expect(
    (await client.rss.user_source_suggested_list.$post({ json: { sourceLink: "https://nowhere.invalid/blog" } }))
      .status,
  ).toBe(201);
  // A suggestion of a feed graph already reads: the person counts among the source's suggesters.
  const suggestionId = randomUUID();
  await SuggestedSourceEntity.create({
    userId: person.userId,
    suggestionId,
    websiteUrl: "https://deletion-test.example",
    rssFeedUrl: "https://deletion-test.example/feed.xml",
    approvalState: "duplicate",
    sourceId: SOURCE_ID,
    createdAt: Date.now(),
  }).go();
  expect(await recordSuggester(SOURCE_ID, { userId: person.userId, suggestionId })).toMatchObject({ counted: true });

  expect((await client.users.update_email_digest_preferences.$post({ json: { wantsEmailDigest: true } })).status).toBe(
    200,
  );
  await DigestSendEntity.create({
    userId: person.userId,
    localDay: "2026-01-01",
    sentAt: Date.now(),
    articles: 3,
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
  }).go();

  // A muted word (on a plan with filters), a private Atom feed and an OPML import (its one feed
  // checked by the worker).
  await UserEntity.patch({ userId: person.userId }).set({ plan: "pro" }).go();
  expect((await client.mutes.$post({ json: { word: "spoilers" } })).status).toBe(200);
  expect((await client.atom.$post()).status).toBe(200);
  const opml =
    '<opml version="2.0"><body><outline text="Nowhere" xmlUrl="https://nowhere.invalid/feed.xml"/></body></opml>';
  expect((await client.opml.import.$post({ json: { fileName: "reader.opml", opml } })).status).toBe(202);

  await Realtime.connected(`conn-${randomUUID()}`, { userId: person.userId });
  // A reset link, and a failed log-in (the account's log-in limit).
  expect(
    (
      await api
        .client({ address: uniqueAddress() })
        .password.request_password_reset.$post({ json: { email: person.email } })
    ).status,
  ).toBe(200);
  await api
    .client({ address: uniqueAddress() })
    .login.$post({ json: { identifier: person.username, password: "not the password" } });
  await api.runtime.dispatcher.idle();
  return { ...person, probePhrase: phraseKey(own) };
}

const deleteAccount = (cookie: string | undefined, password?: string) =>
  api
    .client({ cookie, address: uniqueAddress() })
    .users.delete.$post({ json: password === undefined ? {} : { password } });

/** Waits until no deletion of the person is under way (the sweep finished). */
const swept = (userId: string) =>
  expect.poll(() => Accounts.deletionProgress(userId), { timeout: 30_000, interval: 100 }).toBeUndefined();

describe("the auth provider", () => {
  it("answers email for a password account, and 401 without a session", async () => {
    const person = await signedIn(api);
    const answer = await api.client({ cookie: person.cookie }).users.auth_provider.$get();
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ auth_provider: "email", provider: "password" });
    expect((await api.client().users.auth_provider.$get()).status).toBe(401);
  });
});

describe("refused deletions change nothing", () => {
  it("refuses anonymous callers, a missing password and a wrong one; the account works on", async () => {
    const person = await signedIn(api);
    expect((await deleteAccount(undefined, person.password)).status).toBe(401);

    const missing = await deleteAccount(person.cookie);
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).error).toBe(Accounts.ACCOUNT_MESSAGES.passwordRequired);
    const blank = await deleteAccount(person.cookie, "");
    expect(blank.status).toBe(400);

    const wrong = await deleteAccount(person.cookie, "not my password");
    expect(wrong.status).toBe(403);
    expect(await errorOf(wrong)).toMatchObject({ error: "Wrong password.", code: "invalid_credentials" });

    const nonJson = await api.request("POST", "/api/users/delete", {
      rawBody: `password=${encodeURIComponent(person.password)}`,
      cookie: person.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(nonJson.status).toBe(415);

    await api.runtime.dispatcher.idle();
    expect(await Accounts.deletionProgress(person.userId)).toBeUndefined();
    const check = await (await api.client({ cookie: person.cookie }).check_auth.$get()).json();
    expect(check).toMatchObject({ isAuthenticated: true, userId: person.userId });
  });

  it("limits wrong passwords like log-ins: of 30 parallel guesses at most 10 are checked, the rest get 429", async () => {
    const person = await signedIn(api);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api
          .client({ cookie: person.cookie, address: `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}` })
          .users.delete.$post({ json: { password: `guess ${i}` } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 403).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.every((s) => s === 403 || s === 429)).toBe(true);
    // The same limit as the log-in page: the right password is refused too until it passes.
    expect((await deleteAccount(person.cookie, person.password)).status).toBe(429);
    const login = await api
      .client({ address: uniqueAddress() })
      .login.$post({ json: { identifier: person.username, password: person.password } });
    expect(login.status).toBe(429);
    expect(await Accounts.deletionProgress(person.userId)).toBeUndefined();
  });
});

describe("deleting an account", () => {
  it("removes every item holding the person's id, frees their names, and signs them out everywhere at once", async () => {
    const shared = `Shared Deletion Topic ${randomUUID().slice(0, 6)}`;
    const sharedPhrase = phraseKey(shared);
    const other = await signedIn(api);
    const otherClient = api.client({ cookie: other.cookie });
    expect((await otherClient.gpt.to_db.$post({ json: { keyTopicsArray: [shared] } })).status).toBe(200);

    const person = await personWithEverything(shared);
    const elsewhere = await secondBrowser(person);
    expect(holding(await scanTable(), person.userId).length).toBeGreaterThan(20);
    expect(await followersOf(sharedPhrase)).toBe(2);
    const suggestersBefore = (await SourceEntity.get({ sourceId: SOURCE_ID }).go()).data!.suggesterCount;

    const found = async () =>
      (await (await otherClient.users.search.$get({ query: { q: person.username } })).json()).map((p) => p.id);
    expect(await found()).toEqual([person.userId]);

    // The sweep waits: what follows is the mark's doing alone.
    api.runtime.dispatcher.hold(QUEUE);
    const deleted = await deleteAccount(person.cookie, person.password);
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get("set-cookie")).toMatch(/graph_session=;/);

    // Signed out everywhere at once, and no way back in.
    expect((await api.client({ cookie: elsewhere }).users.auth_provider.$get()).status).toBe(401);
    expect((await api.client({ cookie: elsewhere }).articles.liked_ids.$get()).status).toBe(401);
    expect(await (await api.client({ cookie: elsewhere }).check_auth.$get()).json()).toEqual({
      isAuthenticated: false,
    });
    const relogin = await api
      .client({ address: uniqueAddress() })
      .login.$post({ json: { identifier: person.username, password: person.password } });
    expect(relogin.status).toBe(401);
    expect(
      (await api.client({ cookie: person.cookie }).users.delete.$post({ json: { password: person.password } })).status,
    ).toBe(401);

    // Nobody finds the person any more.
    expect(await found()).toEqual([]);

    api.runtime.dispatcher.release(QUEUE);
    await swept(person.userId);

    const left = holding(await scanTable(), person.userId);
    expect(left).toEqual([]);
    expect(holding(await scanTable(), person.email)).toEqual([]);
    expect(await followersOf(sharedPhrase)).toBe(1);
    expect(await followersOf(person.probePhrase)).toBe(0);
    const source = (await SourceEntity.get({ sourceId: SOURCE_ID }).go()).data!;
    expect(source.suggesterCount).toBe(suggestersBefore - 1);

    // The other person's data is untouched.
    const theirs = await (await otherClient.gpt.from_db[":id"].$get({ param: { id: other.userId } })).json();
    expect(theirs.map((t) => phraseKey(t.topic))).toEqual([sharedPhrase]);
    expect((await otherClient.check_auth.$get()).status).toBe(200);

    // The username and e-mail are free again.
    const again = await api
      .client({ address: uniqueAddress() })
      .signup.$post({ json: { username: person.username, email: person.email, password: "another passphrase" } });
    expect(again.status).toBe(201);
    expect((await again.json()).userId).not.toBe(person.userId);
  });

  it("a sweep cut short leaves an account that cannot sign in, and its redelivery finishes the job", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const shared = `Crash Shared Topic ${randomUUID().slice(0, 6)}`;
    const other = await signedIn(api);
    expect(
      (await api.client({ cookie: other.cookie }).gpt.to_db.$post({ json: { keyTopicsArray: [shared] } })).status,
    ).toBe(200);
    const person = await personWithEverything(shared);
    const elsewhere = await secondBrowser(person);

    // DynamoDB fails every write that removes one of the person's likes: the feed step cannot finish.
    const fault = api.runtime.dynamoFaults.inject({
      operation: ["BatchWriteItem", "TransactWriteItems", "DeleteItem"],
      error: "InternalServerError",
      match: (request) =>
        JSON.stringify(request).includes(`userid_${person.userId}`) && JSON.stringify(request).includes("$like_"),
    });
    expect((await deleteAccount(person.cookie, person.password)).status).toBe(200);
    await expect.poll(() => fault.hits, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);

    // Half-way: the steps before the failing one are recorded done, the rest wait.
    const progress = await Accounts.deletionProgress(person.userId);
    expect(progress?.done).toEqual(["sign-in", "realtime", "topics"]);
    expect((await api.client({ cookie: elsewhere }).users.auth_provider.$get()).status).toBe(401);
    const login = await api
      .client({ address: uniqueAddress() })
      .login.$post({ json: { identifier: person.email, password: person.password } });
    expect(login.status).toBe(401);
    expect(holding(await scanTable(), person.userId).length).toBeGreaterThan(0);

    fault.remove();
    await swept(person.userId);
    expect(holding(await scanTable(), person.userId)).toEqual([]);
    // The topics step ran once: the shared phrase lost exactly one follower.
    expect(await followersOf(phraseKey(shared))).toBe(1);
    expect(api.runtime.dispatcher.deadLetters(QUEUE)).toEqual([]);
  });

  it("a process killed between steps resumes from the next step; the schedule queues again a deletion whose message was lost", async () => {
    const person = await personWithEverything(`Killed Topic ${randomUUID().slice(0, 6)}`);
    api.runtime.dispatcher.hold(QUEUE);
    expect((await deleteAccount(person.cookie, person.password)).status).toBe(200);

    // A sweep that dies after the topics step (the process killed before the feed step).
    const ran: string[] = [];
    const steps = Accounts.DELETION_STEPS.map((step) => ({
      name: step.name,
      run: async (account: Accounts.DeletingAccount) => {
        if (step.name === "feed") throw new Error("killed");
        ran.push(step.name);
        await step.run(account);
      },
    }));
    await expect(Accounts.sweep(person.userId, steps)).rejects.toThrow("killed");
    expect(ran).toEqual(["sign-in", "realtime", "topics"]);
    expect((await Accounts.deletionProgress(person.userId))?.done).toEqual(ran);

    // The next run resumes at the feed step: the steps done are not run again.
    const resumed: string[] = [];
    const watching = Accounts.DELETION_STEPS.map((step) => ({
      name: step.name,
      run: async (account: Accounts.DeletingAccount) => {
        resumed.push(step.name);
        if (step.name === "digest") throw new Error("killed again");
        await step.run(account);
      },
    }));
    await expect(Accounts.sweep(person.userId, watching)).rejects.toThrow("killed again");
    expect(resumed).toEqual(["feed", "sources", "digest"]);

    // Its message is lost (still held here); ten minutes on, the schedule queues the sweep again.
    expect(await Accounts.requeueUnfinished()).toBe(0);
    expect(await Accounts.requeueUnfinished(Date.now() + Accounts.STALE_DELETION_MS + 1000)).toBe(1);
    api.runtime.dispatcher.release(QUEUE);
    await swept(person.userId);
    await api.runtime.dispatcher.idle();
    expect(holding(await scanTable(), person.userId)).toEqual([]);
    expect(api.runtime.dispatcher.deadLetters(QUEUE)).toEqual([]);
  });

  it("a new person may take the names while the old account's redelivered sweep runs again", async () => {
    const person = await signedIn(api, newPerson("reuse"));
    expect((await deleteAccount(person.cookie, person.password)).status).toBe(200);
    await swept(person.userId);
    const next = await signedIn(api, { username: person.username, email: person.email, password: "a new passphrase" });
    // A late duplicate of the old sweep finds nothing to do and leaves the new owner's claims alone.
    expect(await Accounts.sweep(person.userId)).toBe("nothing");
    const login = await api
      .client({ address: uniqueAddress() })
      .login.$post({ json: { identifier: person.username, password: "a new passphrase" } });
    expect(login.status).toBe(200);
    expect((await login.json()).userId).toBe(next.userId);
  });
});
