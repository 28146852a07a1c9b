import { Entity } from "electrodb";
import { describe, expect, it } from "vitest";
import { entityConfig } from "@graph/core/adapters/dynamo";
import * as Follows from "@graph/core/modules/follows";
import { signedIn, useTestApi } from "../support/runtime.ts";

/**
 * Items stored before picks were camelCase keep working: feed sessions, shared sessions and
 * timeline entries written with the spec's snake_case names (by the entities as they were then,
 * declared here as they were) are read in today's shape and answered as before.
 */
const api = useTestApi();
const as = (p: { cookie: string }) => api.client({ cookie: p.cookie });

/** The feed session entity as it was, with picks keeping `source_name`, `source_id` and `source_type`. */
const LegacyFeedSession = new Entity(
  {
    model: { entity: "feedSession", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true },
      createdAt: { type: "number", required: true },
      kind: { type: ["auto", "manual"] as const, required: true },
      groupOrder: { type: "list", items: { type: "string" }, required: true },
      picks: {
        type: "list",
        required: true,
        items: {
          type: "map",
          properties: {
            id: { type: "string", required: true },
            title: { type: "string", required: true },
            link: { type: "string", required: true },
            source_name: { type: "string", required: true },
            source_id: { type: "string", required: true },
            source_type: { type: "string", required: true },
            publishedAt: { type: "number", required: true },
            bestMatchingKeywords: { type: "list", items: { type: "string" }, required: true },
            group: { type: "string", required: true },
          },
        },
      },
      nextRefreshAt: { type: "number", required: true },
      expiresAt: { type: "number" },
    },
    indexes: {
      byUser: { pk: { field: "pk", composite: ["userId"] }, sk: { field: "sk", composite: ["createdAt"] } },
    },
  },
  entityConfig(),
);

/** A shared pick as it was stored, snake_case throughout. */
const legacyPick = {
  type: "map",
  properties: {
    article_id: { type: "string", required: true },
    title: { type: "string", required: true },
    link: { type: "string", required: true },
    source_name: { type: "string", required: true },
    source_type: { type: "string", required: true },
    best_matching_keywords: { type: "list", items: { type: "string" }, required: true },
  },
} as const;

const LegacySharedSession = new Entity(
  {
    model: { entity: "sharedSession", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true },
      createdAt: { type: "number", required: true },
      picks: { type: "list", items: legacyPick, required: true },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byAuthor: { pk: { field: "pk", composite: ["userId"] }, sk: { field: "sk", composite: ["createdAt"] } },
    },
  },
  entityConfig(),
);

const LegacyTimelineEntry = new Entity(
  {
    model: { entity: "timelineEntry", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true },
      createdAt: { type: "number", required: true },
      authorId: { type: "string", required: true },
      picks: { type: "list", items: legacyPick, required: true },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byReader: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["createdAt", "authorId"] },
      },
    },
  },
  entityConfig(),
);

const sharedPick = (id: string) => ({
  article_id: id,
  title: `Legacy ${id}`,
  link: `https://legacy.example/${id}`,
  source_name: "Legacy Ledger",
  source_type: "rss",
  best_matching_keywords: ["Sourdough"],
});

describe("items stored with the spec's snake_case names", () => {
  it("a feed session answers its picks as it did", async () => {
    const person = await signedIn(api);
    const now = Date.now();
    await LegacyFeedSession.put({
      userId: person.userId,
      createdAt: now - 1000,
      kind: "auto",
      groupOrder: ["picks"],
      picks: [
        {
          id: "old-pick",
          title: "A pick stored long ago",
          link: "https://legacy.example/old-pick",
          source_name: "Legacy Ledger",
          source_id: "legacy-ledger",
          source_type: "youtube",
          publishedAt: now - 60_000,
          bestMatchingKeywords: ["Sourdough"],
          group: "picks",
        },
      ],
      nextRefreshAt: now + 60 * 60_000,
    }).go();
    const response = await as(person).rss.articles.$get({ query: {} });
    expect(response.status).toBe(200);
    const feed = await response.json();
    expect(feed.groups.picks).toEqual([
      expect.objectContaining({
        id: "old-pick",
        source_name: "Legacy Ledger",
        source_id: "legacy-ledger",
        type: "youtube",
        bestMatchingKeywords: ["Sourdough"],
      }),
    ]);
  });

  it("timeline entries and the shared sessions a new follower is given answer their picks as they did", async () => {
    const [authorPerson, reader, newcomer] = await Promise.all([signedIn(api), signedIn(api), signedIn(api)]);
    const now = Date.now();
    const expiresAt = Math.floor(now / 1000) + 86_400;
    await Follows.follow(reader.userId, authorPerson.userId);
    await LegacyTimelineEntry.put({
      userId: reader.userId,
      createdAt: now - 1000,
      authorId: authorPerson.userId,
      picks: [sharedPick("in-timeline")],
      expiresAt,
    }).go();
    await LegacySharedSession.put({
      userId: authorPerson.userId,
      createdAt: now - 2000,
      picks: [sharedPick("shared-before")],
      expiresAt,
    }).go();
    // A new follower's timeline is filled from the author's shared sessions.
    await Follows.follow(newcomer.userId, authorPerson.userId);

    for (const [person, articleId] of [
      [reader, "in-timeline"],
      [newcomer, "shared-before"],
    ] as const) {
      const response = await as(person).feed.following.$get({ query: {} });
      expect(response.status).toBe(200);
      const [session] = await response.json();
      expect(session?.graphpicks).toEqual([
        {
          article_id: articleId,
          title: `Legacy ${articleId}`,
          link: `https://legacy.example/${articleId}`,
          source_name: "Legacy Ledger",
          source_type: "rss",
          best_matching_keywords: ["Sourdough"],
          isAddedToGraph: false,
        },
      ]);
    }
  });
});
