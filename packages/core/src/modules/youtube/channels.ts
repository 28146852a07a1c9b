import * as z from "zod";
import * as Connections from "../connections/index.ts";
import { pictureAddress } from "../pictures/index.ts";
import { conditionally } from "../../adapters/dynamo/index.ts";
import { badRequest, notFound } from "../../lib/errors/index.ts";
import { pageOf } from "../../adapters/dynamo/index.ts";
import { ChannelCountEntity } from "./channel-count.entity.ts";
import { ChannelEntity, type Channel } from "./channel.entity.ts";
import type { SubscribedChannel } from "../../adapters/youtube/index.ts";
import { CHANNEL_PAGE_MAX, CHANNEL_TITLE_MAX, CHANNELS_MAX, YOUTUBE_CHANNEL_ID, YOUTUBE_MESSAGES } from "./rules.ts";

/** A channel as the API answers it (the spec's fields): `id` and `id_youtube` are both the channel id. */
export interface ChannelView {
  id: string;
  id_youtube: string;
  name: string;
  image: string;
  /** The thumbnail on graph's own origin (the picture proxy's signed address): what pages show. */
  picture_url: string | null;
}

export const channelView = (c: Pick<Channel, "channelId" | "name" | "imageUrl">): ChannelView => ({
  id: c.channelId,
  id_youtube: c.channelId,
  name: c.name,
  image: c.imageUrl,
  picture_url: pictureAddress(c.imageUrl),
});

/** The person's count, kept within `CHANNELS_MAX` by the condition of every add. */
const counter = (userId: string): Connections.Counter => ({
  up: (n) =>
    ChannelCountEntity.update({ userId })
      .add({ channels: n })
      .where((attr, op) => `${op.notExists(attr.channels)} OR ${op.lte(attr.channels, CHANNELS_MAX - n)}`),
  down: (n) => ChannelCountEntity.update({ userId }).add({ channels: -n }),
});

const removeOp = (userId: string, channelId: string) => () =>
  ChannelEntity.delete({ userId, channelId }).where((attr, op) => op.exists(attr.addedAt));

async function held(userId: string): Promise<Map<string, "account" | "takeout">> {
  const { data } = await ChannelEntity.query
    .byUser({ userId })
    .go({ pages: "all", attributes: ["channelId", "source"] });
  return new Map(data.map((c) => [c.channelId, c.source]));
}

/**
 * Replaces the person's account channels with the account's subscriptions: new ones are added
 * (within the cap), kept ones get today's name and picture, gone ones go. A channel the person
 * imported from Takeout stays theirs (it is not removed when they unsubscribe or unlink).
 * Answers whether the set of channels changed.
 */
export async function replaceAccountChannels(userId: string, subscribed: SubscribedChannel[]): Promise<boolean> {
  const current = await held(userId);
  const next = new Set(subscribed.map((s) => s.channelId));
  const start = Date.now();
  const added = await Connections.addItems(
    "channel",
    subscribed.flatMap((s, i) =>
      current.has(s.channelId)
        ? []
        : [
            {
              itemId: s.channelId,
              create: () =>
                ChannelEntity.create({
                  userId,
                  channelId: s.channelId,
                  name: s.name,
                  imageUrl: s.imageUrl,
                  source: "account",
                  addedAt: start - i,
                }),
            },
          ],
    ),
    counter(userId),
  );
  await Connections.updateItems(
    subscribed.flatMap((s) =>
      current.has(s.channelId)
        ? [
            () =>
              ChannelEntity.patch({ userId, channelId: s.channelId }).set({
                name: s.name,
                ...(s.imageUrl ? { imageUrl: s.imageUrl } : {}),
              }),
          ]
        : [],
    ),
  );
  const gone = [...current].filter(([id, source]) => source === "account" && !next.has(id)).map(([id]) => id);
  const removed = await Connections.removeItems(
    "channel",
    gone.map((channelId) => ({ itemId: channelId, remove: removeOp(userId, channelId) })),
    counter(userId),
  );
  return added.added.length > 0 || removed.length > 0;
}

/** A row of a Takeout `subscriptions.csv` (Channel Id, Channel Url, Channel Title), as the page sends it. */
const ImportedChannel = z.object({
  channelId: z.string().trim().regex(YOUTUBE_CHANNEL_ID),
  channelUrl: z.string().max(300).optional().nullable(),
  channelTitle: z
    .string()
    .trim()
    .min(1)
    .transform((t) => t.slice(0, CHANNEL_TITLE_MAX)),
});

/**
 * Adds the channels of Takeout rows: a row whose id is not a channel id, or without a title, a
 * channel already kept, a row repeated, and rows past the cap are skipped. A channel the linked
 * account brought becomes the person's own (it stays after unlink). Answers how many were added
 * and skipped.
 */
export async function importChannels(userId: string, rows: unknown[]): Promise<{ added: number; skipped: number }> {
  const valid = new Map<string, { channelId: string; name: string }>();
  for (const row of rows) {
    const parsed = ImportedChannel.safeParse(row);
    if (parsed.success && !valid.has(parsed.data.channelId))
      valid.set(parsed.data.channelId, { channelId: parsed.data.channelId, name: parsed.data.channelTitle });
  }
  const current = await held(userId);
  for (const [channelId, source] of current) {
    if (!valid.has(channelId)) continue;
    if (source === "account")
      await conditionally(ChannelEntity.patch({ userId, channelId }).set({ source: "takeout" }).go());
  }
  const fresh = [...valid.values()].filter((c) => !current.has(c.channelId));
  const start = Date.now();
  const { added } = await Connections.addItems(
    "channel",
    fresh.map((c, i) => ({
      itemId: c.channelId,
      create: () =>
        ChannelEntity.create({
          userId,
          channelId: c.channelId,
          name: c.name,
          imageUrl: "",
          source: "takeout",
          addedAt: start - i,
        }),
    })),
    counter(userId),
  );
  return { added: added.length, skipped: rows.length - added.length };
}

/** Deletes one of the person's channels (either source); 404 when they do not keep it. */
export async function deleteChannel(userId: string, channelId: string): Promise<void> {
  if (!YOUTUBE_CHANNEL_ID.test(channelId)) throw badRequest(YOUTUBE_MESSAGES.channelIdInvalid);
  const removed = await Connections.removeItems(
    "channel",
    [{ itemId: channelId, remove: removeOp(userId, channelId) }],
    counter(userId),
  );
  if (removed.length === 0) throw notFound(YOUTUBE_MESSAGES.noSuchChannel);
}

/** Removes the channels the account brought (`all`: every channel, for a purge). Answers whether any went. */
export async function removeChannels(userId: string, which: "account" | "all"): Promise<boolean> {
  const current = await held(userId);
  const ids = [...current].filter(([, source]) => which === "all" || source === "account").map(([id]) => id);
  const removed = await Connections.removeItems(
    "channel",
    ids.map((channelId) => ({ itemId: channelId, remove: removeOp(userId, channelId) })),
    counter(userId),
  );
  return removed.length > 0;
}

/** Removes the person's count (the last step of a purge). */
export async function dropCount(userId: string): Promise<void> {
  await ChannelCountEntity.delete({ userId }).go();
}

/** The person's channels, newest first (at most `limit`). */
export async function listChannels(userId: string, limit: number): Promise<ChannelView[]> {
  const { data } = await ChannelEntity.query.byAdded({ userId }).go({ order: "desc", limit, pages: 1 });
  return data.map(channelView);
}

/**
 * One page of the person's own channels, newest first, with how many they keep: the owner's list,
 * paged by the cursor the page before answered (null: the first page; a bad one is 400),
 * at most `limit` (and never more than CHANNEL_PAGE_MAX) a page.
 */
export async function channelShelf(
  userId: string,
  cursor: string | null = null,
  limit = CHANNEL_PAGE_MAX,
): Promise<{ items: ChannelView[]; cursor: string | null; total: number }> {
  const [page, total] = await Promise.all([
    pageOf(
      ChannelEntity.query.byAdded({ userId }),
      cursor,
      Math.min(Math.max(1, limit), CHANNEL_PAGE_MAX),
      YOUTUBE_MESSAGES.cursorInvalid,
    ),
    channelCount(userId),
  ]);
  return { items: (page.data as Channel[]).map(channelView), cursor: page.cursor, total };
}

/** Every channel the person keeps (`UC…` ids) with its name, for mutual interests. */
export async function heldChannels(userId: string): Promise<Array<{ id: string; label: string }>> {
  const { data } = await ChannelEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["channelId", "name"] });
  return data.map((c) => ({ id: c.channelId, label: c.name ?? "" }));
}

/** How many channels the person keeps. */
export async function channelCount(userId: string): Promise<number> {
  const { data } = await ChannelCountEntity.get({ userId }).go({ consistent: true });
  return data?.channels ?? 0;
}
