import * as z from "zod";
import { PICTURES_PER_JOB, SHARED_PICKS_PER_SESSION, SOURCES_PER_HOST_JOB } from "./rules.ts";

/**
 * What each queue carries, declared once: producers send through `enqueue(queue, ...)`, which
 * checks a message against its queue's schema, and workers read each record against the same
 * schema. Pure: no I/O.
 */

/** One e-mail, as the mail worker hands it to SES. */
export const OutgoingEmail = z.object({
  to: z.string().email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string(),
  /** Extra headers, e.g. `List-Unsubscribe` on a digest (SES passes them through). */
  headers: z
    .array(z.object({ name: z.string().regex(/^[A-Za-z0-9-]{1,64}$/), value: z.string().max(2048) }))
    .max(10)
    .optional(),
});
export type OutgoingEmail = z.infer<typeof OutgoingEmail>;

/**
 * Work for the ingest worker: fetch a source; fetch a host's due sources under the host's lease
 * (`leaseId`, taken by the tick); backfill new topic phrases (or match recent articles
 * again through phrases' related terms); check a suggested source; build the background of
 * related terms.
 */
export const IngestJob = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("source"), sourceId: z.string().min(1) }),
  z.object({
    kind: z.literal("host"),
    host: z.string().min(1).max(300),
    leaseId: z.string().min(1).max(100),
    sourceIds: z.array(z.string().min(1)).min(1).max(SOURCES_PER_HOST_JOB),
    /** Which run of the lease this is (0 from the tick, then 1, 2, … as each run hands the rest on). */
    run: z.number().int().min(0).optional(),
  }),
  z.object({
    kind: z.literal("backfill"),
    phrases: z.array(z.string().min(1)).min(1),
    /** Only match recent articles again through the phrases' related terms (they changed). */
    related: z.literal(true).optional(),
  }),
  z.object({ kind: z.literal("suggestion"), userId: z.string().min(1), suggestionId: z.string().min(1) }),
  /** Build the background of related terms now (a phrase needs it and none is usable). */
  z.object({ kind: z.literal("vocabulary") }),
  /** Count the subjects' topics now (the onboarding page asked and no subject has any). */
  z.object({ kind: z.literal("subject-topics") }),
  /**
   * Find, fetch and keep the pictures of a source's new articles (after they are stored, so a
   * slow picture never holds up ingestion): the feed's own picture when it named one, else the page's.
   */
  z.object({
    kind: z.literal("pictures"),
    articles: z
      .array(
        z.object({
          articleId: z.string().min(1).max(200),
          link: z.string().min(1).max(4096),
          picture: z.string().min(1).max(4096).optional(),
        }),
      )
      .min(1)
      .max(PICTURES_PER_JOB),
    /** The source's feed may be on a private address (a catalogue source; a local runtime's own sites): so may its pages. */
    allowPrivate: z.boolean().optional(),
  }),
]);
export type IngestJob = z.infer<typeof IngestJob>;

/** One person's digest to compose and send, as the digest job queues it. */
export const DigestJob = z.object({
  userId: z.string().min(1).max(100),
  /** The slot the person was due in (their schedule item's key). */
  slot: z.number().int(),
  /** The job's "now" (epoch ms): articles up to it are in the digest. */
  now: z.number().int(),
});
export type DigestJob = z.infer<typeof DigestJob>;

/** One account to sweep away (its deletion record says what is left). */
export const AccountJob = z.object({ kind: z.literal("delete"), userId: z.string().min(1).max(100) });
export type AccountJob = z.infer<typeof AccountJob>;

/** A pick as the following feed keeps it: enough to draw a friend's card without reading the article. */
export const SharedPick = z.object({
  articleId: z.string(),
  title: z.string(),
  link: z.string(),
  sourceName: z.string(),
  sourceType: z.string(),
  bestMatchingKeywords: z.array(z.string()),
});
export type SharedPick = z.infer<typeof SharedPick>;

/** A pick as messages queued before picks were camelCase carry it: read, never sent. */
const LegacySharedPick = z
  .object({
    article_id: z.string(),
    title: z.string(),
    link: z.string(),
    source_name: z.string(),
    source_type: z.string(),
    best_matching_keywords: z.array(z.string()),
  })
  .transform((p): SharedPick => ({
    articleId: p.article_id,
    title: p.title,
    link: p.link,
    sourceName: p.source_name,
    sourceType: p.source_type,
    bestMatchingKeywords: p.best_matching_keywords,
  }));

/** A stored feed session to share with its author's followers, as the feed queues it. */
export const ShareJob = z.object({
  userId: z.string().min(1).max(100),
  createdAt: z.number().int(),
  picks: z
    .array(z.union([SharedPick, LegacySharedPick]))
    .min(1)
    .max(SHARED_PICKS_PER_SESSION),
});
export type ShareJob = z.infer<typeof ShareJob>;

/**
 * An import for a person: an uploaded Google Takeout watch history (`takeout/<userId>/<uploadId>.json`),
 * or the feeds of an OPML file to check (stored with the import, so the message names it only).
 */
export const ImportJob = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("watch-history"),
    userId: z.string().min(1).max(100),
    uploadId: z.string().min(1).max(100),
  }),
  z.object({ kind: z.literal("opml"), userId: z.string().min(1).max(100), importId: z.string().min(1).max(100) }),
]);
export type ImportJob = z.infer<typeof ImportJob>;

/** One agentic search to run, as starting it queues it (the search's item says the rest). */
export const AgentJob = z.object({ userId: z.string().min(1).max(100), searchId: z.string().min(1).max(100) });
export type AgentJob = z.infer<typeof AgentJob>;

/**
 * Work for the Slack and Discord bot: a person's picks due at their digest time (`deliver`, from
 * the schedule), one channel's delivery again after the service asked it to wait (`redeliver`),
 * and a slash command's answer to post to the address the service gave (`reply`).
 */
export const ChannelJob = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("deliver"),
    userId: z.string().min(1).max(100),
    /** The slot the person was due in (their schedule item's key). */
    slot: z.number().int(),
    now: z.number().int(),
  }),
  z.object({
    kind: z.literal("redeliver"),
    userId: z.string().min(1).max(100),
    channelId: z.string().min(1).max(100),
    /** The send this is (the person's local day): one a channel. */
    sendKey: z.string().min(1).max(40),
    now: z.number().int(),
    attempt: z.number().int().min(1).max(20),
  }),
  /** Articles arrived (an ingest run stored some): queue a routing run for every routed channel. */
  z.object({ kind: z.literal("routes"), now: z.number().int() }),
  /** A channel's routing run: the new articles of its routed topics (org), queued by `routes`. */
  z.object({
    kind: z.literal("route"),
    userId: z.string().min(1).max(100),
    channelId: z.string().min(1).max(100),
    now: z.number().int(),
    attempt: z.number().int().min(0).max(20),
  }),
  z.object({
    kind: z.literal("reply"),
    service: z.enum(["slack", "discord"]),
    workspaceId: z.string().min(1).max(100),
    channelId: z.string().max(100).optional(),
    /** The sender as the service names them. */
    userName: z.string().max(100).optional(),
    text: z.string().max(500),
    responseUrl: z.string().url().max(2000),
  }),
]);
export type ChannelJob = z.infer<typeof ChannelJob>;
