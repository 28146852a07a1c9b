import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as Search from "@graph/core/modules/search";
import * as Sources from "@graph/core/modules/sources";
import * as Topics from "@graph/core/modules/topics";
import * as Vocabulary from "@graph/core/modules/vocabulary";
import * as WatchHistory from "@graph/core/modules/watch-history";
import { ingestSource } from "@graph/core/workflows/ingest";
import { checkFeedImport } from "@graph/core/workflows/feed-import-check";
import { announceStored } from "../../packages/core/src/modules/feed/share.ts";
import { SourceEntity } from "../../packages/core/src/modules/sources/source.entity.ts";
import { storedArticle } from "../support/articles.ts";
import { isType, messageFrame, openSocket, type ChatSocket } from "../support/chat-sockets.ts";
import { costSince, describeCost, measure, totalCost, writeRequests, type Cost } from "../support/dynamo-costs.ts";
import { rss, startFeedServer, type FeedItem } from "../support/feeds.ts";
import { goodreadsExport } from "../support/media-exports.ts";
import { signedIn, useTestApi } from "../support/runtime.ts";
import { takeoutFile } from "../support/takeout.ts";

/**
 * What each hot path costs in DynamoDB, held to a budget: requests sent, items read and items
 * written (tests/support/dynamo-costs.ts), the same on every machine and what the path costs on
 * AWS. A path above its budget in any figure fails here. Figures are per unit (`per`): the cost
 * measured over several units divided by their number. A call through the API includes its
 * session check (two reads: the session and the account).
 *
 * Each budget is the cost measured when it was set, never more. A change that makes a path cheaper
 * lowers its budget with it; one that must cost more raises it here, in this table only, with the
 * reason in its commit. `PRINT_COSTS=1` prints what each path costs now.
 */
const BUDGETS = {
  // GET /api/rss/articles that computes a new feed (5 topics over 10 matching articles): the
  // session and the feed state's record of it, in one conditional transaction ...
  "feed refresh, recomputed": { per: "refresh", requests: 13, read: 30, written: 2 },
  // ... the next one, which answers the feed stored (the feed state read with it holds the session's start) ...
  "feed refresh, stored feed answered": { per: "read", requests: 6, read: 17, written: 0 },
  // ... and one whose If-None-Match names the feed's version: a 304 with nothing recomputed.
  "feed read, unchanged (304)": { per: "read", requests: 5, read: 6, written: 0 },
  // GET /api/users/profile/{username}, signed in: topics, thoughts, websites, added articles, books.
  "public profile": { per: "read", requests: 20, read: 22, written: 0 },
  // GET /api/overlap/user_overlap/{id} once both people's interest digests are built.
  "mutual interests": { per: "comparison", requests: 5, read: 19, written: 0 },
  // GET /api/feed/following: a page of 10 of 15 sessions shared by 5 people followed.
  "following feed": { per: "page", requests: 7, read: 22, written: 0 },
  // GET /api/rss/search in a process that has not listed the index lately.
  "article search": { per: "page", requests: 3, read: 3, written: 0 },
  // A message:new frame on the socket: stored, acknowledged, delivered to the other member. The
  // socket's session and account are checked in the send's transaction (two condition checks
  // among the items written) instead of by two reads.
  "chat message": { per: "message", requests: 3, read: 3, written: 7 },
  // Ingesting 5 new feeds of 5 articles each (every article matches a followed topic) ...
  // Which of a feed's items are stored is one batched read (its items read count the articles
  // found), and the dictionary's sync reads its shard clocks in one get instead of 16 queries.
  // A fresh stage's first ingest also asks once for the background of related terms (one
  // conditional put of its request item, however many ask). The transaction that stores a
  // feed's new articles also notes them on the source as not matched yet (one item), so a crash
  // before matching leaves them for the next ingest; the fetch's record takes them off.
  "ingest, first fetch": { per: "fetched feed", requests: 29, read: 6.4, written: 41.8, queries: 0 },
  // ... the same cost over the 25 articles stored ...
  "ingest, stored article": { per: "stored article", requests: 5.8, read: 1.28, written: 8.36, writeRequests: 4.36 },
  // ... and the 5 fetched again, each answered 304 Not Modified.
  "ingest, refetch answered 304": { per: "feed", requests: 2, read: 1, written: 1 },
  // POST /api/opml/import of 5 new feeds, and the import queue's check of them.
  "OPML import": { per: "feed", requests: 7.2, read: 2.8, written: 7.8 },
  // POST /api/books/add_from_csv of 5 Goodreads rows, each a book the catalogue holds.
  "Goodreads import": { per: "row", requests: 1.2, read: 0.6, written: 2.4 },
  // A 5,000-entry watch history: presigned, uploaded, started, and read by the import queue's job.
  "Takeout import": { per: "1,000 entries", requests: 2.8, read: 1.2, written: 1.4 },
} satisfies Record<string, Budget>;

interface Budget {
  /** The unit every figure is for. */
  per: string;
  requests: number;
  /** Items read: a query's count, a get's item, a batch get's items. */
  read: number;
  /** Items written: a put, update or delete, each item of a batch write or transaction (a condition check too). */
  written: number;
  /** Query requests. */
  queries?: number;
  /** Requests that write: puts, updates, deletes, batch writes, transactions. */
  writeRequests?: number;
}
type Figure = Exclude<keyof Budget, "per">;
const FIGURES: Figure[] = ["requests", "read", "written", "queries", "writeRequests"];

/** What each path cost a unit in this run, for PRINT_COSTS. */
const measured = new Map<string, Record<Figure, number>>();
afterAll(() => {
  if (!process.env.PRINT_COSTS) return;
  for (const [name, figures] of measured) {
    const budget: Budget = BUDGETS[name as keyof typeof BUDGETS];
    const shown = FIGURES.filter((f) => budget[f] !== undefined).map((f) => `${f} ${figures[f]} (budget ${budget[f]})`);
    console.log(`${name}, per ${budget.per}: ${shown.join(", ")}`);
  }
});

/** Fails (and goes on to the next check) when `cost`, over `units` units, is above the path's budget in any figure. */
function expectWithinBudget(name: keyof typeof BUDGETS, cost: Cost, units = 1) {
  const budget: Budget = BUDGETS[name];
  const per: Record<Figure, number> = {
    requests: cost.requests / units,
    read: cost.read / units,
    written: cost.written / units,
    queries: (cost.byCommand.Query ?? 0) / units,
    writeRequests: writeRequests(cost) / units,
  };
  measured.set(name, per);
  const over = FIGURES.filter((f) => budget[f] !== undefined && per[f] > budget[f]!).map(
    (f) => `${f} ${per[f]} > ${budget[f]}`,
  );
  expect
    .soft(
      over,
      `"${name}" costs more than its budget per ${budget.per} (${over.join(", ")}): ${describeCost(cost)} for ${units}. ` +
        "Make it cheaper, or raise its budget in BUDGETS (tests/integration/cost-budgets.test.ts) with the reason in the commit.",
    )
    .toEqual([]);
}

const api = useTestApi();
type Person = Awaited<ReturnType<typeof signedIn>>;
const as = (p: { cookie: string }) => api.client({ cookie: p.cookie });
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
const idle = () => api.runtime.dispatcher.idle();

/**
 * Every article of the file is published at this one moment (half an hour before the file
 * started): in one three-hour period of postings and one day of search, whatever the time of day.
 */
const PUBLISHED = Date.now() - 30 * 60_000;
const feedOf = (title: string, items: Array<Omit<FeedItem, "ageHours">>) =>
  rss(
    title,
    items.map((item) => ({ ...item, ageHours: 0 })),
    PUBLISHED,
  );

const FEED_TOPICS = ["Tidal Turbines", "Kelp Farming", "Glacier Melt", "Bird Migration", "Coral Bleaching"];
const INGEST_TOPICS = ["Lathe Tooling", "Solder Fumes", "Kiln Firing"];
/** Words that make every title of the file its own (titles of the same words are one story, stored once). */
const PLACES = ["harbour", "valley", "island", "delta", "fjord"];
const KINDS = ["survey", "briefing", "forecast", "ledger", "review"];

/** Catalogue sources, each a feed of `items` on the loopback server, every one listed before any test runs. */
const FEED_SOURCES = ["tide", "kelp"].map((name, s) => ({
  sourceId: `budget-${name}`,
  path: `/feed/${name}.xml`,
  items: Array.from({ length: 5 }, (_, i) => ({
    title: `${FEED_TOPICS[i]!} ${PLACES[s]!} ${KINDS[i]!}`,
    summary: "Field notes from the coast.",
    link: `https://${name}.example/${i}`,
  })),
}));
const INGEST_SOURCES = Array.from({ length: 5 }, (_, s) => ({
  sourceId: `budget-ingest-${s}`,
  path: `/ingest/${s}.xml`,
  items: Array.from({ length: 5 }, (_, i) => ({
    title: `${INGEST_TOPICS[(s + i) % INGEST_TOPICS.length]!} ${PLACES[s]!} ${KINDS[i]!}`,
    summary: "Notes from the workshop floor.",
    link: `https://ingest-${s}.example/${i}`,
  })),
}));

beforeAll(async () => {
  feeds = await startFeedServer();
  for (const source of [...FEED_SOURCES, ...INGEST_SOURCES]) {
    // With an ETag: a fetch that sends it back is answered 304 Not Modified.
    feeds.set(source.path, { body: feedOf(source.sourceId, source.items), etag: `"${source.sourceId}"` });
  }
  // Listed up front: an OPML import reads the whole catalogue, which must not depend on which tests ran.
  await Sources.ensureCatalogue(
    [...FEED_SOURCES, ...INGEST_SOURCES].map((source) => ({
      sourceId: source.sourceId,
      name: source.sourceId,
      siteUrl: `https://${source.sourceId}.example`,
      feedUrl: `${feeds.url}${source.path}`,
      type: "rss" as const,
    })),
  );
});
afterAll(() => feeds?.close());

async function withTopics(person: Person, topics: string[]) {
  const response = await as(person).gpt.to_db.$post({ json: { keyTopicsArray: topics } });
  expect(response.status).toBe(200);
  await idle();
}

/** Sources fetched so far: set-ups that need the same articles fetch them once. */
const fetched = new Set<string>();
async function ingested(sourceIds: string[]) {
  for (const sourceId of sourceIds.filter((id) => !fetched.has(id))) {
    const report = await ingestSource(sourceId, { allowPrivateFeeds: true });
    expect(report).toMatchObject({ status: "ok", added: 5 });
    fetched.add(sourceId);
  }
  await idle();
}

/** Holds Date at `at` (the runtime's timers keep real time), so no cache's age depends on how fast the machine is. */
function holdClock(at: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
}

// First: a fetch syncs the process's dictionary, which reads what every phrase has learned from
// articles so far; measured before any other test's articles teach phrases anything.
describe("ingestion", () => {
  const sourceIds = INGEST_SOURCES.map((s) => s.sourceId);

  beforeAll(async () => {
    // Someone follows what the articles are about: each is matched and posted under its phrases.
    await withTopics(await signedIn(api), INGEST_TOPICS);
  });
  // Real time again (a little before the held time: caches that saw it read afresh).
  afterAll(() => vi.useRealTimers());

  it("fetches new feeds and stores their articles within their budgets", async () => {
    // A minute on from every write so far, then held there while the feeds are fetched one after
    // another: the process's dictionary and related terms, synced just now, are as fresh for each
    // feed however slow the machine, as in a worker fetching a host's feeds in one go.
    holdClock(Date.now() + 60_000);
    await Promise.all([Topics.currentMatcher(), Vocabulary.currentRelated()]);
    const { result: reports, cost } = await measure(async () => {
      const reports = [];
      for (const sourceId of sourceIds) {
        reports.push(await ingestSource(sourceId, { allowPrivateFeeds: true }));
        fetched.add(sourceId);
        await idle(); // what a fetch queued is done before the next (it is not counted: another worker's)
      }
      return reports;
    });
    expect(reports.map((r) => [r.status, r.added, r.matched])).toEqual(sourceIds.map(() => ["ok", 5, 5]));
    expectWithinBudget("ingest, first fetch", cost, sourceIds.length);
    expectWithinBudget("ingest, stored article", cost, sourceIds.length * 5);
  });

  it("refetches unchanged feeds answered 304 within their budget", async () => {
    await ingested(sourceIds);
    // Due again, and last fetched before the refetch guard's minute, as an hour later they would
    // be; their servers answer that nothing changed.
    for (const sourceId of sourceIds) {
      await SourceEntity.patch({ sourceId })
        .set({ nextFetchAt: 0 })
        .subtract({ lastFetchedAt: Sources.FETCH_POLICY.refetchGuardMs })
        .go();
    }
    const { result: reports, cost } = await measure(async () => {
      const reports = [];
      for (const sourceId of sourceIds) reports.push(await ingestSource(sourceId, { allowPrivateFeeds: true }));
      return reports;
    });
    expect(reports.map((r) => r.status)).toEqual(sourceIds.map(() => "not-modified"));
    expectWithinBudget("ingest, refetch answered 304", cost, sourceIds.length);
  });
});

describe("the feed", () => {
  let reader: Person;

  beforeAll(async () => {
    // One person follows the topics first and reads the feed: the phrases' dictionary entries are
    // then known to this process, as to a warm one serving many people who follow them.
    const first = await signedIn(api);
    await withTopics(first, FEED_TOPICS);
    await ingested(FEED_SOURCES.map((s) => s.sourceId));
    expect((await as(first).rss.articles.$get({ query: {} })).status).toBe(200);
    reader = await signedIn(api);
    await withTopics(reader, FEED_TOPICS);
  });

  it("recomputes a refresh within its budget", async () => {
    const { result, cost } = await measure(() => as(reader).rss.articles.$get({ query: {} }));
    expect(result.status).toBe(200);
    const feed = await result.json();
    expect(feed.preparing).toBe(false);
    expect(Object.values(feed.groups).flat().length).toBeGreaterThan(0);
    expectWithinBudget("feed refresh, recomputed", cost);
  });

  it("answers the stored feed within its budget", async () => {
    await idle();
    const { result, cost } = await measure(() => as(reader).rss.articles.$get({ query: {} }));
    expect(result.status).toBe(200);
    expect(Object.values((await result.json()).groups).flat().length).toBeGreaterThan(0);
    expectWithinBudget("feed refresh, stored feed answered", cost);
  });

  it("answers 304 to a page holding the current version within its budget", async () => {
    const etag = (await as(reader).rss.articles.$get({ query: {} })).headers.get("etag")!;
    const { result, cost } = await measure(() =>
      api.request("GET", "/api/rss/articles", { cookie: reader.cookie, headers: { "if-none-match": etag } }),
    );
    expect(result.status).toBe(304);
    expectWithinBudget("feed read, unchanged (304)", cost);
  });
});

describe("profiles and people", () => {
  let owner: Person;
  let viewer: Person;
  let other: Person;
  let authors: Person[];

  const like = async (person: Person, articleId: string) =>
    expect((await as(person).articles.toggle_add_article.$post({ json: { articleId, added: true } })).status).toBe(200);
  const shelve = async (person: Person, n: number) =>
    expect(
      (
        await as(person).books.add_book.$post({
          json: {
            id: `OL${700_000 + n}W`,
            title: `A budget book ${n}`,
            authors: ["An Author"],
            isbn: null,
            publication_date: null,
            cover_image_url: null,
            rating: null,
            notes: "",
          },
        })
      ).status,
    ).toBe(201);

  beforeAll(async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => signedIn(api)));
    [owner, viewer, other] = [people[0]!, people[1]!, people[2]!];
    authors = people.slice(3);
    const articles = await Promise.all([1, 2, 3, 4].map((n) => storedArticle("budget", `A liked article ${n}`)));
    // The owner's page: topics, thoughts, websites, added articles and books.
    await withTopics(owner, ["Tidal Turbines", "Kelp Farming", "Rock Pools", "Sea Glass"]);
    for (const n of [1, 2, 3]) {
      const thought = await as(owner).thoughts.to_db.$post({ json: { title: `Thought ${n}`, content: "Some words." } });
      expect(thought.status).toBe(201);
    }
    for (const url of ["one.example", "two.example"]) {
      expect((await as(owner).websites.to_db.$post({ json: { url } })).status).toBe(201);
    }
    for (const articleId of articles.slice(0, 3)) await like(owner, articleId);
    for (const n of [1, 2, 3]) await shelve(owner, n);
    // Another person shares some of each kind with the owner.
    await withTopics(other, ["Tidal Turbines", "Kelp Farming", "Driftwood"]);
    for (const articleId of articles.slice(1)) await like(other, articleId);
    for (const n of [2, 3, 4]) await shelve(other, n);
    await idle();
  });

  it("reads a public profile within its budget", async () => {
    const { result, cost } = await measure(() =>
      as(viewer).users.profile[":username"].$get({ param: { username: owner.username } }),
    );
    expect(result.status).toBe(200);
    const profile = await result.json();
    expect(profile.thoughts).toHaveLength(3);
    expect(profile.books).toHaveLength(3);
    expectWithinBudget("public profile", cost);
  });

  it("compares two people's interests within its budget", async () => {
    const compare = () => as(other).overlap.user_overlap[":id"].$get({ param: { id: owner.userId } });
    // The first comparison builds the two people's interest digests; later ones read them.
    expect((await compare()).status).toBe(200);
    await idle();
    const { result, cost } = await measure(compare);
    expect(result.status).toBe(200);
    const shared = await result.json();
    expect([shared.topics.length, shared.articles.length, shared.books.length]).toEqual([2, 2, 2]);
    expectWithinBudget("mutual interests", cost);
  });

  it("answers a page of the following feed within its budget", async () => {
    for (const author of authors) {
      expect((await as(viewer).users.follow.$post({ json: { userId: author.userId } })).status).toBe(200);
    }
    const base = Date.now() - 60 * 60_000;
    for (let i = 0; i < 15; i++) {
      const author = authors[i % authors.length]!;
      const createdAt = base + i * 60_000;
      await announceStored({
        userId: author.userId,
        createdAt,
        groupOrder: ["picks"],
        picks: Array.from({ length: 6 }, (_, n) => ({
          id: `${author.userId}-${createdAt}-${n}`,
          title: `Pick ${n}`,
          link: `https://picks.example/${author.userId}/${createdAt}/${n}`,
          sourceName: "Example",
          sourceType: "rss",
          bestMatchingKeywords: ["Example"],
          group: "picks",
        })),
      });
    }
    await idle(); // the share queue's fan-out to the reader's timeline
    const { result, cost } = await measure(() => as(viewer).feed.following.$get({ query: {} }));
    expect(result.status).toBe(200);
    expect(await result.json()).toHaveLength(10);
    expectWithinBudget("following feed", cost);
  });
});

describe("article search", () => {
  let searcher: Person;

  beforeAll(async () => {
    searcher = await signedIn(api);
    await ingested(FEED_SOURCES.map((s) => s.sourceId));
    await Search.buildDirtySegments({ settleMs: 0, minIntervalMs: 0 });
  });

  it("answers a search page within its budget", async () => {
    // As a process that has not listed the index lately.
    Search.resetSearchCache();
    const { result, cost } = await measure(() => as(searcher).rss.search.$get({ query: { q: "kelp farming" } }));
    expect(result.status).toBe(200);
    expect((await result.json()).results.length).toBeGreaterThan(0);
    expectWithinBudget("article search", cost);
  });
});

describe("chat", () => {
  it("sends a message within its budget", async () => {
    const [a, b] = await Promise.all([signedIn(api), signedIn(api)]);
    const created = await as(a).messages.conversations.$post({ json: { memberIds: [b.userId] } });
    const conversationId = (await created.json()).id;
    const [aSocket, bSocket] = await Promise.all([
      openSocket(api, { cookie: a.cookie }),
      openSocket(api, { cookie: b.cookie }),
    ]);
    const joined = async (socket: ChatSocket) => {
      socket.send({ action: "joinConversation", conversationId });
      await socket.next(isType("joined", (f) => f.conversationId === conversationId));
    };
    await Promise.all([joined(aSocket), joined(bSocket)]);
    /** Sends one message and waits until the sender has its ack and the other member has it. */
    const send = async (content: string) => {
      const clientId = crypto.randomUUID();
      aSocket.send({ action: "message:new", conversationId, content, clientId });
      await Promise.all([
        aSocket.next(messageFrame("message:new", clientId)),
        bSocket.next(messageFrame("message:new", clientId)),
      ]);
    };
    // The first send reads what a socket's process then keeps (who owns it, who is in the conversation).
    await send("hello");
    await idle();
    // Frames are handled in the socket server's context, not this test's: counted process-wide.
    const before = totalCost();
    const MESSAGES = 10;
    for (let i = 0; i < MESSAGES; i++) await send(`message ${i}`);
    const cost = costSince(before);
    await Promise.all([aSocket.close(), bSocket.close()]);
    expectWithinBudget("chat message", cost, MESSAGES);
  });
});

describe("imports", () => {
  let opmlReader: Person;
  let bookReader: Person;
  let watcher: Person;
  const IMPORT_QUEUE = "ImportQueue";

  beforeAll(async () => {
    // Signed up first: signing up waits for the queues to be idle, which a held queue never is.
    [opmlReader, bookReader, watcher] = await Promise.all([signedIn(api), signedIn(api), signedIn(api)]);
    // Each import's background work is run by the test itself, inside its measure.
    api.runtime.dispatcher.hold(IMPORT_QUEUE);
  });
  afterAll(async () => {
    await api.runtime.dispatcher.purge(IMPORT_QUEUE);
    api.runtime.dispatcher.release(IMPORT_QUEUE);
  });

  it("imports an OPML file's feeds within their budget", async () => {
    const FEEDS = 5;
    for (let n = 0; n < FEEDS; n++) {
      feeds.set(`/opml/${n}.xml`, {
        body: feedOf(`Imported ${n}`, [{ title: `Imported post ${n}`, link: `https://imported-${n}.example/1` }]),
      });
    }
    const outlines = Array.from(
      { length: FEEDS },
      (_, n) => `<outline text="Imported ${n}" type="rss" xmlUrl="${feeds.url}/opml/${n}.xml"/>`,
    ).join("");
    const opml = `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0"><head><title>Feeds</title></head><body>${outlines}</body></opml>`;
    const { result, cost } = await measure(async () => {
      const started = await as(opmlReader).opml.import.$post({ json: { fileName: "feeds.opml", opml } });
      expect(started.status).toBe(202);
      const { importId } = await started.json();
      return checkFeedImport(opmlReader.userId, importId, { allowPrivateFeeds: true });
    });
    expect(result).toBe("done");
    const done = await (await as(opmlReader).opml.import.$get({ query: {} })).json();
    expect(done.import).toMatchObject({ status: "done", total: FEEDS, added: FEEDS });
    expectWithinBudget("OPML import", cost, FEEDS);
  });

  it("imports Goodreads rows within their budget", async () => {
    const ROWS = 5;
    const parsedBooks = goodreadsExport({ rows: ROWS, quirks: false, seed: 30 }).rows.map((r) => ({
      title: r.title,
      idGoodreads: r.bookId,
      author: r.author,
      additionalAuthors: r.additionalAuthors,
      isbn: r.isbn,
      isbn13: r.isbn13,
      myRating: String(r.myRating),
      dateRead: r.dateRead,
      publicationDate: r.originalPublicationYear || r.yearPublished,
      exclusiveShelf: r.exclusiveShelf,
      review: r.review,
    }));
    const { result, cost } = await measure(() => as(bookReader).books.add_from_csv.$post({ json: { parsedBooks } }));
    expect(result.status).toBe(200);
    const answer = await result.json();
    expect(answer.results.map((r) => r.status)).toEqual(Array(ROWS).fill("imported"));
    expectWithinBudget("Goodreads import", cost, ROWS);
  });

  it("imports a Takeout watch history within its budget", async () => {
    const ENTRIES = 5000;
    const file = takeoutFile({ entries: ENTRIES });
    const { result, cost } = await measure(async () => {
      const ticket = await (
        await as(watcher).youtube.upload_url.$post({
          json: { fileName: "watch-history.json", size: file.bytes.length },
        })
      ).json();
      const form = new FormData();
      for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
      form.append("file", new Blob([new Uint8Array(file.bytes)]));
      expect((await fetch(ticket.url, { method: "POST", body: form })).status).toBe(204);
      expect((await as(watcher).youtube.upload.$post({ json: { uploadId: ticket.uploadId } })).status).toBe(200);
      const status = await WatchHistory.processImport(watcher.userId, ticket.uploadId);
      return { status, uploadId: ticket.uploadId };
    });
    expect(result.status).toBe("done");
    const uploadId = result.uploadId;
    const state = await (await as(watcher).youtube.upload[":uploadId"].$get({ param: { uploadId } })).json();
    expect(state).toMatchObject({ status: "done", entries: ENTRIES });
    expectWithinBudget("Takeout import", cost, ENTRIES / 1000);
  });
});
