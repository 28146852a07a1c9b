import { Resource } from "sst";
import { badRequest, notFound } from "../../lib/errors/index.ts";
import { isConditionFailure } from "../../adapters/dynamo/index.ts";
import { requireFeature, type Plan } from "../../lib/plans/index.ts";
import * as Feed from "../feed/index.ts";
import * as Profile from "../profile/index.ts";
import * as Users from "../users/index.ts";
import { ChannelEntity, type Channel } from "./channel.entity.ts";
import { CHANNEL_MESSAGES, CHANNELS_SETTINGS_PATH, PICKS_PER_MESSAGE, type PicksMessage } from "./rules.ts";
import { ownChannel } from "./store.ts";
import { TeamShareEntity } from "./team-shares.ts";

/**
 * The team digest (org): once a week, at the channel owner's digest time on the day they chose
 * (Monday unless they chose another), what the team liked this week and what it shared with
 * `/graph share`. The team is the graph people who linked the channel's workspace or server; only
 * the likes of those whose articles section is public are named, so nothing of a hidden section
 * is ever posted.
 */

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const siteUrl = () => Resource.Config.siteUrl.replace(/\/$/, "");

/** Turns a channel's team digest on or off (org), on a weekday (0 Sunday … 6 Saturday; Monday by default). */
export async function setTeamDigest(
  userId: string,
  plan: Plan,
  channelId: string,
  choice: { on: boolean; day?: number | undefined },
): Promise<{ on: boolean; day: number }> {
  requireFeature(plan, "teamBot");
  const day = choice.day ?? 1;
  if (!Number.isInteger(day) || day < 0 || day > 6) throw badRequest(CHANNEL_MESSAGES.badWeekday);
  await ownChannel(userId, channelId);
  await ChannelEntity.patch({ userId, channelId })
    .set({ teamDigest: choice.on, teamDigestDay: day })
    .go()
    .catch((error: unknown) => {
      // Unlinked meanwhile.
      if (isConditionFailure(error)) throw notFound(CHANNEL_MESSAGES.noSuchChannel);
      throw error;
    });
  return { on: choice.on, day };
}

/** The send key of a local date's week (its Monday): one team digest a week, whatever day is chosen. */
export function teamDigestKey(date: { year: number; month: number; day: number }): string {
  const t = new Date(Date.UTC(date.year, date.month - 1, date.day));
  const monday = new Date(t.getTime() - ((t.getUTCDay() + 6) % 7) * 24 * 60 * 60 * 1000);
  return `team:${monday.toISOString().slice(0, 10)}`;
}

/** Whether the channel's team digest is due on the local date (its chosen weekday). */
export function teamDigestDue(channel: Channel, date: { year: number; month: number; day: number }): boolean {
  if (!channel.teamDigest) return false;
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() === (channel.teamDigestDay ?? 1);
}

/**
 * The week's message for a channel: the articles the team liked in the seven days before `at`
 * (most liked first, each naming who liked it), then what was shared there with `/graph share`.
 */
export async function teamDigestMessage(channel: Channel, at: number): Promise<PicksMessage> {
  const since = at - WEEK_MS;
  const { data: linked } = await ChannelEntity.query
    .byWorkspace({ kind: channel.kind, workspaceId: channel.workspaceId })
    .go({ pages: "all", attributes: ["userId"] });
  const members = [...new Set(linked.map((c) => c.userId))];
  const liked = new Map<string, { title: string; link: string; source: string; by: string[]; last: number }>();
  await Promise.all(
    members.map(async (userId) => {
      const [user, shown] = await Promise.all([Users.byId(userId), Profile.sectionsShownTo(userId, undefined)]);
      // A hidden (or followers-only) articles section is never posted.
      if (!user || !shown.has("articles")) return;
      for (const like of await Feed.Likes.likedSince(userId, since)) {
        if (like.likedAt > at || !like.link) continue;
        const entry = liked.get(like.articleId) ?? {
          title: like.title,
          link: like.link,
          source: like.sourceName,
          by: [],
          last: 0,
        };
        entry.by.push(user.username);
        entry.last = Math.max(entry.last, like.likedAt);
        liked.set(like.articleId, entry);
      }
    }),
  );
  const { data: shares } = await TeamShareEntity.query
    .byWorkspace({ kind: channel.kind, workspaceId: channel.workspaceId })
    .gte({ sharedAt: since })
    .go({ pages: "all", order: "desc" });
  const likes = [...liked.values()]
    .sort((a, b) => b.by.length - a.by.length || b.last - a.last)
    .map((l) => ({ title: l.title, link: l.link, source: l.source, why: `liked by ${l.by.sort().join(", ")}` }));
  const shared = shares
    .filter((s) => s.sharedAt <= at)
    .map((s) => ({ title: s.title, link: s.link, source: new URL(s.link).hostname, why: `shared by ${s.by}` }));
  // Both kinds get room: the shares keep at least a third of the message when there are likes too.
  const shareRoom = Math.min(
    shared.length,
    Math.max(PICKS_PER_MESSAGE - likes.length, Math.floor(PICKS_PER_MESSAGE / 3)),
  );
  const items = [...likes.slice(0, PICKS_PER_MESSAGE - shareRoom), ...shared.slice(0, shareRoom)];
  return {
    header: CHANNEL_MESSAGES.teamDigestHeader,
    items,
    footer: `Change what is sent: ${siteUrl()}${CHANNELS_SETTINGS_PATH}`,
  };
}

/** Whether a send key is a team digest's (a redelivery rebuilds that message, not the picks). */
export const isTeamDigestKey = (sendKey: string) => sendKey.startsWith("team:");
