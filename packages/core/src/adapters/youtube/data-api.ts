import * as z from "zod";
import { getJson, ProviderUnavailableError } from "../oauth/index.ts";
import { apiUrl } from "./provider.ts";
import { CHANNEL_TITLE_MAX, CHANNELS_MAX, YOUTUBE_CHANNEL_ID } from "../../modules/youtube/rules.ts";

/**
 * The YouTube Data API v3 calls graph makes, every answer checked as untrusted: an item that
 * does not fit is left out, an answer that is not a list at all fails the sync.
 */

const webUrl = z
  .string()
  .max(1000)
  .refine((u) => /^https?:\/\//.test(u) && URL.canParse(u), "not a web address");
const Thumbnail = z.object({ url: webUrl }).optional().catch(undefined);

const List = z.object({
  items: z.array(z.unknown()).max(100).optional(),
  nextPageToken: z.string().min(1).max(200).optional(),
});

const Subscription = z.object({
  snippet: z.object({
    title: z
      .string()
      .trim()
      .min(1)
      .transform((t) => t.slice(0, CHANNEL_TITLE_MAX)),
    resourceId: z.object({ channelId: z.string().regex(YOUTUBE_CHANNEL_ID) }),
    thumbnails: z.object({ default: Thumbnail, medium: Thumbnail, high: Thumbnail }).optional().catch(undefined),
  }),
});

const OwnChannel = z.object({ snippet: z.object({ title: z.string().trim().min(1).max(CHANNEL_TITLE_MAX) }) });

export interface SubscribedChannel {
  channelId: string;
  name: string;
  imageUrl: string;
}

/** Pages of 50 subscriptions read at most: enough for the channel cap. */
const MAX_PAGES = Math.ceil(CHANNELS_MAX / 50);

/** The channels the account subscribes to (every page, up to the cap), in the API's order. */
export async function subscriptions(accessToken: string): Promise<SubscribedChannel[]> {
  const found = new Map<string, SubscribedChannel>();
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ part: "snippet", mine: "true", maxResults: "50" });
    if (pageToken) query.set("pageToken", pageToken);
    const list = List.safeParse(await getJson(apiUrl(`/subscriptions?${query}`), accessToken));
    if (!list.success) throw new ProviderUnavailableError("YouTube answered no list of subscriptions");
    for (const raw of list.data.items ?? []) {
      const item = Subscription.safeParse(raw);
      if (!item.success) continue;
      const { title, resourceId, thumbnails } = item.data.snippet;
      if (found.has(resourceId.channelId) || found.size >= CHANNELS_MAX) continue;
      found.set(resourceId.channelId, {
        channelId: resourceId.channelId,
        name: title,
        imageUrl: thumbnails?.medium?.url ?? thumbnails?.default?.url ?? thumbnails?.high?.url ?? "",
      });
    }
    pageToken = list.data.nextPageToken;
    if (!pageToken || found.size >= CHANNELS_MAX) break;
  }
  return [...found.values()];
}

/** The name of the account's own channel, when it has one. */
export async function accountName(accessToken: string): Promise<string | undefined> {
  const list = List.safeParse(await getJson(apiUrl("/channels?part=snippet&mine=true"), accessToken));
  if (!list.success) throw new ProviderUnavailableError("YouTube answered no list of channels");
  const own = OwnChannel.safeParse(list.data.items?.[0]);
  return own.success ? own.data.snippet.title : undefined;
}
