import { ChannelQueue, enqueue } from "../../../adapters/queues/index.ts";
import { ChannelRouteEntity } from "../channel.entity.ts";

/**
 * Queues a routing run for every channel with routed topics (the org's per-topic channels), after
 * an ingest batch stored articles. Its own entry point, so the ingest worker's bundle holds the
 * routes' table and the channel queue, not Slack's and Discord's clients and keys.
 */
export async function queueRoutes(now = Date.now()): Promise<{ routed: number }> {
  const { data } = await ChannelRouteEntity.query.byChannel({}).go({ pages: "all" });
  await enqueue(
    ChannelQueue,
    data.map(({ userId, channelId }) => ({ kind: "route" as const, userId, channelId, now, attempt: 0 })),
  );
  return { routed: data.length };
}
