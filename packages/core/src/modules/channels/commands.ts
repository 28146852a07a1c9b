import { Resource } from "sst";
import { isConditionFailure, nowSeconds } from "../../adapters/dynamo/index.ts";
import { PLAN_LIMITS, planIncludes } from "../../lib/plans/index.ts";
import { VisibleError } from "../../lib/errors/index.ts";
import { sha256 } from "../../lib/util/index.ts";
import * as Digest from "../digest/index.ts";
import * as Search from "../search/index.ts";
import * as Topics from "../topics/index.ts";
import * as Users from "../users/index.ts";
import { ChannelEntity, CommandNonceEntity } from "./channel.entity.ts";
import { currentPicks } from "./picks.ts";
import { share } from "./share.ts";
import { CHANNEL_MESSAGES, parseCommand, PICKS_PER_MESSAGE, type ChannelKind, type PicksMessage } from "./rules.ts";

const siteUrl = () => Resource.Config.siteUrl.replace(/\/$/, "");

export interface CommandInput {
  kind: ChannelKind;
  workspaceId: string;
  /** The service's id of the channel the command was typed in. */
  channelId?: string;
  userExternalId?: string;
  /** The sender as the service names them (a share says who shared it). */
  userName?: string;
  text: string;
}

/** Whether a command needs graph's data (answered later, through the queue) or is answered at once. */
export const isQuickCommand = (text: string) => parseCommand(text).verb === "help";

/**
 * Who answers for a workspace: the person whose channel the command was typed in, else the one
 * who linked the workspace first. Undefined when nobody linked it.
 */
async function ownerOf(kind: ChannelKind, workspaceId: string, channelId: string | undefined) {
  const { data } = await ChannelEntity.query
    .byWorkspace({ kind, workspaceId })
    .go({ pages: "all", attributes: ["userId", "serviceChannelId", "createdAt"] });
  if (data.length === 0) return undefined;
  const here = channelId ? data.find((c) => c.serviceChannelId === channelId) : undefined;
  return (here ?? [...data].sort((a, b) => a.createdAt - b.createdAt)[0]!).userId;
}

/** Whether anyone linked this workspace or server (a command from elsewhere is told how to link it). */
export async function isLinked(kind: ChannelKind, workspaceId: string): Promise<boolean> {
  return (await ownerOf(kind, workspaceId, undefined)) !== undefined;
}

/**
 * Answers `/graph picks | search <words> | topic <words> | share <link> | help` for the person
 * who linked the workspace: their current picks, graph's search within their plan's coverage,
 * following a topic, sharing a link with the team (org). A workspace nobody linked is told how to link it.
 */
export async function answerCommand(
  input: CommandInput,
  options: { allowPrivateFeeds: boolean } = { allowPrivateFeeds: false },
): Promise<PicksMessage | { text: string }> {
  const { verb, words } = parseCommand(input.text);
  const userId = await ownerOf(input.kind, input.workspaceId, input.channelId);
  if (!userId) return { text: CHANNEL_MESSAGES.notLinked(siteUrl(), input.kind) };
  if (verb === "help") return { text: CHANNEL_MESSAGES.help };
  const user = await Users.byId(userId);
  if (!user || !planIncludes(user.plan, "bot")) return { text: CHANNEL_MESSAGES.noBot };
  switch (verb) {
    case "picks": {
      const { zone } = await Digest.dailyTime(userId);
      const picks = await currentPicks(userId, { zone });
      return picks.items.length > 0 ? picks : { text: CHANNEL_MESSAGES.noPicks };
    }
    case "search": {
      if (words.trim().length < Search.MIN_QUERY_LENGTH) return { text: CHANNEL_MESSAGES.searchEmpty };
      const page = await Search.searchArticles(words, 1, { coverageMs: PLAN_LIMITS[user.plan].coverageMs });
      if (page.results.length === 0) return { text: CHANNEL_MESSAGES.noResults(words) };
      return {
        header: `graph search: ${words}`,
        items: page.results.slice(0, PICKS_PER_MESSAGE).map((hit) => ({
          title: hit.title,
          link: hit.link,
          source: hit.source,
          why: `published ${hit.publication_date.slice(0, 10)}`,
        })),
      };
    }
    case "share":
      return share({
        kind: input.kind,
        workspaceId: input.workspaceId,
        userId,
        by: input.userName,
        words,
        allowPrivate: options.allowPrivateFeeds,
      });
    case "topic": {
      if (!words.trim()) return { text: CHANNEL_MESSAGES.topicEmpty };
      try {
        const added = await Topics.add(userId, [words]);
        const topic = added.find((t) => t.topic.toLowerCase() === words.trim().toLowerCase())?.topic ?? words.trim();
        return { text: CHANNEL_MESSAGES.topicFollowed(topic) };
      } catch (error) {
        // A topic the limits refuse is told why, as the app tells it.
        if (error instanceof VisibleError && error.status < 500) return { text: error.message };
        throw error;
      }
    }
  }
}

/** How long a seen signature is kept: past the five minutes its timestamp is accepted for. */
const NONCE_SECONDS = 10 * 60;

/**
 * Records a signed request's signature as used, in one conditional write: false when it was
 * seen before (a replay), true the first time.
 */
export async function firstUse(signature: string): Promise<boolean> {
  return CommandNonceEntity.create({ nonce: sha256(signature), expiresAt: nowSeconds() + NONCE_SECONDS })
    .go()
    .then(
      () => true,
      (error: unknown) => {
        if (isConditionFailure(error)) return false;
        throw error;
      },
    );
}
